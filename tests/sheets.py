"""A saved score-keeper sheet, shared by the account history's tests and the browser's."""

from __future__ import annotations

from games.rules import yams
from marcador.models import ScoreSheet


def saved_sheet(user) -> ScoreSheet:
    """A finished Yam's score-keeper game of two friends, saved by `user`: Caio 50, Duda 30."""
    state = yams.GAME.setup(2, {"columns": 1, "max_min": False}, None)
    boxes = state["boxes"]
    for turn in range(len(boxes) * 2):
        seat, box = turn % 2, boxes[turn // 2]
        points = {"yams": 50} if seat == 0 else {"pequena": 30}
        state, _ = yams.record(state, seat, "livre", box, points=points.get(box, 0))
    return ScoreSheet.objects.create(
        user=user, players=["Caio", "Duda"], options=state["options"], state=state
    )
