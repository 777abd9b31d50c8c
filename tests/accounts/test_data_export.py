"""The LGPD data export (/conta/meus-dados/) lists a row of every model that points at the
person: the models are found from the app registry, so a new one cannot be left out of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.models import Action, ChatMessage, Seat, Table, TableSocket
from marcador.models import ScoreSheet

pytestmark = pytest.mark.django_db

# Models that point at a person but hold nothing of theirs to hand over.
EXCLUDED = {
    # The admin's record of what staff changed in it: the site's audit trail of its staff's
    # work, written only for staff accounts, not something the person told or did as a player.
    "admin.LogEntry",
}


def models_pointing_at_the_user() -> set[str]:
    """Every model with a field (key, one-to-one or many-to-many) to the user model. Not
    `User._meta.related_objects`: it leaves out relations named "+" (the log, the chat)."""
    user_model = get_user_model()
    return {
        model._meta.label
        for model in apps.get_models()
        for field in [*model._meta.fields, *model._meta.many_to_many]
        if field.related_model is user_model
    }


def someone_elses_table(host) -> Table:
    return Table.objects.create(game="bozo", mode="duelo", host=host)


def email(user, other) -> tuple[str, dict[str, Any]]:
    EmailAddress.objects.create(user=user, email="ana.casa@example.com")
    return "emails", {"email": "ana.casa@example.com"}


def hosted(user, other) -> tuple[str, dict[str, Any]]:
    table = Table.objects.create(game="domino", mode="duplas", host=user, options={"alvo": 200})
    return "mesas_criadas", {"mesa": table.pk, "jogo": "domino", "opcoes": {"alvo": 200}}


def seat(user, other) -> tuple[str, dict[str, Any]]:
    table = someone_elses_table(other)
    Seat.objects.create(table=table, index=1, user=user, muted=True)
    return "mesas", {"mesa": table.pk, "lugar": 2, "silenciado": True}


def move(user, other) -> tuple[str, dict[str, Any]]:
    table = someone_elses_table(other)
    Action.objects.create(table=table, version=3, seat=1, user=user, action={"type": "roll"})
    return "jogadas", {"mesa": table.pk, "versao": 3, "lugar": 2, "jogada": {"type": "roll"}}


def chat_line(user, other) -> tuple[str, dict[str, Any]]:
    table = someone_elses_table(other)  # a spectator's line too: she holds no seat there
    ChatMessage.objects.create(table=table, user=user, text="Boa partida, gente!")
    return "mensagens_de_chat", {"mesa": table.pk, "texto": "Boa partida, gente!"}


def socket(user, other) -> tuple[str, dict[str, Any]]:
    table = someone_elses_table(other)
    TableSocket.objects.create(
        channel_name="specific.ana!1", table=table, user=user, seen_at=timezone.now()
    )
    return "presenca", {"mesa": table.pk}


def score_sheet(user, other) -> tuple[str, dict[str, Any]]:
    ScoreSheet.objects.create(user=user, players=["Caio", "Duda"], state={})
    return "marcadores_de_yams", {"jogadores": ["Caio", "Duda"]}


# For each model that points at the person: make a row of theirs, say where the export lists it.
ROWS: dict[str, Callable[[Any, Any], tuple[str, dict[str, Any]]]] = {
    "account.EmailAddress": email,
    "games.Table": hosted,
    "games.Seat": seat,
    "games.Action": move,
    "games.ChatMessage": chat_line,
    "games.TableSocket": socket,
    "marcador.ScoreSheet": score_sheet,
}


def test_every_model_that_points_at_a_person_is_exported_or_excluded_on_purpose():
    assert models_pointing_at_the_user() == set(ROWS) | EXCLUDED


@pytest.mark.parametrize("label", ROWS)
def test_the_export_lists_the_persons_row_of(client, make_user, label):
    ana, bia = make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")
    section, expected = ROWS[label](ana, bia)
    client.force_login(ana)
    exported = client.get(reverse("accounts:my_data")).json()
    assert any(entry.items() >= expected.items() for entry in exported[section]), exported


def test_the_export_lists_nobody_elses_rows(client, make_user):
    ana = make_user("ana", nickname="Ana")
    bia, caio = make_user("bia", nickname="Bia"), make_user("caio", nickname="Caio")
    sections = {make_row(bia, caio)[0] for make_row in ROWS.values()}
    client.force_login(ana)
    exported = client.get(reverse("accounts:my_data")).json()
    assert exported["emails"] == [
        {"email": "ana@example.com", "verificado": True, "principal": True}
    ]
    assert all(exported[section] == [] for section in sections - {"emails"}), exported
