"""The rules of the site's games: pure Python, no Django anywhere below this package.

`get(slug)` returns the game object that follows the contract in `base.py`.
"""

from __future__ import annotations

from importlib import import_module

from games.rules.base import Game, IllegalAction

__all__ = ["SLUGS", "Game", "IllegalAction", "get"]

_MODULES = {
    "bozo": "games.rules.bozo",
    "domino": "games.rules.domino",
    "dozito": "games.rules.dozito",
    "yams": "games.rules.yams",
}
SLUGS = tuple(_MODULES)


def get(slug: str) -> Game:
    """The game registered under `slug`; LookupError for an unknown one."""
    try:
        module = _MODULES[slug]
    except (KeyError, TypeError):
        raise LookupError(f"Jogo desconhecido: {slug!r}") from None
    return import_module(module).GAME
