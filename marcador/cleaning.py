"""What the score-keeper accepts from a form or a session: names, options, what was tapped, a
box and a number. A refusal is a `BadInput` in Portuguese, shown to the player."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.rules.dice import DICE
from marcador.sheet import MAX_PLAYERS, BadInput, Pending, Sheet

NAME_MAX = 20
COLUMN_CHOICES = (1, 3, 4)


def clean_names(names: Any) -> list[str]:
    if not isinstance(names, list) or any(type(name) is not str for name in names):
        raise BadInput(_("Informe o nome de cada jogador."))
    names = [" ".join(name.split()) for name in names]
    if not names or len(names) > MAX_PLAYERS:
        raise BadInput(_("O marcador aceita de 1 a %(n)d jogadores.") % {"n": MAX_PLAYERS})
    if any(not name for name in names):
        raise BadInput(_("Dê um nome a cada jogador (ou remova a linha vazia)."))
    if any(len(name) > NAME_MAX for name in names):
        raise BadInput(_("Cada nome pode ter até %(n)d caracteres.") % {"n": NAME_MAX})
    if len({name.casefold() for name in names}) != len(names):
        raise BadInput(_("Dois jogadores com o mesmo nome: diferencie-os."))
    return names


def clean_options(columns: Any, max_min: Any) -> dict[str, Any]:
    try:
        columns = int(columns)
    except (TypeError, ValueError):
        columns = None
    if columns not in COLUMN_CHOICES:
        raise BadInput(_("Escolha 1, 3 ou 4 colunas."))
    if type(max_min) is not bool:
        raise BadInput(_("Máx e Mín: escolha com ou sem."))
    return {"columns": columns, "max_min": max_min}


def clean_pending(data: Any, sheet: Sheet) -> Pending:
    """What was tapped so far; anything odd is dropped (the entries are what matters)."""
    try:
        dice, box, first_roll = data["dice"], data["box"], data["first_roll"]
        choose = data.get("choose", False)
        if type(choose) is not bool or (choose and dice):
            raise ValueError
        if not isinstance(dice, list) or len(dice) > DICE:
            raise ValueError
        if any(type(value) is not int or not 1 <= value <= 6 for value in dice):
            raise ValueError
        if type(first_roll) is not bool or (first_roll and "seca" not in sheet.state["columns"]):
            raise ValueError
        if box is not None:
            column, name = box
            if dice or name not in sheet.allowed(first_roll).get(column, []):
                raise ValueError
            box = (column, name)
        return Pending(list(dice), box, first_roll, choose)
    except (KeyError, TypeError, ValueError):
        return Pending()


def cell(value: Any) -> tuple[str, str]:
    if type(value) is not str or value.count(":") != 1:
        raise BadInput(_("Casa desconhecida."))
    column, box = value.split(":")
    return column, box


def number(value: Any, message: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise BadInput(message) from None
