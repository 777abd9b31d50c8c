"""Each person's expected final score along the game, drawn as a server-side SVG: one line per
person, each with its own dash and marker as well as its colour, and its numbers in a table
for whoever does not see the drawing."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace

# In the drawing's own units: a phone shows it about this size, so its numbers stay legible.
WIDTH, HEIGHT = 320, 160
LEFT, RIGHT, TOP, BOTTOM = 30, 8, 8, 20  # room for the axes' numbers
STYLES = 4  # the lines' looks (analysis.css: .chart__line--0 to --3), repeated past four


def chart(people: Sequence[SimpleNamespace]) -> SimpleNamespace | None:
    """`people`: each with `name` and `series` ([[step, expected], ...]); None with no point."""
    points = [point for person in people for point in person.series]
    if not points:
        return None
    steps = [step for step, _ in points]
    values = [value for _, value in points]
    x0, x1 = min(steps), max(max(steps), min(steps) + 1)
    y0, y1 = _nice_range(min(values), max(values))

    # Coordinates as text here: a template would write a float the Brazilian way, "12,5".
    def x(step: float) -> str:
        return f"{LEFT + (step - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT):.1f}"

    def y(value: float) -> str:
        return f"{TOP + (y1 - value) / (y1 - y0) * (HEIGHT - TOP - BOTTOM):.1f}"

    lines = [
        SimpleNamespace(
            name=person.name,
            style=i % STYLES,
            points=" ".join(f"{x(s)},{y(v)}" for s, v in person.series),
            dots=[SimpleNamespace(x=x(s), y=y(v)) for s, v in person.series],
        )
        for i, person in enumerate(people)
        if person.series
    ]
    ticks = [SimpleNamespace(value=v, y=y(v)) for v in _ticks(y0, y1)]
    return SimpleNamespace(
        width=WIDTH,
        height=HEIGHT,
        lines=lines,
        ticks=ticks,
        left=LEFT,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
        first=x0,
        last=x1,
    )


def _nice_range(low: float, high: float) -> tuple[float, float]:
    step = _step(high - low)
    low = (low // step) * step
    high = -((-high) // step) * step
    return (low, high) if high > low else (low - step, high + step)


def _step(span: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 2000


def _ticks(low: float, high: float) -> list[int]:
    step = _step(high - low)
    count = round((high - low) / step)
    return [int(low + i * step) for i in range(count + 1)]
