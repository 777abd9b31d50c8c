"""A table's seats and version as the database holds them, for the services' tests
(test_services_*.py)."""

from games.models import Seat, Table


def seat_users(table):
    return [
        (s.user.username if s.user else ("robot" if s.robot else None))
        for s in Seat.objects.filter(table_id=table.pk).order_by("index")
    ]


def version_of(table) -> int:
    return Table.objects.get(pk=table.pk).version
