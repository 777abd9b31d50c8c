"""Writes on accounts that span several tables: deletion and the LGPD data export."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.signals import account_deleted
from games.selectors import (
    chat_messages_of,
    hosted_tables,
    moves_of,
    player_history,
    presence_of,
)
from marcador.selectors import saved_sheets


@transaction.atomic
def delete_account(*, user: User) -> None:
    """Remove the person's data; the row stays, anonymized, so past results keep a name.

    The unusable password also ends every other session of the account: Django checks the
    password hash stored in each session on the next request.
    """
    EmailAddress.objects.filter(user=user).delete()
    user.anonymize()
    transaction.on_commit(lambda: account_deleted.send(sender=User, user=user))


def export_data(*, user: User) -> dict[str, Any]:
    """Everything stored about `user`, as a JSON-ready dict (LGPD, art. 18): every kind of
    data the privacy page lists, one key per table that names the person."""
    return {
        "gerado_em": timezone.now().isoformat(),
        "conta": {
            "nome_de_usuario": user.username,
            "apelido": user.nickname,
            "email": user.email,
            "criada_em": user.date_joined.isoformat(),
            "ultimo_acesso": user.last_login.isoformat() if user.last_login else None,
            "equipe_do_site": user.is_staff,
        },
        "mesas": player_history(user),
        "mesas_criadas": hosted_tables(user),
        "jogadas": moves_of(user),
        "mensagens_de_chat": chat_messages_of(user),
        "presenca": presence_of(user),
        "marcadores_de_yams": [
            {
                "data": sheet["date"].isoformat(),
                "jogadores": sheet["players"],
                "pontos": [score for _name, score in sheet["scores"]],
            }
            for sheet in saved_sheets(user)
        ],
        "emails": [
            {"email": address.email, "verificado": address.verified, "principal": address.primary}
            for address in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
    }
