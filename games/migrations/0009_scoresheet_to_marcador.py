"""The score-keeper's ScoreSheet moved to its own app, `marcador`: it leaves the games' state
only. Its table, games_scoresheet, stays where it is with every row; marcador's first migration
takes it over (it runs before this one, so the model is never missing from the project)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_seat_robot_played"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ScoreSheet")],
            database_operations=[],
        ),
    ]
