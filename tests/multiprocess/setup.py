"""Run in a subprocess with the servers' settings: JSON in on stdin, JSON out on stdout.

Creates people with logged-in sessions and the tables a test asks for, through the services; a
table whose spec says `"finish": true` is then played to its end (for its replay), every seat
playing what its robot would."""

from __future__ import annotations

import json
import sys


def main() -> None:
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from accounts.models import User
    from games import services

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
        table = services.table_create(host=host, game=spec["game"], mode=spec["mode"])
        for seat in spec["seats"][1:]:
            if seat == "robot":
                services.robot_add(table_id=table.pk, by=host)
            else:
                services.seat_take(table_id=table.pk, user=people[seat]["user"])
        services.table_start(table_id=table.pk, by=host)
        if spec.get("finish"):
            play_out(table.pk, {p["id"]: p["user"] for p in people.values()})
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
