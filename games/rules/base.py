"""The Game contract every rules module follows, and the helpers they share.

Pure Python, no Django: the site, the robots and the guides drive the rules through `get(slug)`
and the seven verbs below, and the platform's hooks (`Rules`: each with the answer of a game
that needs none), and nothing else. State is a plain JSON-serializable dict; the rules
keep nothing in the module objects. Randomness comes only from the `rng` argument.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


# The refusal of a move out of turn names nobody: the rules know seats by number, the table by
# nickname or robot, and the page already shows whose turn it is.
NOT_YOUR_TURN = "Não é a sua vez."


class IllegalAction(Exception):
    """An action the rules do not allow. The message is Portuguese and shown to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Game(Protocol):
    slug: str
    name: str
    min_seats: int
    max_seats: int
    # The events that are a player's own move (a box scored, a tile laid), not what comes of it:
    # what a robot did in an absent person's name is told from these (games/absence.py).
    move_events: frozenset[str]

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]: ...

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State: ...

    def to_act(self, state: State) -> list[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: State) -> dict[str, Any] | None: ...

    # The platform's hooks, with their defaults in `Rules`.
    queue: bool

    def canonical(self, state: State, seat: int, action: Any) -> Any: ...

    def breaks(self, events: Sequence[Event]) -> dict[str, Any] | None: ...

    def make_room(
        self, at: Mapping[str, Any], people: Sequence[int], waiting: int, rng: random.Random
    ) -> tuple[list[int], list[Event]]: ...

    def rematch(
        self, seats: int, options: Mapping[str, Any], rng: random.Random
    ) -> tuple[State, list[Event]]: ...


class Rules:
    """What the platform asks of a game beyond the seven verbs, answered as for a game that has
    none of it: every game's class derives from this and overrides what it has."""

    # Whether a full table takes a queue of people, seated at the game's breaks.
    queue: bool = False

    def canonical(self, state: State, seat: int, action: Any) -> Any:
        """The action as `legal_actions` names it, from a shorter form a page may send (a tap
        on one die, in the dice games): what `apply` is given and the log keeps. By default the
        action as it came; one that is malformed is `apply`'s to refuse."""
        return action

    def breaks(self, events: Sequence[Event]) -> dict[str, Any] | None:
        """The break a move's events open, where the queue sits, or None: {"at": "hand"} (the
        game goes on after it) or {"at": "match", ...} (the game is over; a new one starts when
        the break changed the table's people)."""
        return None

    def make_room(
        self, at: Mapping[str, Any], people: Sequence[int], waiting: int, rng: random.Random
    ) -> tuple[list[int], list[Event]]:
        """At a break where no robot's seat was there for the queue, the seats (of `people`, the
        seats people hold) whose players go to the end of the queue for the `waiting` people,
        in order, and the events that say how they were chosen. By default, nobody."""
        return [], []

    def rematch(
        self, seats: int, options: Mapping[str, Any], rng: random.Random
    ) -> tuple[State, list[Event]]:
        """A new game at the same table, after a break that changed its people."""
        return self.setup(seats, options, rng), [event("new_game", "Começa um jogo novo.")]


def resolve_options(
    declared: Mapping[str, tuple[Any, tuple[Any, ...]]], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The full option dict: defaults filled in, unknown names and values refused."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise IllegalAction(f"Opção desconhecida: {', '.join(unknown)}.")
    resolved = {}
    for name, (default, allowed) in declared.items():
        value = given.get(name, default)
        # bool is an int in Python: compare types too, so True never passes for 1.
        if not any(value == ok and type(value) is type(ok) for ok in allowed):
            shown = ", ".join(
                str(ok).lower() if isinstance(ok, bool) else str(ok) for ok in allowed
            )
            raise IllegalAction(f"Valor inválido para a opção {name}: use {shown}.")
        resolved[name] = value
    return resolved


def check_seats(game: Game, seats: Any) -> int:
    if type(seats) is not int or not game.min_seats <= seats <= game.max_seats:
        if game.min_seats == game.max_seats:
            raise IllegalAction(f"{game.name} se joga com {game.min_seats} lugares.")
        raise IllegalAction(f"{game.name} se joga com {game.min_seats} a {game.max_seats} lugares.")
    return seats


def action_type(action: Any, allowed: Iterable[str]) -> str:
    """The action's "type", after checking the action is a dict with a known type."""
    if not isinstance(action, Mapping):
        raise IllegalAction("Jogada malformada: esperava um objeto com o campo “type”.")
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise IllegalAction("Jogada malformada: falta o tipo da jogada.")
    if kind not in set(allowed):
        raise IllegalAction(f"Jogada desconhecida: {kind}.")
    return kind


def check_keys(action: Mapping[str, Any], *keys: str) -> None:
    """Refuse fields the action type does not take, so typos never pass silently."""
    extra = sorted(set(action) - {"type", *keys})
    if extra:
        raise IllegalAction(f"Campo inesperado na jogada: {', '.join(extra)}.")


def check_seat(state: State, seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < state["seats"]:
        raise IllegalAction("Esse lugar não existe nesta mesa.")
    return seat


def clone(value: Any) -> Any:
    """A deep copy of JSON-like data: `apply` works on it so that a refused action leaves
    `state` untouched. Walking dicts and lists is about three times faster than deepcopy."""
    if isinstance(value, dict):
        return {key: clone(item) for key, item in value.items()}
    if isinstance(value, list):
        return [clone(item) for item in value]
    return value


def player(seat: int) -> str:
    """How event texts name a seat; the site shows the nickname instead (games/render.py)."""
    return f"Jogador {seat + 1}"


_PLAYER = re.compile(r"\b(do |o )?Jogador (\d+)")


def with_names(text: str, names: Sequence[str]) -> str:
    """The rules say "Jogador 2", the table the nickname: "Vez do Jogador 2" -> "Vez de Ana"."""

    def name(match: re.Match) -> str:
        index = int(match.group(2)) - 1
        if not 0 <= index < len(names):
            return match.group(0)
        article = {"do ": "de ", "o ": ""}.get(match.group(1) or "", "")
        return article + names[index]

    return _PLAYER.sub(name, text)


def points_phrase(n: int) -> str:
    """A number of points as the log says it: "1 ponto", "0 pontos", "74 pontos"."""
    return f"{n} ponto" if n == 1 else f"{n} pontos"


def event(kind: str, text: str, **fields: Any) -> Event:
    return {"type": kind, "text": text, **fields}
