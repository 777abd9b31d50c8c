"""The score-keeper's game lives in the visitor's session, account or not: one game per session,
and a message kept for the page after a redirect."""

from __future__ import annotations

from django.contrib.sessions.backends.base import SessionBase

from games.rules.base import IllegalAction
from marcador.cleaning import clean_names, clean_options, clean_pending
from marcador.sheet import BROKEN, BadInput, Sheet

KEY = "marcador"


def load(session: SessionBase) -> Sheet | None:
    """The game in this session, or None; a session that does not replay is dropped."""
    data = session.get(KEY)
    if data is None:
        return None
    try:
        sheet = Sheet(
            players=clean_names(data["players"]),
            options=clean_options(data["options"]["columns"], data["options"]["max_min"]),
            entries=list(data["entries"]),
            saved=data.get("saved") if type(data.get("saved")) is int else None,
        )
        sheet.replay()
    except (BadInput, IllegalAction, KeyError, TypeError, ValueError, AttributeError):
        del session[KEY]
        flash(session, BROKEN)
        return None
    sheet.pending = clean_pending(data.get("pending"), sheet)
    return sheet


def store(session: SessionBase, sheet: Sheet) -> None:
    session[KEY] = sheet.to_session()


def flash(session: SessionBase, message: str) -> None:
    session[f"{KEY}_error"] = message


def take_flash(session: SessionBase) -> str:
    return session.pop(f"{KEY}_error", "")
