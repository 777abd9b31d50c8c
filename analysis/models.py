"""What the analysis of a finished game keeps: one row a table."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Table


class Analysis(models.Model):
    """A finished game graded move by move against the robots (analysis/): asked for when
    the game ends (or when its page is first opened), computed once by a worker, off the sockets'
    path, and kept."""

    class Status(models.TextChoices):
        PENDING = "pending", _("na fila")
        RUNNING = "running", _("calculando")
        DONE = "done", _("pronta")
        FAILED = "failed", _("falhou")

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, primary_key=True, related_name="analysis"
    )
    status = models.CharField(
        _("situação"), max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    # Per person: precision, losses, costliest decisions, the expected score along the game.
    result = models.JSONField(_("resultado"), null=True, blank=True, editable=False)
    requested_at = models.DateTimeField(_("pedida em"), auto_now_add=True)
    started_at = models.DateTimeField(_("começou em"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminou em"), null=True, blank=True)
    seconds = models.FloatField(_("segundos de cálculo"), null=True, blank=True)

    class Meta:
        verbose_name = _("análise")
        verbose_name_plural = _("análises")

    def __str__(self) -> str:
        return f"{self.table} · {self.get_status_display()}"
