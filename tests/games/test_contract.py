"""The Game contract (games/rules/base.py, games/presenters/__init__.py): every game offers every
hook the platform calls, its own or the contract's default, so that the platform calls them
without asking whether they are there."""

from __future__ import annotations

from importlib import import_module

import pytest

from games import presenters, rules
from games.rules.base import Rules

PRESENTER_HOOKS = ("context", "hint", "defs", "pause_after", "ended_by", "DRAWS_WITH")
BOT_HOOKS = ("choose", "advise")


@pytest.mark.parametrize("slug", rules.SLUGS)
def test_every_game_offers_every_hook_of_the_contract(slug):
    game = rules.get(slug)
    assert isinstance(game, Rules) and isinstance(game.queue, bool)
    presenter = presenters.get(slug)
    assert [name for name in PRESENTER_HOOKS if not hasattr(presenter, name)] == []
    assert all(isinstance(other, str) for other in presenter.DRAWS_WITH)
    assert isinstance(presenter.pause_after([]), float) and presenter.pause_after([]) == 0.0
    bot = import_module(f"games.bots.{slug}")
    assert [name for name in BOT_HOOKS if not callable(getattr(bot, name, None))] == []


def test_only_domino_seats_a_queue_and_only_at_its_breaks():
    assert [slug for slug in rules.SLUGS if rules.get(slug).queue] == ["domino"]
    hand_end = [{"type": "hand_end"}]
    assert rules.get("domino").breaks(hand_end) == {"at": "hand"}
    assert [slug for slug in rules.SLUGS if rules.get(slug).breaks(hand_end)] == ["domino"]


def test_a_game_drawn_with_another_loads_its_pieces_first():
    from games.rendering import page_assets

    assert page_assets("yams").css == ["games/bozo.css", "games/yams.css"]
    assert page_assets("bozo").css == ["games/bozo.css"]
