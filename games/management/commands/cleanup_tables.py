from django.core.management.base import BaseCommand

from games.services import cleanup_tables


class Command(BaseCommand):
    help = "Apaga as mesas sem atividade há mais de N dias (padrão: 7). Agende uma vez por dia."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=7)

    def handle(self, *args, days: int, **options):
        deleted = cleanup_tables(days=days)
        self.stdout.write(f"{deleted} mesa(s) apagada(s).")
