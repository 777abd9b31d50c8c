"""The Yam's score-keeper (/yams/marcador/) through the Django test client, as tests/marcador/
drives it: start a game, tap (a POST, then the page it leads to), read the page and the card.
The `game` fixture (a game of three started): tests/marcador/conftest.py."""

import re

from marcador.session import load

URL = "/yams/marcador/"


def start(client, players=("Ana", "Bia", "Caio"), columns="3", max_min=True):
    data = {"form": "setup", "op": "start", "player": list(players), "columns": columns}
    if max_min:
        data["max_min"] = "on"
    return client.post(URL, data)


def tap(client, op, **fields):
    """One tap: a POST answered by a redirect, then the page it leads to."""
    response = client.post(URL, {"op": op, **fields})
    assert response.status_code == 302
    return client.get(URL).content.decode()


def dice(client, *values):
    html = ""
    for value in values:
        html = tap(client, "die", value=value)
    return html


def error(html):
    found = re.search(r'class="mc-error" role="alert">([^<]*)<', html)
    return found and found.group(1)


def banner(html):
    return re.search(r'class="mc-banner[^"]*"[^>]*>([^<]*)<', html).group(1)


def labels(html, prefix):
    return re.findall(rf'aria-label="({prefix}[^"]*)"', html)


def card(client, seat):
    sheet = load(client.session)
    return sheet.state["cards"][seat]
