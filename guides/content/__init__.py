"""Each game's guide ("como jogar"): a package `guides/content/<slug>/` that builds its page
from the real rules engine, so a guide can never contradict the tables.

A package offers:

- `page() -> Page`: everything the guide shows, computed (worked rounds played by the engine
  from fixed seeds or deals, the scoring table, the numbers of the strategy notes, the FAQ);
- `position(number: int) -> Position`: practice position `number` ("Treine"), drawn from the
  engine deterministically from the number (the same number, the same position);
- `judge(position: Position, answer: str) -> Verdict`: the robot's judgement of an answer.

The page itself is a template `guides/<slug>.html` that extends `guides/guide_base.html`.
Worked steps are drawn with the very templates of the live tables (`games.rendering.
game_render`). Module-level work is cached per process with `functools.cache` where it is
costly (a guide's numbers never change while the code does not).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from importlib import import_module
from types import ModuleType
from typing import Any

GUIDES = ("bozo", "domino", "dozito", "yams")


@dataclass(frozen=True)
class Step:
    """One step of a worked round: what the table shows (live templates), what the player
    chose and why, and what it scored (None where nothing is scored)."""

    html: str
    text: str
    score: str = ""


@dataclass(frozen=True)
class Round:
    title: str
    intro: str
    steps: tuple[Step, ...]
    # What the round shows (e.g. "Full com bônus de boca"): checked by the tests.
    covers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question:
    question: str
    answer: str


@dataclass(frozen=True)
class Page:
    description: str  # the meta description (one or two sentences)
    rounds: tuple[Round, ...]
    faq: tuple[Question, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # anything else the template shows


@dataclass(frozen=True)
class Position:
    number: int
    html: str  # the position, drawn with the live templates
    question: str
    choices: tuple[tuple[str, str], ...]  # (value, label) of each possible answer
    data: dict[str, Any] = field(default_factory=dict)  # what `judge` needs


@dataclass(frozen=True)
class Verdict:
    best: bool  # the answer is the robot's own choice (or as good)
    text: str  # the robot's judgement, in plain Portuguese


_REFERENCE = re.compile(
    r'\b(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"|href="#([^"]+)"'
)


def scoped(html: str, prefix: str) -> str:
    """`html` with every id it defines, and every reference to one, prefixed: the live
    templates' ids (bozo-dado-0…) stay unique when a guide draws many steps on one page."""
    defined = set(re.findall(r'\bid="([^"]+)"', html))

    def rename(match: re.Match) -> str:
        if match.group(3) is not None:
            target = match.group(3)
            return f'href="#{prefix}-{target}"' if target in defined else match.group(0)
        names = [f"{prefix}-{name}" if name in defined else name for name in match.group(2).split()]
        return f'{match.group(1)}="{" ".join(names)}"'

    return _REFERENCE.sub(rename, html)


def with_unique_ids(page: Page) -> Page:
    """The page with each step's ids scoped to its round and step."""
    rounds = tuple(
        replace(
            round_,
            steps=tuple(
                replace(step, html=scoped(step.html, f"r{r}p{s}"))
                for s, step in enumerate(round_.steps, start=1)
            ),
        )
        for r, round_ in enumerate(page.rounds, start=1)
    )
    return replace(page, rounds=rounds)


def get(slug: str) -> ModuleType | None:
    if slug not in GUIDES:
        return None
    try:
        return import_module(f"guides.content.{slug}")
    except ModuleNotFoundError:
        return None
