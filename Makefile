# The two commands: `make run` serves the site, `make test` runs the whole suite.
# Both need only Python 3.11 on the machine; they build .venv themselves.

PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench screenshots lint format migrate superuser clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Preciso de $(PYTHON) (Python 3.11) no PATH."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps: reinstall only when pyproject.toml changes, so a second run is fast.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install --quiet ".[dev]"
	@touch $@

run: export DEBUG ?= 1
run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --no-input
	@echo ""
	@echo "  Bozó · Um lugar à mesa: http://$(HOST):$(PORT)/"
	@echo "  Para criar um administrador (em outro terminal):"
	@echo "    DEBUG=1 $(BIN)/python manage.py createsuperuser"
	@echo "  e entre em http://$(HOST):$(PORT)/admin/"
	@echo ""
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# The whole suite on four workers (pytest-xdist): most of a browser or server test is a round
# trip through other processes (browser, live server, database), so on two cores two workers
# left the cores idle a sixth of the time. tests/conftest.py keeps a file that shares a browser on
# one worker, and the tests that start servers of their own on one. One folder or test:
# `make test TESTS=tests/rules`.
WORKERS ?= 4
TESTS ?=
test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup $(TESTS)

# Benchmarks live in tests/bench/bench_*.py; they print their figures and assert no timings.
bench: $(VENV)/.installed-dev
	@if ls tests/bench/bench_*.py >/dev/null 2>&1; then \
		$(BIN)/python -m pytest tests/bench -o python_files="bench_*.py" -s -q; \
	else \
		echo "Ainda não há benchmark: tests/bench/ não tem nenhum bench_*.py."; \
	fi

# The README's screenshots (docs/*.png), from the site as it is now.
screenshots: $(VENV)/.installed-dev
	$(BIN)/python -m pytest tests/e2e/shots_readme.py -o python_files="shots_*.py" -q -n 0

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Rebuilds locale/pt_BR/LC_MESSAGES/django.po from every text the site wraps (Python, Django
# templates, Jinja2 partials) and compiles the .mo: rerun it after adding or changing a text.
.PHONY: messages
messages: $(VENV)/.installed-dev
	DEBUG=1 $(BIN)/python manage.py catalogue

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
