"""The Yam's score-keeper ("marcador"), /yams/marcador/: real dice around a table, one phone.

As the Bone app of the Yam's page (seed 003) does: up to 8 named players, the columns and Máx/Mín
of a live table, and the card filled by the rules engine (`yams.record`), which refuses what a
live table refuses. Without an account everything lives in the session: the players, the options,
the entries and what the player on turn has tapped so far; the card is the entries replayed from
the setup, so "Desfazer" is a replay without the last one. A logged-in player may save a finished
game to their history (`ScoreSheet`). Plain POST forms with redirect-after-post work without
JavaScript; htmx (hx-boost on the sheet) only saves the page reload.
"""

from __future__ import annotations

import json
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from games.marcador_bonus import BonusLine, bonus_line
from games.models import ScoreSheet
from games.rules import yams
from games.rules.base import IllegalAction

KEY = "marcador"
MAX_PLAYERS = yams.GAME.max_seats
NAME_MAX = 20
COLUMN_CHOICES = (1, 3, 4)
SHORT = {"pequena": "Seq. peq.", "grande": "Seq. gde."}
COLUMN_SHORT = {"descida": "Desc.", "livre": "Livre", "subida": "Sub.", "seca": "Seca"}
ARROWS = {"descida": "↓", "subida": "↑", "livre": "", "seca": ""}
PIPS = {1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9]}
ENTRY_KEYS = {"seat", "column", "box", "dice", "points", "first_roll"}
BROKEN = "O marcador guardado nesta sessão estava danificado e foi descartado."


# States are never changed in place (`yams.record` returns a new one), so they can be shared.
REPLAYS: OrderedDict[str, dict[str, Any]] = OrderedDict()
REPLAYS_KEPT = 64
REPLAYS_LOCK = threading.Lock()


def remember(key: str, state: dict[str, Any]) -> None:
    with REPLAYS_LOCK:
        REPLAYS[key] = state
        REPLAYS.move_to_end(key)
        while len(REPLAYS) > REPLAYS_KEPT:
            REPLAYS.popitem(last=False)


class BadInput(Exception):
    """A request the page cannot take; the message is Portuguese and shown to the player."""


# The game in the session: players, options, entries (replayed), and what is being tapped.


@dataclass
class Pending:
    dice: list[int] = field(default_factory=list)
    box: tuple[str, str] | None = None  # (column, box) picked to type its points
    first_roll: bool = False
    choose: bool = False  # no dice: the pad lists the boxes to pick one and type its points


@dataclass
class Sheet:
    players: list[str]
    options: dict[str, Any]
    entries: list[dict[str, Any]]
    pending: Pending = field(default_factory=Pending)
    saved: int | None = None
    state: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, players: list[str], options: dict[str, Any]) -> Sheet:
        sheet = cls(players=players, options=options, entries=[])
        sheet.replay()
        return sheet

    def key(self) -> str:
        return json.dumps([self.players, self.options, self.entries], sort_keys=True)

    def replay(self) -> None:
        """The state is the setup plus every entry, through the rules: a tampered entry fails.
        A whole game of 8 players in 4 columns is 480 entries, a fifth of a second: the states
        of the sheets in play are kept, keyed by all they come from, so a tap replays nothing."""
        key = self.key()
        with REPLAYS_LOCK:
            known = REPLAYS.get(key)
            if known is not None:
                REPLAYS.move_to_end(key)
                self.state = known
                return
        rng = random.Random(0)  # noqa: S311 - a Yam's setup throws no dice
        state = yams.GAME.setup(len(self.players), self.options, rng)
        for entry in self.entries:
            if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
                raise IllegalAction(BROKEN)
            state, _events = yams.record(state, **entry)
        self.state = state
        remember(key, state)

    def add(self, entry: dict[str, Any]) -> None:
        """Write one entry through the rules (IllegalAction leaves the sheet as it was)."""
        self.state, _events = yams.record(self.state, **entry)
        self.entries.append(entry)
        self.pending = Pending()
        self.saved = None
        remember(self.key(), self.state)

    def undo(self) -> None:
        if not self.entries:
            raise BadInput(_("Ainda não há lançamento para desfazer."))
        self.entries.pop()
        self.replay()
        self.pending = Pending()
        self.saved = None

    @property
    def mover(self) -> int | None:
        return self.state["to_move"]

    def allowed(self, first_roll: bool) -> dict[str, list[str]]:
        """The boxes the player on turn may fill now, per column, as the rules say."""
        seat = self.mover
        if seat is None:
            return {}
        return {
            column: yams.allowed_in_column(
                column, yams.open_boxes(self.state, seat, column), first_roll=first_roll
            )
            for column in self.state["columns"]
        }

    def to_session(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": self.options,
            "entries": self.entries,
            "pending": {
                "dice": self.pending.dice,
                "box": list(self.pending.box) if self.pending.box else None,
                "first_roll": self.pending.first_roll,
                "choose": self.pending.choose,
            },
            "saved": self.saved,
        }


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
        if not isinstance(dice, list) or len(dice) > yams.dice.DICE:
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


def load(session) -> Sheet | None:
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


def store(session, sheet: Sheet) -> None:
    session[KEY] = sheet.to_session()


def flash(session, message: str) -> None:
    session[f"{KEY}_error"] = message


def take_flash(session) -> str:
    return session.pop(f"{KEY}_error", "")


# What the page shows.


@dataclass(frozen=True, slots=True)
class Cell:
    column: str
    box: str
    value: int | None
    kind: str  # filled | open | score (a hand to write) | pick (choose, then type) | picked
    points: int | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    box: str
    name: str
    short: str
    cells: list[Cell]


@dataclass(frozen=True, slots=True)
class ColumnSum:
    key: str
    name: str
    short: str
    arrow: str
    upper: int
    bonus_line: BonusLine
    bonus: int
    max_min: int
    max_min_void: bool
    total: int


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    name: str
    total: int
    rank: int
    on_turn: bool
    columns: list[ColumnSum]
    upper_rows: list[Row]
    middle_rows: list[Row]
    lower_rows: list[Row]


def ranks(totals: list[int]) -> list[int]:
    """1 for the best total, equal totals sharing a place (1, 1, 3)."""
    return [1 + sum(other > mine for other in totals) for mine in totals]


def cards(state: dict[str, Any], players: list[str], offers: dict | None = None) -> list[Card]:
    """Each player's card; `offers` maps (column, box) of the player on turn to a Cell kind and
    points (the boxes lit for the hand tapped, or to choose)."""
    offers = offers or {}
    totals = [yams.total(state, seat) for seat in range(state["seats"])]
    places = ranks(totals)
    result = []
    for seat, name in enumerate(players):
        on_turn = seat == state["to_move"]
        rows = []
        for box in state["boxes"]:
            cells = []
            for column in state["columns"]:
                value = state["cards"][seat][column][box]
                kind, points = offers.get((column, box), ("open", None)) if on_turn else ("", None)
                kind = "filled" if value is not None else (kind or "open")
                label = cell_label(kind, column, box, points)
                cells.append(Cell(column, box, value, kind, points, label))
            rows.append(Row(box, yams.BOX_NAMES[box], SHORT.get(box, yams.BOX_NAMES[box]), cells))
        sums = yams.totals(state, seat)
        columns = [
            ColumnSum(
                key=column,
                name=yams.COLUMN_NAMES[column],
                short=COLUMN_SHORT[column],
                arrow=ARROWS[column],
                upper=int(sums[column]["upper"]),
                bonus_line=bonus_line(state["cards"][seat][column]),
                bonus=int(sums[column]["bonus"]),
                max_min=int(sums[column]["max_min"]),
                max_min_void=bool(sums[column]["max_min_void"]),
                total=int(sums[column]["total"]),
            )
            for column in state["columns"]
        ]
        result.append(
            Card(
                index=seat,
                name=name,
                total=totals[seat],
                rank=places[seat],
                on_turn=on_turn,
                columns=columns,
                upper_rows=[row for row in rows if row.box in yams.UPPER],
                middle_rows=[row for row in rows if row.box in ("max", "min")],
                lower_rows=[row for row in rows if row.box in yams.BOXES[8:]],
            )
        )
    return result


def cell_label(kind: str, column: str, box: str, points: int | None) -> str:
    where = {"box": yams.BOX_NAMES[box], "column": yams.COLUMN_NAMES[column], "points": points}
    if kind == "score":
        return _("Marcar %(points)s em %(box)s, coluna %(column)s") % where
    if kind == "pick":
        return _("Escolher %(box)s, coluna %(column)s") % where
    if kind == "picked":
        return _("%(box)s, coluna %(column)s: escolhida") % where
    return ""


def offers(sheet: Sheet) -> dict[tuple[str, str], tuple[str, int | None]]:
    """The cells of the player on turn to light: with five dice, what each allowed box would get;
    while choosing a box, the allowed ones; the box picked."""
    pending = sheet.pending
    if pending.box:
        return {pending.box: ("picked", None)}
    if len(pending.dice) == yams.dice.DICE:
        return {
            (column, box): ("lit", yams.score(box, pending.dice))
            for column, boxes in sheet.allowed(pending.first_roll).items()
            for box in boxes
        }
    if pending.choose:
        return {
            (column, box): ("lit", None)
            for column, boxes in sheet.allowed(pending.first_roll).items()
            for box in boxes
        }
    return {}


def choices(sheet: Sheet) -> list[dict[str, Any]]:
    """The pad's buttons for the boxes one may fill now, a group per column: with five dice each
    writes what they give there; without, each picks the box to type its points."""
    pending = sheet.pending
    hand = pending.dice if len(pending.dice) == yams.dice.DICE else None
    if hand is None and not pending.choose:
        return []
    groups = []
    for column, boxes in sheet.allowed(pending.first_roll).items():
        if not boxes:
            continue
        buttons = []
        for box in boxes:
            points = None if hand is None else yams.score(box, hand)
            kind = "pick" if hand is None else "score"
            buttons.append(
                {
                    "cell": f"{column}:{box}",
                    "short": SHORT.get(box, yams.BOX_NAMES[box]),
                    "points": points,
                    "label": cell_label(kind, column, box, points),
                }
            )
        groups.append(
            {
                "column": column,
                "name": yams.COLUMN_NAMES[column],
                "short": COLUMN_SHORT[column],
                "arrow": ARROWS[column],
                "buttons": buttons,
            }
        )
    return groups


def entry_text(entry: dict[str, Any], players: list[str]) -> str:
    where = {
        "name": players[entry["seat"]],
        "box": yams.BOX_NAMES[entry["box"]],
        "column": yams.COLUMN_NAMES[entry["column"]],
    }
    points = entry["points"] if entry["dice"] is None else None
    if points is None:
        points = yams.score(entry["box"], entry["dice"])
        if entry["points"] == 0:
            points = 0
    where["points"] = points
    if not points:
        return _("%(name)s riscou %(box)s, coluna %(column)s") % where
    return _("%(name)s marcou %(points)s em %(box)s, coluna %(column)s") % where


def winners_text(state: dict[str, Any], players: list[str]) -> str:
    outcome = yams.outcome(state)
    names = [players[seat] for seat in outcome["winners"]]
    points = outcome["scores"][outcome["winners"][0]]
    if len(names) == 1:
        return ngettext(
            "Fim de jogo: %(name)s venceu com %(points)d ponto.",
            "Fim de jogo: %(name)s venceu com %(points)d pontos.",
            points,
        ) % {
            "name": names[0],
            "points": points,
        }
    listed = _("%(names)s e %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
    return ngettext(
        "Fim de jogo: empate entre %(names)s, com %(points)d ponto.",
        "Fim de jogo: empate entre %(names)s, com %(points)d pontos.",
        points,
    ) % {
        "names": listed,
        "points": points,
    }


def die(value: int | None) -> dict[str, Any]:
    return {"value": value, "pips": PIPS.get(value or 0, [])}


def play_context(request: HttpRequest, sheet: Sheet) -> dict[str, Any]:
    pending = sheet.pending
    state = sheet.state
    next_slot = len(pending.dice) + 1
    picked = None
    if pending.box:
        column, box = pending.box
        picked = {
            "column": column,
            "box": box,
            "name": yams.BOX_NAMES[box],
            "column_name": yams.COLUMN_NAMES[column],
            "values": [
                {
                    "points": points,
                    "label": _("Marcar %(points)s em %(box)s, coluna %(column)s")
                    % {
                        "points": points,
                        "box": yams.BOX_NAMES[box],
                        "column": yams.COLUMN_NAMES[column],
                    },
                }
                for points in yams.possible_points(box)
            ],
        }
    mover = sheet.mover
    return {
        "sheet": sheet,
        "cards": cards(state, sheet.players, offers(sheet)),
        "mover": mover,
        "mover_name": None if mover is None else sheet.players[mover],
        "finished": state["finished"],
        "result": winners_text(state, sheet.players) if state["finished"] else "",
        "ranking": sorted(cards(state, sheet.players), key=lambda card: (card.rank, card.index)),
        "slots": [
            {"index": i + 1, **die(pending.dice[i] if i < len(pending.dice) else None)}
            for i in range(yams.dice.DICE)
        ],
        "faces": [
            {"label": _("Dado %(n)d: %(face)d") % {"n": next_slot, "face": face}, **die(face)}
            for face in range(1, 7)
        ],
        "dice_full": len(pending.dice) == yams.dice.DICE,
        "has_seca": "seca" in state["columns"],
        "first_roll": pending.first_roll,
        "picked": picked,
        "choices": choices(sheet),
        "choose": pending.choose,
        "last": entry_text(sheet.entries[-1], sheet.players) if sheet.entries else "",
        "error": take_flash(request.session),
        "saved_url": reverse("games:marcador_saved", args=[sheet.saved]) if sheet.saved else "",
        "max_min": sheet.options["max_min"],
    }


# Requests.


def setup_context(request: HttpRequest, names: list[str], options: dict, error: str = "") -> dict:
    return {
        "names": names,
        "can_add": len(names) < MAX_PLAYERS,
        "max_players": MAX_PLAYERS,
        "name_max": NAME_MAX,
        "columns": options.get("columns", 3),
        "max_min": options.get("max_min", True),
        "column_choices": [
            (1, _("1 coluna (Livre)")),
            (3, _("3 colunas (Descida, Livre, Subida)")),
            (4, _("4 colunas (com a Seca)")),
        ],
        "error": error or take_flash(request.session),
        "playing": KEY in request.session,
    }


def setup_post(request: HttpRequest) -> HttpResponse:
    names = [name[:200] for name in request.POST.getlist("player")][: MAX_PLAYERS + 4]
    op = request.POST.get("op", "start")
    raw_options = {
        "columns": request.POST.get("columns", ""),
        "max_min": request.POST.get("max_min") == "on",
    }
    shown = {"columns": raw_options["columns"], "max_min": raw_options["max_min"]}
    try:
        shown["columns"] = int(shown["columns"])
    except ValueError:
        shown["columns"] = 3
    if op == "add":
        if len(names) >= MAX_PLAYERS:
            error = _("O marcador aceita de 1 a %(n)d jogadores.") % {"n": MAX_PLAYERS}
            return render_setup(request, names, shown, error)
        return render_setup(request, [*names, ""], shown)
    if op.startswith("remove:"):
        try:
            del names[int(op.split(":", 1)[1])]
        except (ValueError, IndexError):
            return render_setup(request, names, shown, _("Essa linha não existe."))
        return render_setup(request, names or [""], shown)
    if op != "start":
        return render_setup(request, names, shown, _("Ação desconhecida."))
    try:
        players = clean_names(names)
        options = clean_options(raw_options["columns"], raw_options["max_min"])
    except BadInput as error:
        return render_setup(request, names or [""], shown, str(error))
    store(request.session, Sheet.start(players, options))
    if request.headers.get("HX-Request"):
        # The setup form swaps only itself: the game page is a page of its own.
        return HttpResponseClientRedirect(reverse("games:marcador"))
    return redirect("games:marcador")


def render_setup(request, names, options, error: str = "") -> HttpResponse:
    context = setup_context(request, names, options, error)
    return render(request, "games/marcador/setup.html", context)


def play_post(request: HttpRequest, sheet: Sheet) -> None:
    """Apply one tap to the sheet; a refusal becomes the message shown after the redirect."""
    op = request.POST.get("op", "")
    pending = sheet.pending
    if op == "undo":
        shown = request.POST.get("entries")  # how many entries the page showed
        if shown is not None and shown != str(len(sheet.entries)):
            # A double tap: the first one undid that entry, the second must not undo another.
            raise BadInput(_("Esse lançamento já foi desfeito."))
        sheet.undo()
    elif op == "save":
        save(request, sheet)
    elif sheet.state["finished"]:
        raise BadInput(_("A partida terminou: desfaça o último lançamento ou comece outra."))
    elif op == "die":
        value = number(request.POST.get("value"), _("Um dado vai de 1 a 6."))
        if not 1 <= value <= 6:
            raise BadInput(_("Um dado vai de 1 a 6."))
        if len(pending.dice) >= yams.dice.DICE:
            raise BadInput(_("Os cinco dados já estão marcados: toque numa casa acesa."))
        pending.dice.append(value)
        pending.box, pending.choose = None, False
    elif op == "clear_die":
        index = number(request.POST.get("value"), _("Esse dado não existe."))
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
        column, box = cell(request.POST.get("cell"))
        check_pick(sheet, column, box)
        sheet.pending = Pending(box=(column, box), first_roll=pending.first_roll)
    elif op == "choose":
        sheet.pending = Pending(first_roll=pending.first_roll, choose=True)
    elif op == "cancel":
        # From a picked box back to the list of boxes; from the list back to the dice.
        pending.choose = bool(pending.box)
        pending.box = None
    elif op == "score":
        column, box = cell(request.POST.get("cell"))
        if len(pending.dice) != yams.dice.DICE:
            raise BadInput(_("Marque os cinco dados antes de escolher a casa."))
        sheet.add(entry(sheet, column, box, dice=list(pending.dice)))
    elif op == "points":
        if not pending.box:
            raise BadInput(_("Escolha primeiro a casa na cartela."))
        points = number(request.POST.get("value"), _("Os pontos devem ser um número inteiro."))
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


def save(request: HttpRequest, sheet: Sheet) -> None:
    if not request.user.is_authenticated:
        raise BadInput(_("Entre na sua conta para salvar no seu histórico."))
    if not sheet.state["finished"]:
        raise BadInput(_("Só uma partida terminada vai para o histórico."))
    if sheet.saved and ScoreSheet.objects.filter(pk=sheet.saved, user=request.user).exists():
        return
    saved = ScoreSheet.objects.create(
        user=request.user,
        players=sheet.players,
        options=sheet.options,
        state=sheet.state,
        entries=sheet.entries,
    )
    sheet.saved = saved.pk


@require_http_methods(["GET", "POST"])
def sheet(request: HttpRequest) -> HttpResponse:
    current = load(request.session)
    if request.method == "POST":
        if request.POST.get("form") == "setup":
            return setup_post(request)
        if current is None:
            flash(request.session, take_flash(request.session) or _("Comece uma partida primeiro."))
            return redirect("games:marcador")
        try:
            play_post(request, current)
        except (BadInput, IllegalAction) as error:
            flash(request.session, str(error))
        store(request.session, current)
        return redirect("games:marcador")
    if current is None or "nova" in request.GET:
        names = current.players if current else ["", ""]
        options = current.options if current else {}
        return render_setup(request, list(names), dict(options))
    return render(request, "games/marcador/play.html", play_context(request, current))


def saved(request: HttpRequest, sheet_id: int) -> HttpResponse:
    """A saved sheet, read-only, for its owner only."""
    if not request.user.is_authenticated:
        raise Http404
    record = ScoreSheet.objects.filter(pk=sheet_id, user=request.user).first()
    if record is None:
        raise Http404
    try:
        state, players = record.state, list(record.players)
        shown = cards(state, players)
        result = winners_text(state, players) if state["finished"] else ""
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise Http404 from None
    return render(
        request,
        "games/marcador/saved.html",
        {
            "record": record,
            "cards": shown,
            "ranking": sorted(shown, key=lambda card: (card.rank, card.index)),
            "result": result,
            "max_min": state["options"]["max_min"],
        },
    )
