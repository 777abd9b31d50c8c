"""The deployment files (deploy/) as tests/test_deploy_*.py read them: where they are and where
the units and the nginx site expect the checkout, a systemd unit's keys and values, and a test
certificate for nginx."""

from __future__ import annotations

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
UNITS = DEPLOY / "systemd"
SITE = DEPLOY / "nginx" / "bozo.conf"
ENV_EXAMPLE = DEPLOY / "bozo.env.example"
INSTALLED = "/srv/bozo"  # where the units and the nginx site expect the checkout
PYTHON = f"{INSTALLED}/.venv/bin/python"


def unit(name: str) -> dict[str, list[tuple[str, str]]]:
    """A unit file as {section: [(key, value), ...]}, repeated keys kept in order."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for raw in (UNITS / name).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            assert line.endswith("]"), (name, line)
            current = sections.setdefault(line[1:-1], [])
            continue
        assert current is not None and "=" in line, (name, line)
        key, value = line.split("=", 1)
        current.append((key.strip(), value.strip()))
    return sections


def values(name: str, section: str, key: str) -> list[str]:
    return [v for k, v in unit(name).get(section, []) if k == key]


def one(name: str, section: str, key: str) -> str:
    found = values(name, section, key)
    assert len(found) == 1, f"{name}: [{section}] {key} = {found}"
    return found[0]


def _certificate(tmp_path: Path, openssl: str) -> tuple[Path, Path]:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=bozo.example.com", "-keyout", str(key), "-out", str(cert)],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    return cert, key
