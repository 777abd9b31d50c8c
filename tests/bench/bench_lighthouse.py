"""Lighthouse's mobile profile over the public pages (`make bench`, issue #29), served as
production serves them: `python -m config.serve` (daphne), DEBUG off, the static files from
collectstatic (hashed names, each with its .gz, as nginx's gzip_static sends them; here
servestatic sends the same files), over HTTPS with HTTP/2, as deploy/nginx/bozo.conf answers a
browser (daphne's own TLS endpoint, a certificate made by trustme for this run). Lighthouse's
simulation counts a new connection for each file that HTTP/1.1 fetches in parallel, where HTTP/2
sends them all over one. Printed, never asserted: what is asserted is that each page answered
and Lighthouse ran.

Lighthouse is a Node program, not a Python package: it is skipped unless found.

    npm install --prefix /tmp/lh lighthouse@12
    LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse .venv/bin/python -m pytest \
        tests/bench/bench_lighthouse.py -o python_files="bench_*.py" -s -q

Environment:
    LIGHTHOUSE=path          the lighthouse program (else `lighthouse` on the PATH)
    CHROME_PATH=path         the browser it drives (else /usr/bin/chromium)
    BENCH_LIGHTHOUSE_REPO=   serve from another checkout (its own .venv is not needed): the
                             figures of the commit before a change, in the same session
    BENCH_LIGHTHOUSE_RUNS=3  runs per page; the median run by performance score is printed
    BENCH_LIGHTHOUSE_PAGES=  only these paths, comma-separated (say, the guides)
    BENCH_LIGHTHOUSE_HTTP1=1 plain HTTP/1.1 instead, as daphne answers without nginx
"""

from __future__ import annotations

import json
import os
import shutil
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
import trustme

from tests.servers import free_port

REPO = Path(os.environ.get("BENCH_LIGHTHOUSE_REPO", "").strip() or Path(__file__).parents[2])
PAGES = (
    "/",
    "/jogar/",
    "/como-jogar/",
    "/como-jogar/bozo/",
    "/como-jogar/domino/",
    "/como-jogar/dozito/",
    "/como-jogar/yams/",
    "/sobre/",
    "/privacidade/",
    "/conta/login/",
    "/conta/signup/",
)
PAGES = (
    tuple(os.environ.get("BENCH_LIGHTHOUSE_PAGES", "").split(","))
    if os.environ.get("BENCH_LIGHTHOUSE_PAGES")
    else PAGES
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
ASGI = "config.asgi:application"
RUNS = int(os.environ.get("BENCH_LIGHTHOUSE_RUNS", "3"))
HTTP1 = os.environ.get("BENCH_LIGHTHOUSE_HTTP1") == "1"


def lighthouse() -> str | None:
    return os.environ.get("LIGHTHOUSE") or shutil.which("lighthouse")


def environment(workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-not-for-production-0123456789abcdef",
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",  # nginx ends TLS in production; here it is plain HTTP
        DATABASE_URL=f"sqlite:///{workdir / 'lighthouse.sqlite3'}",
        SERVE_WARM="1",
    )
    env.pop("REDIS_URL", None)
    return env


def manage(env: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args, "--no-input", "-v", "0"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def endpoint(workdir: Path, port: int) -> tuple[list[str], ssl.SSLContext | None]:
    """daphne's arguments to listen on `port`, and what trusts its certificate."""
    if HTTP1:
        return ["-b", "127.0.0.1", "-p", str(port)], None
    ca = trustme.CA()
    pem = workdir / "server.pem"
    ca.issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(pem)
    trust = ssl.create_default_context()
    ca.configure_trust(trust)
    return ["-e", f"ssl:{port}:interface=127.0.0.1:privateKey={pem}:certKey={pem}"], trust


def listening(url: str, process: subprocess.Popen, trust: ssl.SSLContext | None) -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        assert process.poll() is None, "o servidor parou"
        try:
            with urllib.request.urlopen(url, timeout=30, context=trust) as response:  # noqa: S310
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("o servidor não respondeu")


def audit(program: str, url: str, out: Path) -> dict:
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    for _attempt in range(3):  # Lighthouse's own advice when a busy machine spoils its trace
        done = subprocess.run(
            [
                program,
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                f"--only-categories={','.join(CATEGORIES)}",
                # The certificate of this run only: no authority that Chromium knows signed it.
                "--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors",
            ],
            env={**os.environ, "CHROME_PATH": chrome},
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        if "Please run Lighthouse again" not in done.stderr:
            break
    assert done.returncode == 0, f"{url}\n{done.stderr[-3000:]}"
    report = json.loads(out.read_text())
    audits = report["audits"]
    return {
        **{c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES},
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt": audits["total-blocking-time"]["numericValue"],
        "kib": audits["total-byte-weight"]["numericValue"] / 1024,
        "html_kib": next(
            (
                item["transferSize"] / 1024
                for item in audits["network-requests"]["details"]["items"]
                if item["url"] == url
            ),
            0.0,
        ),
        "dom": audits["dom-size"]["numericValue"],
        "protocol": audits["network-requests"]["details"]["items"][0].get("protocol", "?"),
    }


@pytest.mark.timeout(3600)
@pytest.mark.skipif(lighthouse() is None, reason="sem Lighthouse: veja o docstring")
def test_lighthouse_mobile_profile_on_the_public_pages():
    workdir = Path(tempfile.mkdtemp(prefix="bench-lighthouse-"))
    env = environment(workdir)
    manage(env, "migrate")
    manage(env, "collectstatic", "--clear")
    port = free_port()
    listen, trust = endpoint(workdir, port)
    log = (workdir / "daphne.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "config.serve", *listen, ASGI],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"{'http' if HTTP1 else 'https'}://127.0.0.1:{port}"
    try:
        listening(base + "/", process, trust)
        print(f"\nLighthouse (perfil móvel), {REPO}, mediana de {RUNS} execuções por página")
        print(
            f"{'página':<22}{'perf':>5}{'a11y':>5}{'bp':>5}{'seo':>5}"
            f"{'LCP s':>7}{'TBT ms':>8}{'HTML KiB':>9}{'total KiB':>10}{'DOM':>6}"
        )
        for path in PAGES:
            runs = [audit(lighthouse(), base + path, workdir / f"r{i}.json") for i in range(RUNS)]
            runs.sort(key=lambda r: r["performance"])
            r = runs[len(runs) // 2]
            print(
                f"{path:<22}{r['performance']:>5}{r['accessibility']:>5}"
                f"{r['best-practices']:>5}{r['seo']:>5}{r['lcp']:>7.2f}{r['tbt']:>8.0f}"
                f"{r['html_kib']:>9.1f}{r['kib']:>10.1f}{r['dom']:>6.0f}"
            )
            assert r["protocol"] == ("http/1.1" if HTTP1 else "h2"), r["protocol"]
            spread = [x["performance"] for x in runs]
            if len(spread) > 1 and statistics.pstdev(spread) > 3:
                print(f"{'':<22}(desempenho variou: {spread})")
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)
