from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    """Finished games graded against the robots: beside the live tables, never on their path."""

    name = "analysis"
    verbose_name = _("Análise das partidas")
