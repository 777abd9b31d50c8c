"""Tables, seats, the action log, timers, open sockets and table chat.

Only the platform's write modules (games/services/ and the timers, presence and chat modules
that call it) write these. Every change of a table bumps its `version`, so a table's `state`,
its seats and its timers always match one version, and the log in `Action` holds every move.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.catalog import GAMES, GAMES_BY_SLUG


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


def one_seat_modes() -> Q:
    """Tables of a mode with a single seat (solo training): private and started at once."""
    modes = Q(pk__in=[])
    for game in GAMES:
        for mode in game.modes:
            if mode.max_seats == 1:
                modes |= Q(game=game.slug, mode=mode.slug)
    return modes


class TableQuerySet(models.QuerySet):
    def open(self):
        return self.filter(status__in=[Table.Status.WAITING, Table.Status.PLAYING])

    def public(self):
        return self.filter(is_public=True)

    def in_lobby(self, game: str | None = None):
        """Open public tables, never those of a one-seat mode (solo training is nobody else's)."""
        tables = self.open().public().exclude(one_seat_modes())
        if game:
            tables = tables.filter(game=game)
        return tables.select_related("host").prefetch_related("seats__user")

    def of_user(self, user):
        return self.filter(seats__user=user).distinct()


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("esperando jogadores")
        PLAYING = "playing", _("em jogo")
        FINISHED = "finished", _("terminada")
        CLOSED = "closed", _("encerrada")

    game = models.CharField(_("jogo"), max_length=20, choices=[(g.slug, g.name) for g in GAMES])
    mode = models.CharField(_("modo"), max_length=20, blank=True)
    options = models.JSONField(_("opções"), default=dict, blank=True)
    state = models.JSONField(_("estado"), null=True, blank=True, editable=False)
    # Bumped by every change of the table: moves, seats, robots, timers, presence, the end.
    version = models.PositiveIntegerField(_("versão"), default=0, editable=False)
    # The version of the latest change of the game itself (a move, the start): a move made on a
    # page older than this is stale; one made before a seat or presence change is not.
    state_version = models.PositiveIntegerField(default=0, editable=False)
    status = models.CharField(
        _("situação"), max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True
    )
    is_public = models.BooleanField(_("pública"), default=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("anfitrião"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="hosted_tables",
    )
    invite_code = models.CharField(
        max_length=24, unique=True, default=new_invite_code, editable=False
    )
    outcome = models.JSONField(_("resultado"), null=True, blank=True, editable=False)
    # Seconds a person has for each move before a robot plays it for them (none: no clock).
    move_seconds = models.PositiveSmallIntegerField(_("relógio por jogada"), null=True, blank=True)
    # Training: the robots play with hardly a pause between their steps (games/timers.py).
    fast_robots = models.BooleanField(_("robôs rápidos"), default=False)
    # Set by the inactivity timer once the seat on turn has been idle long enough.
    claim_open = models.BooleanField(default=False, editable=False)
    last_action_at = models.DateTimeField(_("última jogada"), null=True, blank=True)
    # Who waits for a seat, in order (user ids): the platform seats them at the game's breaks
    # (games/services/, `_seat_the_queue`).
    queue = models.JSONField(_("fila"), default=list, blank=True, editable=False)
    next_table = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("criada em"), auto_now_add=True)
    # Not indexed: every move rewrites it, and only the daily cleanup filters on it.
    updated_at = models.DateTimeField(_("atualizada em"), auto_now=True)
    started_at = models.DateTimeField(_("começou em"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminou em"), null=True, blank=True)

    objects = TableQuerySet.as_manager()

    class Meta:
        verbose_name = _("mesa")
        verbose_name_plural = _("mesas")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    @property
    def mode_label(self) -> str:
        mode = GAMES_BY_SLUG[self.game].mode(self.mode)
        return str(mode.label) if mode else self.mode

    @property
    def is_open(self) -> bool:
        return self.status in (self.Status.WAITING, self.Status.PLAYING)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(_("lugar"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("jogador"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    robot = models.BooleanField(_("robô"), default=False)
    # A robot plays for the absent person who holds the seat, under their name, until they return.
    autopilot = models.BooleanField(_("robô no lugar"), default=False)
    team = models.PositiveSmallIntegerField(_("equipe"), null=True, blank=True)
    # Whether the person has a socket open at the table in any process (games/presence.py).
    connected = models.BooleanField(_("conectado"), default=False)
    # When the person's last socket at the table closed.
    last_seen = models.DateTimeField(_("visto em"), null=True, blank=True)
    muted = models.BooleanField(_("silenciado"), default=False)
    # Set when the game ends: a robot made most of this person's moves, so the game is not
    # theirs (their history leaves it out; games/played.py).
    robot_played = models.BooleanField(_("jogado pelo robô"), default=False, editable=False)

    class Meta:
        verbose_name = _("lugar")
        verbose_name_plural = _("lugares")
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False), name="seat_one_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.index + 1}"


class Action(models.Model):
    """The append-only log: what was applied, by whom, and what the rules said happened."""

    # Found through the unique (table, version) index, which starts with the table: a second
    # index on the table alone would only be one more page to write for every move.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="actions", db_index=False
    )
    version = models.PositiveIntegerField(_("versão"))
    seat = models.PositiveSmallIntegerField(_("lugar"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.JSONField(_("jogada"))
    events = models.JSONField(_("eventos"), default=list)
    # The game's state right after this move, hidden parts included (it never leaves the
    # server): what a replay shows of each step, through the rules' spectator view.
    state = models.JSONField(_("estado depois"), null=True, blank=True, editable=False)
    cid = models.CharField(_("id do cliente"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("em"), auto_now_add=True)

    class Meta:
        verbose_name = _("jogada")
        verbose_name_plural = _("jogadas")
        ordering = ["table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="action_unique_version"),
            models.UniqueConstraint(
                fields=["table", "cid"], condition=~Q(cid=""), name="action_unique_cid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} v{self.version}: {self.action.get('type', '?')}"


class Deadline(models.Model):
    """A pending timer of a table, applied by the sweeper (games/timers.py) once it is due."""

    class Kind(models.TextChoices):
        ROBOT = "robot", _("jogada de robô")
        CLAIM = "claim", _("reclamação por inatividade")
        CLOCK = "clock", _("relógio da jogada")
        TAKEOVER = "takeover", _("robô no lugar de quem saiu")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deadlines")
    kind = models.CharField(_("tipo"), max_length=10, choices=Kind.choices)
    # The seat the timer is about; none for a timer of the whole table.
    seat = models.PositiveSmallIntegerField(_("lugar"), null=True, blank=True)
    due = models.DateTimeField(_("vence em"), db_index=True)
    # The table's state_version the timer was set (or kept) for: a robot's or a clock's timer
    # times one turn, and one from another game state is dropped, never fired.
    version = models.PositiveIntegerField(_("versão"), default=0)

    class Meta:
        verbose_name = _("prazo")
        verbose_name_plural = _("prazos")
        ordering = ["due"]

    def __str__(self) -> str:
        return f"{self.table} · {self.kind} · {self.due:%H:%M:%S}"


class TableSocket(models.Model):
    """One open socket of a logged-in person at a table, in any process: the seats' presence.
    Each process refreshes `seen_at` of its own sockets; a row left by a process that died goes
    stale and is swept (games/presence.py)."""

    channel_name = models.CharField(max_length=200, unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sockets")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = _("conexão")
        verbose_name_plural = _("conexões")
        indexes = [models.Index(fields=["table", "user"], name="socket_table_user")]

    def __str__(self) -> str:
        return f"{self.table} · {self.user_id}"


class ChatMessage(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    text = models.CharField(_("mensagem"), max_length=200)
    created_at = models.DateTimeField(_("em"), auto_now_add=True)

    class Meta:
        verbose_name = _("mensagem de mesa")
        verbose_name_plural = _("mensagens de mesa")
        ordering = ["table", "created_at"]

    def __str__(self) -> str:
        return self.text[:40]
