"""`manage.py catalogue`: rebuild locale/pt_BR's django.po and .mo (config/catalogue.py)."""

from django.core.management.base import BaseCommand

from config import catalogue


class Command(BaseCommand):
    help = "Reescreve locale/pt_BR/LC_MESSAGES/django.po com os textos do site e compila o .mo."

    def handle(self, *args, **options):
        count = catalogue.rebuild()
        self.stdout.write(f"{catalogue.PO.relative_to(catalogue.LOCALE.parent.parent)}: {count}")
