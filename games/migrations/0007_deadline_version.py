from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def tag_pending_timers(apps, schema_editor):
    """Timers pending at the upgrade belong to their table's current game state."""
    Deadline = apps.get_model("games", "Deadline")
    Table = apps.get_model("games", "Table")
    turn = Table.objects.filter(pk=OuterRef("table_id")).values("state_version")[:1]
    Deadline.objects.update(version=Subquery(turn))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_replay_states_score_sheets"),
    ]

    operations = [
        migrations.AddField(
            model_name="deadline",
            name="version",
            field=models.PositiveIntegerField(default=0, verbose_name="versão"),
        ),
        migrations.RunPython(tag_pending_timers, migrations.RunPython.noop, elidable=True),
    ]
