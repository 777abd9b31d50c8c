from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Jogos e mesas")

    def ready(self) -> None:
        from django.conf import settings
        from django.contrib.auth.signals import user_logged_out
        from django.db import transaction
        from django.db.models.signals import post_save

        from accounts.signals import account_deleted
        from games import services

        def close_sockets(sender, user=None, request=None, **kwargs) -> None:
            """A table socket whose session logs out, or whose account is deleted, closes."""
            if user is None or user.pk is None:
                return
            session = getattr(getattr(request, "session", None), "session_key", "") or ""
            services.send(services.user_group(user.pk), {"type": "user.logout", "session": session})

        def renamed(sender, instance, created=False, update_fields=None, **kwargs) -> None:
            """A new nickname reaches the tables the person sits at (a new version each)."""
            if created or (update_fields is not None and "nickname" not in update_fields):
                return
            transaction.on_commit(lambda: services.person_renamed(user=instance))

        user_logged_out.connect(close_sockets, weak=False, dispatch_uid="games-close-on-logout")
        account_deleted.connect(close_sockets, weak=False, dispatch_uid="games-close-on-delete")
        post_save.connect(
            renamed, sender=settings.AUTH_USER_MODEL, weak=False, dispatch_uid="games-renamed"
        )
