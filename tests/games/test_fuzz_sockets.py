"""Bad input on the live socket, every game, every kind of visitor (hypothesis).

Through the real ASGI stack and consumer, a seated player, a spectator, a person in a full
table's queue and an anonymous visitor send random and malformed messages (non-JSON, huge,
nested, wrong types, NUL and lone surrogates, unknown commands, commands with bad arguments) and
the game's own legal actions mutated (wrong seat, out of range, extra keys, stale or future
version, other types), with valid moves mixed in so that the games go on. After every message
the socket is still open and answers the next one, a refused message got its Portuguese notice
and nothing escaped as an error; only seated players' moves change a game, and at the end each
table's log replays through the rules, from the state the game started with, to the state and
version stored.

Only Dominó seats a queue (at its breaks): at the other games the queued person's `queue_join`
is refused and they stay a signed-in spectator. Each example starts a table of its own (a seed
and a number of moves into its game, so that every example can be replayed), opens fresh sockets
(the per-socket budget of games/consumers.py is not the subject here) and sends up to 25
messages, each followed by a probe whose notice marks the end of its answers; the dice come from
a generator seeded by the move itself, so that a replay throws the same dice. What is sent:
tests/games/fuzz_messages.py; the run: tests/games/fuzz_socket.py.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from django.test import override_settings
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games import rules
from tests.games.fuzz_socket import MODES, NAMES, Fuzz
from tests.properties import EXAMPLES as PROPERTY_EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = PROPERTY_EXAMPLES["socket_fuzz"]


def seeded(apply):
    """The rules' `apply` with dice drawn from the move itself: a replay throws the same ones."""

    def seeded_apply(state, seat, action, rng):
        key = json.dumps([state, seat, action], sort_keys=True, default=repr)
        return apply(state, seat, action, random.Random(key))

    return seeded_apply


@pytest.mark.parametrize("role", ["player", "spectator", "queued", "anonymous"])
@pytest.mark.parametrize("game", sorted(MODES))
def test_random_and_malformed_messages_leave_the_socket_usable_and_the_rules_in_charge(
    game, role, person, site_rng, monkeypatch
):
    people = {name: person(name) for name in (*NAMES, "eva", "fabio")}
    for slug in MODES:
        monkeypatch.setattr(rules.get(slug), "apply", seeded(rules.get(slug).apply))
    fuzz = Fuzz(game, role, people, site_rng)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # shrinking live tables takes too long
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def example(data):
        asyncio.run(fuzz.example(data))

    # Every example opens a table for the same host: more than a person may open in a minute.
    with override_settings(GAMES_TABLE_CREATION_RATE=(10**6, 60)):
        example()
    fuzz.check_logs()
    assert fuzz.messages >= 5 * EXAMPLES
