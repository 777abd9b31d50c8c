"""The score-keeper's one table: the sheets a person saved to their history.

The model was born in the `games` app; it keeps that table (`games_scoresheet`) so that moving
it here moved no row (marcador/migrations/0001_initial.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ScoreSheet(models.Model):
    """A Yam's score-keeper ("marcador") a person saved: real dice rolled around a real table,
    the card kept by the rules engine. The players are names, not accounts."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="score_sheets"
    )
    players = models.JSONField(_("jogadores"), default=list)
    options = models.JSONField(_("opções"), default=dict)
    state = models.JSONField(_("estado"))
    entries = models.JSONField(_("lançamentos"), default=list)
    created_at = models.DateTimeField(_("criado em"), auto_now_add=True)

    class Meta:
        db_table = "games_scoresheet"
        verbose_name = _("marcador de Yam's")
        verbose_name_plural = _("marcadores de Yam's")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return ", ".join(self.players)[:60]
