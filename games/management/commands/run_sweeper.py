import time

from django.core.management.base import BaseCommand

from games.services import run_due


class Command(BaseCommand):
    help = (
        "Aplica os prazos vencidos das mesas (jogadas de robôs, inatividade) num laço. Cada "
        "processo daphne já roda um; este comando serve para mantê-los mesmo sem ninguém conectado."
    )

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=0.25)
        parser.add_argument("--once", action="store_true")

    def handle(self, *args, interval: float, once: bool, **options):
        while True:
            run_due()
            if once:
                return
            time.sleep(interval)
