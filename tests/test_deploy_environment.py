"""The deployment's environment: every variable of deploy/bozo.env.example is read by
config/settings.py (or config/serve.py) and listed in the README's table, and the other way
round; the example is set for production."""

from __future__ import annotations

import re

from tests.deploy_files import ENV_EXAMPLE, REPO


def example_variables() -> set[str]:
    """Set (NAME=...) or documented but left at the default (# NAME=...)."""
    found = re.findall(r"^(?:# ?)?([A-Z][A-Z0-9_]*)=", ENV_EXAMPLE.read_text(), flags=re.M)
    return set(found)


def settings_variables() -> set[str]:
    """The variables read by the settings, and by `python -m config.serve` before them."""
    text = "".join((REPO / "config" / name).read_text() for name in ("settings.py", "serve.py"))
    reads = r"(?:os\.environ\.get|os\.getenv|os\.environ\[|env_[a-z]+)\(?\s*\"([A-Z][A-Z0-9_]*)\""
    return set(re.findall(reads, text))


def readme_variables() -> set[str]:
    text = (REPO / "README.md").read_text()
    section = text.split("## Configuração", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", row.split("|")[1])}


def test_the_environment_example_settings_and_readme_name_the_same_variables():
    example, read, documented = example_variables(), settings_variables(), readme_variables()
    assert "TRUSTED_PROXY_COUNT" in read
    assert example - read == set(), "in deploy/bozo.env.example, never read by config/settings.py"
    assert read - example == set(), "read by config/settings.py, missing in bozo.env.example"
    assert read - documented == set(), "read by config/settings.py, missing in the README's table"
    assert documented - read == set(), "in the README's table, never read by config/settings.py"


def test_the_environment_example_is_set_for_production():
    active = dict(
        line.split("=", 1)
        for line in ENV_EXAMPLE.read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert active["TRUSTED_PROXY_COUNT"] == "1"
    assert active["DATABASE_URL"].startswith("postgres://")
    assert active["REDIS_URL"].startswith("redis://")
    assert "DEBUG" not in active
    assert active["CSRF_TRUSTED_ORIGINS"].startswith("https://")
