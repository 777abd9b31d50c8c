"""The live-table fixtures of tests/games (a duel in progress, its two people) for the in-process
recovery tests."""

from tests.games.conftest import duel, users  # noqa: F401 - fixtures
