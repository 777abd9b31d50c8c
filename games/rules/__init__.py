"""The rules of the site's games: pure Python, no Django anywhere below this package.

`get(slug)` returns the game object that follows the contract in `base.py`: one of the site's
four, or one `register` added (the tests' fifth game).
"""

from __future__ import annotations

import functools
from importlib import import_module

from games.rules.base import Game, IllegalAction

__all__ = ["SLUGS", "Game", "IllegalAction", "get", "register", "unregister"]

_MODULES = {
    "bozo": "games.rules.bozo",
    "domino": "games.rules.domino",
    "dozito": "games.rules.dozito",
    "yams": "games.rules.yams",
}
SLUGS = tuple(_MODULES)
_REGISTERED: dict[str, Game] = {}


def register(game: Game) -> None:
    _REGISTERED[game.slug] = game


def unregister(slug: str) -> None:
    _REGISTERED.pop(slug, None)


def get(slug: str) -> Game:
    """The game registered under `slug`; LookupError for an unknown one."""
    try:
        if slug in _REGISTERED:
            return _REGISTERED[slug]
        module = _MODULES[slug]
    except (KeyError, TypeError):
        raise LookupError(f"Jogo desconhecido: {slug!r}") from None
    return _game(module)


@functools.cache  # a render asks for its game a few times: no import machinery each time
def _game(module: str) -> Game:
    return import_module(module).GAME
