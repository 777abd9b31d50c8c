"""Run in a subprocess with the servers' settings: JSON in on stdin, JSON out on stdout.

Creates people with logged-in sessions and the tables a test asks for, through the services. A
table's spec: game, mode, seats (names, or "robot"), and optionally options, fast_robots, away
(the host opened the page and left it: a robot takes their seat at the sweeper's next look) and
finish (played to its end, every seat playing what its robot would, for its replay)."""

from __future__ import annotations

import json
import sys


def main() -> None:
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.test.utils import override_settings
    from django.utils import timezone

    from accounts.models import User
    from games import services
    from games.models import TableSocket

    request = json.load(sys.stdin)
    store = import_module(settings.SESSION_ENGINE).SessionStore
    people = {}
    for name in request["people"]:
        user = User.objects.create_user(username=name, email="", password=None, nickname=name)
        session = store()
        session[SESSION_KEY] = user._meta.pk.value_to_string(user)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        people[name] = {"id": user.pk, "session": session.session_key, "user": user}
    tables = {}
    for name, spec in request["tables"].items():
        host = people[spec["seats"][0]]["user"]
        table = services.table_create(
            host=host,
            game=spec["game"],
            mode=spec["mode"],
            options=spec.get("options"),
            fast_robots=spec.get("fast_robots", False),
        )
        for seat in spec["seats"][1:]:
            if seat == "robot":
                services.robot_add(table_id=table.pk, by=host)
            else:
                services.seat_take(table_id=table.pk, user=people[seat]["user"])
        services.table_start(table_id=table.pk, by=host)
        if spec.get("finish"):
            play_out(table.pk, {p["id"]: p["user"] for p in people.values()})
        if spec.get("away"):
            socket = TableSocket.objects.create(
                channel_name=f"setup-{table.pk}", table=table, user=host, seen_at=timezone.now()
            )
            services.presence_sync(table_id=table.pk, user_id=host.pk)
            socket.delete()
            with override_settings(GAMES_TAKEOVER_SECONDS=0):
                services.presence_sync(table_id=table.pk, user_id=host.pk)
        tables[name] = table.pk
    for person in people.values():
        del person["user"]
    sys.stdout.write("SETUP-JSON:" + json.dumps({"people": people, "tables": tables}) + "\n")


def play_out(table_id: int, people: dict) -> None:
    from games import rules, services, snapshots

    copy = snapshots.get(table_id, fresh=True)
    while copy.playing:
        seat = rules.get(copy.game).to_act(copy.state)[0]
        action = services.robot_choice(copy, seat)
        holder = copy.seats[seat]
        if holder.robot:
            services.robot_act(
                table_id=table_id, seat=seat, action=action, version=copy.version, kind="robot"
            )
        else:
            user = people[holder.user_id]
            services.table_act(table_id=table_id, user=user, action=action, version=copy.version)
        copy = snapshots.get(table_id, fresh=True)


if __name__ == "__main__":
    main()
