import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from analysis import jobs as analyses
from games import presence, sweeper


class Command(BaseCommand):
    help = (
        "Aplica os prazos vencidos das mesas (jogadas de robôs, relógios, inatividade, robô no "
        "lugar de quem saiu) num laço, e calcula as análises das partidas terminadas numa thread "
        "à parte. Cada processo daphne já roda um varredor; este comando serve para mantê-los "
        "mesmo sem ninguém conectado."
    )

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=settings.GAMES_SWEEP_SECONDS)
        parser.add_argument("--once", action="store_true")

    def handle(self, *args, interval: float, once: bool, **options):
        if once:
            while analyses.run_next():
                close_old_connections()
        else:
            threading.Thread(target=analyses.work_forever, name="analises", daemon=True).start()
        swept_at = 0.0
        while True:
            try:
                sweeper.run_due()
                if time.monotonic() - swept_at >= settings.GAMES_PRESENCE_REFRESH_SECONDS:
                    presence.sweep_stale()
                    swept_at = time.monotonic()
            finally:
                # Each round borrows its connection (the pool checks it) and gives it back.
                close_old_connections()
            if once:
                return
            time.sleep(interval)
