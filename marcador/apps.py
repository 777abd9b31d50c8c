from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MarcadorConfig(AppConfig):
    name = "marcador"
    verbose_name = _("Marcador de Yam’s")

    def ready(self) -> None:
        from accounts.signals import account_deleted

        def forget_sheets(sender, user=None, **kwargs) -> None:
            """A deleted account's saved score-keeper sheets go (they name its friends)."""
            from marcador.models import ScoreSheet

            if user is not None and user.pk is not None:
                ScoreSheet.objects.filter(user=user).delete()

        account_deleted.connect(forget_sheets, weak=False, dispatch_uid="marcador-forget-sheets")
