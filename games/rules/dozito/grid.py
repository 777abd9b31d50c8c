"""A Dozito grid: the twelve slots in three rows of four, its groups, and what it scores.

From the Dozito page (seed 002_be05d767234eac8d.txt) and issue #5: slots 1-12 make three rows of
four; groups are face-up cards of one colour joined orthogonally. A round scores `GROUP_POINTS`
per group plus one point per sun, face-up cards only. Twelve face-up cards of one colour win the
game at once.
"""

from __future__ import annotations

from typing import Any

from games.rules.dozito.cards import SLOTS

Grid = list[dict[str, Any]]

COLUMNS = 4  # three rows of four: 1-4, 5-8, 9-12
GROUP_POINTS = {1: 0, 2: 2, 3: 5, 4: 10, 5: 16, 6: 25, 7: 35, 8: 45, 9: 55, 10: 65, 11: 75}
TWELVE = 12  # twelve face-up cards of one colour win the game at once
POINTS_PER_SUN = 1


def sides(slot: int) -> tuple[tuple[str, int | None], ...]:
    """The four sides of `slot` (top, right, bottom, left) and the slot across each, None off the
    grid of three rows of four."""
    left = slot - 1 if (slot - 1) % COLUMNS else None
    right = slot + 1 if slot % COLUMNS else None
    up, down = slot - COLUMNS, slot + COLUMNS
    return (
        ("t", up if up in SLOTS else None),
        ("r", right),
        ("b", down if down in SLOTS else None),
        ("l", left),
    )


SIDES = {slot: sides(slot) for slot in SLOTS}  # each view scores every grid: made once
NEIGHBOURS = {slot: tuple(near for _side, near in SIDES[slot] if near) for slot in SLOTS}


def groups(grid: Grid) -> list[list[int]]:
    """The groups of face-up cards of one colour joined orthogonally, as lists of slots."""
    found, seen = [], set()
    for start in SLOTS:
        if start in seen or not grid[start - 1]["up"]:
            continue
        colour = grid[start - 1]["card"]["colour"]
        group, todo = [], [start]
        seen.add(start)
        while todo:
            slot = todo.pop()
            group.append(slot)
            for near in NEIGHBOURS[slot]:
                cell = grid[near - 1]
                if near not in seen and cell["up"] and cell["card"]["colour"] == colour:
                    seen.add(near)
                    todo.append(near)
        found.append(sorted(group))
    return found


def twelve_of(grid: Grid) -> str | None:
    """The colour of a grid of twelve face-up cards of one colour, or None."""
    colours = {cell["card"]["colour"] for cell in grid if cell["up"]}
    if len(grid) == TWELVE and all_up(grid) and len(colours) == 1:
        return colours.pop()
    return None


def all_up(grid: Grid) -> bool:
    return bool(grid) and all(cell["up"] for cell in grid)


def grid_score(grid: Grid) -> dict[str, Any]:
    """What the face-up cards of `grid` score: the group table plus the suns."""
    sizes = sorted((len(g) for g in groups(grid)), reverse=True)
    suns = sum(cell["card"]["suns"] for cell in grid if cell["up"])
    points = sum(GROUP_POINTS[size] for size in sizes) + POINTS_PER_SUN * suns
    return {"groups": sizes, "suns": suns, "points": points}


def live_points(grid: Grid) -> int | None:
    """What a grid's face-up cards score now, for the view; None for no grid (a player out
    before the deal) and for twelve of one colour (the game is won: no table value)."""
    return grid_score(grid)["points"] if grid and not twelve_of(grid) else None
