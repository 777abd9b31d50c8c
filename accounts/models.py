"""The site's user: Django's user plus the nickname shown at the tables.

The username logs in and is never shown to other people. An account without a nickname (made
with createsuperuser or in the admin) is shown by a stand-in name nobody can choose.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.validators import (
    NICKNAME_MAX,
    REMOVED_NICKNAME,
    USERNAME_HELP,
    nickname_key,
    normalize_nickname,
    username_validators,
    validate_nickname,
)


class User(AbstractUser):
    username = models.CharField(
        _("nome de usuário"),
        max_length=150,
        unique=True,
        validators=username_validators,
        help_text=USERNAME_HELP,
        error_messages={"unique": _("Já existe uma conta com este nome de usuário.")},
    )
    nickname = models.CharField(
        _("apelido"), max_length=NICKNAME_MAX, blank=True, validators=[validate_nickname]
    )
    # The nickname in comparable form; NULL without a nickname and for removed accounts, so those
    # never collide. Case folding may lengthen it ("ß" is "ss"), hence the room.
    nickname_key = models.CharField(  # noqa: DJ001
        max_length=NICKNAME_MAX * 3, unique=True, null=True, editable=False
    )
    removed_at = models.DateTimeField(_("removido em"), null=True, blank=True, editable=False)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("usuário")
        verbose_name_plural = _("usuários")

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """What other people see: the nickname, else the stand-in name; never the username."""
        return self.nickname or stand_in_name(self.pk)

    def save(self, *args, **kwargs) -> None:
        if self.removed_at is None:
            self.nickname = normalize_nickname(self.nickname)
            self.nickname_key = nickname_key(self.nickname) or None
        super().save(*args, **kwargs)

    def anonymize(self) -> None:
        """Erase everything personal but keep the row, so past results read "Jogador removido".

        The caller deletes what hangs off the account elsewhere (e-mail addresses, sessions).
        """
        self.username = f"removido-{uuid.uuid4().hex}"
        self.nickname = REMOVED_NICKNAME
        self.nickname_key = None
        self.email = ""
        self.first_name = ""
        self.last_name = ""
        self.is_active = False
        self.is_staff = False
        self.is_superuser = False
        self.last_login = None
        self.set_unusable_password()
        self.removed_at = timezone.now()
        self.save()
        self.groups.clear()
        self.user_permissions.clear()


def stand_in_name(user_id: int | None) -> str:
    """The name of a person without a nickname: "Pessoa 42", from the account's id. Nobody can
    choose it (accounts.validators.TABLE_NAMES), so it never stands for someone else."""
    if user_id is None:
        return gettext("Pessoa")
    return gettext("Pessoa %(n)d") % {"n": user_id}
