"""One tap on the pad applied to the sheet in play: a die, a box, points, undo, the first-roll
switch, or saving a finished game to the person's history. A refusal raises `BadInput` (or the
rules' `IllegalAction`) and the page shows it after the redirect."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from games.rules import yams
from games.rules.dice import DICE
from marcador.cleaning import cell, number
from marcador.models import ScoreSheet
from marcador.sheet import BadInput, Pending, Sheet


def apply(sheet: Sheet, post: QueryDict, user) -> None:
    """Apply the tap `post` holds to the sheet; a refusal leaves the entries as they were."""
    op = post.get("op", "")
    pending = sheet.pending
    if op == "undo":
        shown = post.get("entries")  # how many entries the page showed
        if shown is not None and shown != str(len(sheet.entries)):
            # A double tap: the first one undid that entry, the second must not undo another.
            raise BadInput(_("Esse lançamento já foi desfeito."))
        sheet.undo()
    elif op == "save":
        save(sheet, user)
    elif sheet.state["finished"]:
        raise BadInput(_("A partida terminou: desfaça o último lançamento ou comece outra."))
    elif op == "die":
        value = number(post.get("value"), _("Um dado vai de 1 a 6."))
        if not 1 <= value <= 6:
            raise BadInput(_("Um dado vai de 1 a 6."))
        if len(pending.dice) >= DICE:
            raise BadInput(_("Os cinco dados já estão marcados: toque numa casa acesa."))
        pending.dice.append(value)
        pending.box, pending.choose = None, False
    elif op == "clear_die":
        index = number(post.get("value"), _("Esse dado não existe."))
        if not 1 <= index <= len(pending.dice):
            raise BadInput(_("Esse dado não existe."))
        del pending.dice[index - 1]
    elif op == "clear_dice":
        sheet.pending = Pending(first_roll=pending.first_roll)
    elif op == "first_roll":
        if "seca" not in sheet.state["columns"]:
            raise BadInput(_("Esta partida não tem a coluna Seca."))
        pending.first_roll = not pending.first_roll
        if pending.box and pending.box[1] not in sheet.allowed(pending.first_roll).get(
            pending.box[0], []
        ):
            pending.box, pending.choose = None, True
    elif op == "pick":
        column, box = cell(post.get("cell"))
        check_pick(sheet, column, box)
        sheet.pending = Pending(box=(column, box), first_roll=pending.first_roll)
    elif op == "choose":
        sheet.pending = Pending(first_roll=pending.first_roll, choose=True)
    elif op == "cancel":
        # From a picked box back to the list of boxes; from the list back to the dice.
        pending.choose = bool(pending.box)
        pending.box = None
    elif op == "score":
        column, box = cell(post.get("cell"))
        if len(pending.dice) != DICE:
            raise BadInput(_("Marque os cinco dados antes de escolher a casa."))
        sheet.add(entry(sheet, column, box, dice=list(pending.dice)))
    elif op == "points":
        if not pending.box:
            raise BadInput(_("Escolha primeiro a casa na cartela."))
        points = number(post.get("value"), _("Os pontos devem ser um número inteiro."))
        sheet.add(entry(sheet, *pending.box, points=points))
    else:
        raise BadInput(_("Ação desconhecida."))


def entry(sheet: Sheet, column: str, box: str, **given: Any) -> dict[str, Any]:
    return {
        "seat": sheet.mover,
        "column": column,
        "box": box,
        "dice": given.get("dice"),
        "points": given.get("points"),
        "first_roll": sheet.pending.first_roll,
    }


def check_pick(sheet: Sheet, column: str, box: str) -> None:
    """The rules' own refusal for a box one cannot fill now: a dry run with 0 points."""
    first_roll = sheet.pending.first_roll
    yams.record(sheet.state, sheet.mover, column, box, points=0, first_roll=first_roll)


def save(sheet: Sheet, user) -> None:
    """A finished game goes to the person's history, once however often it is asked."""
    if not user.is_authenticated:
        raise BadInput(_("Entre na sua conta para salvar no seu histórico."))
    if not sheet.state["finished"]:
        raise BadInput(_("Só uma partida terminada vai para o histórico."))
    if sheet.saved and ScoreSheet.objects.filter(pk=sheet.saved, user=user).exists():
        return
    saved = ScoreSheet.objects.create(
        user=user,
        players=sheet.players,
        options=sheet.options,
        state=sheet.state,
        entries=sheet.entries,
    )
    sheet.saved = saved.pk
