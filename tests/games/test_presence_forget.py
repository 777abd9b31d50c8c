"""A socket's presence row stops being refreshed the moment it closes, so a close cut short
(daphne kills a consumer whose close outlasts application_close_timeout: the bench saw some 200
of 8,000 when a thousand sockets closed at once) leaves a row that goes stale and is swept, not
one refreshed for good that shows the person at the table forever."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import presence
from games.models import Seat, TableSocket

pytestmark = pytest.mark.django_db


def test_a_forgotten_socket_is_no_longer_refreshed_and_is_swept(duel, users, settings):
    ana, _ = users
    presence.opened(table_id=duel.pk, user_id=ana.pk, channel_name="specific.x!cut-short")
    presence.opened(table_id=duel.pk, user_id=ana.pk, channel_name="specific.x!still-open")
    assert Seat.objects.get(table=duel, index=0).connected
    presence.forget("specific.x!cut-short")  # the close began; the rest of it never ran
    later = timezone.now() + timedelta(seconds=settings.GAMES_PRESENCE_STALE_SECONDS + 5)
    assert presence.refresh(later) == 1  # only the open socket's row
    assert presence.sweep_stale(later) == 1
    assert list(TableSocket.objects.values_list("channel_name", flat=True)) == [
        "specific.x!still-open"
    ]
    assert Seat.objects.get(table=duel, index=0).connected  # her other socket is still open
