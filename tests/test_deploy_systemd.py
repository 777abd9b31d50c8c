"""The deployment's systemd units (deploy/systemd/) hold together: with each other and the code.

The units start modules, arguments and management commands that exist, run unprivileged with the
limits production needs; the timers start existing one-shot services daily; every unit belongs to
the target. `systemd-analyze verify` runs where the machine has it. The rest of deploy/: the
other tests/test_deploy_*.py.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import get_commands

from tests.deploy_files import INSTALLED, PYTHON, REPO, UNITS, one, values

SERVICES = sorted(p.name for p in UNITS.glob("*.service"))
TIMERS = sorted(p.name for p in UNITS.glob("*.timer"))
LONG_RUNNING = ["bozo-daphne@.service", "bozo-sweeper.service"]


def test_the_expected_units_are_there():
    assert set(SERVICES) >= {
        "bozo-daphne@.service",
        "bozo-sweeper.service",
        "bozo-cleanup.service",
        "bozo-backup.service",
    }
    assert set(TIMERS) >= {"bozo-cleanup.timer", "bozo-backup.timer"}
    assert (UNITS / "bozo.target").is_file()


def test_daphne_runs_config_serve_behind_the_proxy_with_arguments_daphne_takes():
    from daphne.cli import CommandLineInterface

    argv = one("bozo-daphne@.service", "Service", "ExecStart").split()
    assert argv[:3] == [PYTHON, "-m", "config.serve"]
    assert importlib.util.find_spec("config.serve") is not None
    args = CommandLineInterface().parser.parse_args([arg.replace("%i", "8001") for arg in argv[3:]])
    assert args.proxy_headers
    assert (args.host, args.port) == ("127.0.0.1", 8001)  # only nginx reaches it
    module, attribute = args.application.split(":")
    assert hasattr(importlib.import_module(module), attribute)


@pytest.mark.parametrize("name", LONG_RUNNING)
def test_long_running_services_restart_always_and_may_open_many_sockets(name):
    assert one(name, "Service", "Restart") == "always"
    if name.startswith("bozo-daphne"):
        assert int(one(name, "Service", "LimitNOFILE")) >= 65536


@pytest.mark.parametrize("name", SERVICES)
def test_every_service_runs_unprivileged_from_the_checkout_with_the_environment_file(name):
    assert one(name, "Service", "User") not in {"", "root", "0"}
    assert one(name, "Service", "EnvironmentFile") == "/etc/bozo/bozo.env"
    assert one(name, "Service", "WorkingDirectory") == INSTALLED
    assert one(name, "Service", "NoNewPrivileges") == "yes"
    assert one(name, "Service", "ProtectSystem") == "strict"
    assert one(name, "Service", "PrivateTmp") == "yes"


@pytest.mark.parametrize("name", SERVICES)
def test_every_command_a_service_runs_exists(name):
    commands = get_commands()
    for command in values(name, "Service", "ExecStart"):
        argv = command.split()
        if argv[0] == PYTHON and argv[1] == "manage.py":
            assert argv[2] in commands, f"{name}: no management command {argv[2]!r}"
        elif argv[0] == PYTHON:
            assert argv[1] == "-m" and importlib.util.find_spec(argv[2]), command
        else:
            script = REPO / Path(argv[0]).relative_to(INSTALLED)
            assert script.is_file() and os.access(script, os.X_OK), f"{name}: {argv[0]}"


def test_the_daily_cleanup_removes_old_tables_then_expired_sessions():
    commands = [c.split()[2] for c in values("bozo-cleanup.service", "Service", "ExecStart")]
    assert commands == ["cleanup_tables", "clearsessions"]
    assert one("bozo-cleanup.service", "Service", "Type") == "oneshot"


@pytest.mark.parametrize("name", TIMERS)
def test_every_timer_starts_an_existing_one_shot_service_daily(name):
    service = one(name, "Timer", "Unit")
    assert service in SERVICES
    assert one(service, "Service", "Type") == "oneshot"
    assert re.fullmatch(r"\*-\*-\* \d\d:\d\d:\d\d|daily", one(name, "Timer", "OnCalendar"))
    assert one(name, "Timer", "Persistent") == "true"


@pytest.mark.parametrize("name", [*SERVICES, *TIMERS])
def test_every_unit_belongs_to_the_target(name):
    wanted = [target for line in values(name, "Install", "WantedBy") for target in line.split()]
    part_of = values(name, "Unit", "PartOf")
    if name in LONG_RUNNING or name in TIMERS:
        assert "bozo.target" in wanted and part_of == ["bozo.target"]
    for target in [*wanted, *part_of]:
        assert target in {"multi-user.target", "timers.target"} or (UNITS / target).is_file()


def test_systemd_accepts_the_units(tmp_path):
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed")
    for path in UNITS.iterdir():  # as installed, with the checkout where this one is
        text = path.read_text().replace(INSTALLED, str(REPO))
        name = path.name.replace("@.service", "@8001.service")
        (tmp_path / name).write_text(text)
    units = sorted(str(p) for p in tmp_path.iterdir())
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *units],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    complaints = [line for line in done.stderr.splitlines() if str(tmp_path) in line]
    assert done.returncode == 0 and not complaints, done.stderr
