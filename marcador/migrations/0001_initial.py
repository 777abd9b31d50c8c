"""ScoreSheet, born in the games app (games 0006 created its table), moves here without touching
the database: the model enters marcador's state on the table it always had, games_scoresheet,
before games 0009 takes it out of the games' state. A fresh database gets the table from games
0006 as before; an existing one keeps every row.

Its content type is renamed with it, so that the permissions given on it and the admin's log
of it follow the model instead of being left on a stale "games.scoresheet"."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_type_to(old: str, new: str):
    def rename(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        types = ContentType.objects.using(schema_editor.connection.alias)
        if not types.filter(app_label=new, model="scoresheet").exists():
            types.filter(app_label=old, model="scoresheet").update(app_label=new)

    return rename


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("games", "0006_replay_states_score_sheets"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]
    run_before = [
        ("games", "0009_scoresheet_to_marcador"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ScoreSheet",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("players", models.JSONField(default=list, verbose_name="jogadores")),
                        ("options", models.JSONField(default=dict, verbose_name="opções")),
                        ("state", models.JSONField(verbose_name="estado")),
                        ("entries", models.JSONField(default=list, verbose_name="lançamentos")),
                        (
                            "created_at",
                            models.DateTimeField(auto_now_add=True, verbose_name="criado em"),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="score_sheets",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "marcador de Yam's",
                        "verbose_name_plural": "marcadores de Yam's",
                        "db_table": "games_scoresheet",
                        "ordering": ["-created_at"],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(
            content_type_to("games", "marcador"), content_type_to("marcador", "games")
        ),
    ]
