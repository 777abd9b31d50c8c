from django.db import migrations, models
from django.db.models import Count

CHUNK = 500


def mark_finished_games(apps, schema_editor):
    """The games finished before the upgrade (kept a week at most) get the same mark as those
    finishing after it, so a history leaves out at once the games a robot played."""
    from games.played import robot_seats

    Table = apps.get_model("games", "Table")
    Seat = apps.get_model("games", "Seat")
    Action = apps.get_model("games", "Action")
    finished = list(Table.objects.filter(status="finished").values_list("pk", flat=True))
    for start in range(0, len(finished), CHUNK):
        ids = finished[start : start + CHUNK]
        holders: dict[int, dict[int, int]] = {}
        people = Seat.objects.filter(table_id__in=ids, user__isnull=False)
        for table_id, index, user_id in people.values_list("table_id", "index", "user_id"):
            holders.setdefault(table_id, {})[index] = user_id
        moves: dict[int, list] = {}
        counted = (
            Action.objects.filter(table_id__in=ids, seat__isnull=False)
            .values_list("table_id", "seat", "user_id")
            .annotate(count=Count("pk"))
            .order_by()
        )
        for table_id, seat, user_id, count in counted:
            moves.setdefault(table_id, []).append((seat, user_id, count))
        for table_id, seats in holders.items():
            robot = robot_seats(seats, moves.get(table_id, []))
            if robot:
                Seat.objects.filter(table_id=table_id, index__in=robot).update(robot_played=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_deadline_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="robot_played",
            field=models.BooleanField(
                default=False, editable=False, verbose_name="jogado pelo robô"
            ),
        ),
        migrations.RunPython(mark_finished_games, migrations.RunPython.noop),
    ]
