"""Bad input on every page of the site (hypothesis): random path arguments, query strings and
form posts, as an anonymous visitor and signed in, never give a 500; a refused post shows its
errors in Portuguese and changes nothing.

The pages are listed from the URL resolver, so a new one is fuzzed too: its path arguments come
from `ARGUMENTS` (by the converter's name), and a page whose route this module cannot build
fails `test_every_page_of_the_site_is_fuzzed` until it is added to `ROUTES`. The fields posted
are those of the page's own forms, plus strangers.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core.exceptions import PermissionDenied
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls import path as route
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from accounts.models import User
from config import urls as site_urls
from games import services
from games.models import Action, ChatMessage, Seat, Table
from marcador.models import ScoreSheet
from tests.properties import EXAMPLES as PROPERTY_EXAMPLES

pytestmark = pytest.mark.django_db

EXAMPLES = PROPERTY_EXAMPLES["form_fuzz"]
# English that Django or allauth would show if a message were not translated.
ENGLISH = (
    "This field is required",
    "Enter a valid",
    "Select a valid choice",
    "Ensure this value",
    "is not one of the available choices",
    "Null characters are not allowed",
    "The password you specified",
    "Please enter",
)

# How this module builds the path of each route (its name in the resolver); arguments by name.
ROUTES: dict[str, str] = {
    "home": "",
    "privacy": "privacidade/",
    "terms": "termos/",
    "about": "sobre/",
    "accounts:profile": "conta/perfil/",
    "accounts:history": "conta/historico/",
    "accounts:my_data": "conta/meus-dados/",
    "accounts:delete": "conta/excluir/",
    "account_login": "conta/login/",
    "account_logout": "conta/logout/",
    "account_inactive": "conta/inactive/",
    "account_signup": "conta/signup/",
    "account_reauthenticate": "conta/reauthenticate/",
    "account_request_reauthentication_code": "conta/reauthenticate/code/",
    "account_confirm_reauthentication_code": "conta/reauthenticate/code/confirm/",
    "account_email": "conta/email/",
    "account_email_verification_sent": "conta/confirm-email/",
    "account_change_password": "conta/password/change/",
    "account_set_password": "conta/password/set/",
    "account_reset_password": "conta/password/reset/",
    "account_confirm_login_code": "conta/login/code/confirm/",
    "account_confirm_email": "conta/confirm-email/{key}/",
    "account_reset_password_from_key_done": "conta/password/reset/key/done/",
    "account_reset_password_from_key": "conta/password/reset/key/{uidb36}-{key}/",
    "account_reset_password_done": "conta/password/reset/done/",
    "games:lobby": "jogar/",
    "games:lobby_game": "jogar/{slug}/",
    "games:table_new": "jogar/{slug}/nova/",
    "games:robot_duel": "jogar/{slug}/contra-robo/",
    "games:table": "mesa/{table_id}/",
    "games:invite": "mesa/{table_id}/convite/{code}/",
    "games:invite_team": "mesa/{table_id}/convite/{code}/{team}/",
    "games:replay": "mesa/{table_id}/replay/",
    "analysis:table": "mesa/{table_id}/analise/",
    "marcador:sheet": "yams/marcador/",
    "marcador:saved": "yams/marcador/{sheet_id}/",
    "guides:index": "como-jogar/",
    "guides:guide": "como-jogar/{slug}/",
    "guides:practice": "como-jogar/{slug}/treine/",
    "guides:round": "como-jogar/{slug}/rodadas/{number}/",
    "favicon": "favicon.ico",
    "sitemap": "sitemap.xml",
    "robots": "robots.txt",
}
# Django's own admin is staff-only and Django's; its login page is fuzzed, not its models.
LEFT_OUT = ("admin:",)

NUMBERS = st.sampled_from(["0", "1", "2", "3", "7", "999999", "99999999999999999999"])
WORDS = st.sampled_from(
    ["bozo", "domino", "dozito", "yams", "xadrez", "a", "BOZO", "-", "_", "1"]
) | st.from_regex(r"[-a-zA-Z0-9_]{1,30}", fullmatch=True)
# Text a browser could send (no lone surrogates: the client itself could not encode them).
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40) | st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "1",
        "on",
        "true",
        "público",
        "<script>x</script>",
        "\x00",
        "9" * 30,
        "mesa-de-bozo-2026",
    ]
)


def all_routes() -> dict[str, str]:
    """Every named route of the site, by name, with its route text."""
    found: dict[str, str] = {}

    def walk(patterns, prefix: str, namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
            elif isinstance(pattern, URLPattern):
                name = f"{namespace}{pattern.name}" if pattern.name else "favicon"
                found[name] = prefix + str(pattern.pattern)

    walk(get_resolver().url_patterns, "", "")
    return {name: route for name, route in found.items() if not name.startswith(LEFT_OUT)}


class Fields(HTMLParser):
    """The names of the fields of a page's POST forms."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.posting = False
        self.posts = False

    def handle_starttag(self, tag: str, attrs) -> None:
        attrs = dict(attrs)
        if tag == "form":
            self.posting = (attrs.get("method") or "").lower() == "post"
            self.posts |= self.posting
        elif (
            tag in ("input", "select", "textarea", "button") and self.posting and attrs.get("name")
        ):
            self.names.add(attrs["name"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.posting = False


def everything() -> tuple:
    """What a request may change, as one comparable value."""
    return (
        list(
            User.objects.order_by("pk").values_list(
                "pk", "nickname", "email", "password", "is_active"
            )
        ),
        list(EmailAddress.objects.order_by("pk").values_list("pk", "email", "verified", "primary")),
        list(Table.objects.order_by("pk").values_list("pk", "version", "status", "is_public")),
        list(Seat.objects.order_by("pk").values_list("pk", "user_id", "robot")),
        Action.objects.count(),
        ChatMessage.objects.count(),
        list(ScoreSheet.objects.order_by("pk").values_list("pk", "entries")),
    )


@pytest.fixture
def site(make_user):
    """People and tables: a public game on, a private one waiting, a finished one, a score sheet."""
    ana, bia = make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")
    playing = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=playing.pk, user=bia)
    services.table_start(table_id=playing.pk, by=ana)
    private = services.table_create(host=bia, game="domino", mode="duplas", is_public=False)
    finished = services.table_create(host=bia, game="yams", mode="solo")
    services.seat_leave(table_id=finished.pk, user=bia)
    sheet = ScoreSheet.objects.create(user=ana, players=["Ana"], state={}, entries=[])
    clients = {who: Client(raise_request_exception=False) for who in (None, "ana", "bia")}
    clients["ana"].force_login(ana)
    clients["bia"].force_login(bia)
    return {
        "people": {"ana": ana, "bia": bia},
        "clients": clients,
        "tables": [playing.pk, private.pk, finished.pk],
        "code": Table.objects.get(pk=private.pk).invite_code,
        "sheet": sheet.pk,
    }


def arguments(site: dict[str, Any]) -> dict[str, st.SearchStrategy[str]]:
    tables = st.sampled_from([str(pk) for pk in site["tables"]])
    return {
        "slug": WORDS,
        "table_id": tables | NUMBERS,
        "code": st.sampled_from([site["code"], "x", "0" * 40]) | WORDS,
        "team": st.sampled_from(["0", "1", "2"]) | NUMBERS,
        "sheet_id": st.just(str(site["sheet"])) | NUMBERS,
        "key": WORDS | st.sampled_from(["a:b:c", "MQ:1abc:xyz"]),
        "uidb36": st.sampled_from(["1", "2", "zz", "0"]),
        "number": st.sampled_from(["1", "4", "11", "0", "12"]) | NUMBERS,
    }


def query() -> st.SearchStrategy[dict[str, str]]:
    names = st.sampled_from(["page", "passo", "next", "q", "jogo", "x"]) | st.text(max_size=5)
    return st.dictionaries(names, TEXT, max_size=3)


def look(response, what: str) -> None:
    assert response.status_code < 500, (what, response.status_code)
    if "html" in response.get("Content-Type", ""):
        page = response.content.decode()
        for english in ENGLISH:
            assert english not in page, (what, english)
        assert "Traceback" not in page, what


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_random_paths_queries_and_posts_never_fail_and_refused_posts_change_nothing(site, data):
    routes = all_routes()
    name = data.draw(st.sampled_from(sorted(routes)), label="route")
    values = {arg: data.draw(s, label=arg) for arg, s in arguments(site).items()}
    path = "/" + ROUTES[name].format(**values)
    who = data.draw(st.sampled_from([None, "ana", "bia"]), label="who")
    client = site["clients"][who]
    if who and "_auth_user_id" not in client.session:  # logged out by an earlier example
        client.force_login(site["people"][who])
    headers = {"HX-Request": "true"} if data.draw(st.booleans(), label="htmx") else {}
    params = data.draw(query(), label="query")
    response = client.get(path, params, headers=headers)
    look(response, f"GET {path} {params} as {who}")
    reader = Fields()
    if "html" in response.get("Content-Type", ""):
        reader.feed(response.content.decode())
    names = sorted(reader.names) or ["x"]
    fields = data.draw(
        st.dictionaries(
            st.sampled_from(names) | st.text(max_size=6),
            TEXT | st.lists(TEXT, max_size=3),
            max_size=6,
        ),
        label="fields",
    )
    before = everything()
    response = client.post(path, fields, headers=headers)
    what = f"POST {path} {fields} as {who}"
    look(response, what)
    if response.status_code != 302 or response.get("Location", "").startswith("/conta/login"):
        assert everything() == before, f"a refused post changed the site: {what}"


@pytest.mark.parametrize("name", sorted(all_routes()))
def test_every_page_of_the_site_is_fuzzed(name, site):
    """Every route is one the fuzz above builds; each answers an empty post without a 500."""
    assert name in ROUTES, f"add the new page {name!r} to ROUTES in this module"
    placeholders = set(re.findall(r"\{(\w+)\}", ROUTES[name]))
    assert placeholders <= set(arguments(site)), name
    client = Client(raise_request_exception=False)
    client.force_login(site["people"]["ana"])
    first = {"slug": "bozo", "table_id": str(site["tables"][0]), "code": site["code"]}
    path = "/" + ROUTES[name].format(**{**dict.fromkeys(placeholders, "1"), **first})
    for response in (client.get(path), client.post(path, {})):
        look(response, path)


def test_a_post_without_its_form_token_is_refused_in_portuguese_and_changes_nothing(site):
    """An old page, another tab's logout or blocked cookies: the form's CSRF check fails."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(site["people"]["ana"])
    before = everything()
    for path, fields in [
        ("/conta/perfil/", {"nickname": "Outra"}),
        ("/jogar/bozo/nova/", {"mode": "duelo"}),
        ("/conta/excluir/", {"password": "mesa-de-bozo-2026", "confirm": "on"}),
    ]:
        response = client.post(path, fields)
        page = response.content.decode()
        assert response.status_code == 403
        assert 'lang="pt-BR"' in page and "Este formulário expirou" in page
        assert "CSRF" not in page and "Forbidden" not in page
    assert everything() == before


def _denied(request):
    raise PermissionDenied


# The site's pages and one that refuses everyone (none of the site's does yet; allauth's may).
urlpatterns = [route("negado/", _denied), *site_urls.urlpatterns]


@override_settings(ROOT_URLCONF=__name__)
def test_a_refused_page_says_so_in_portuguese():
    response = Client(raise_request_exception=False).get("/negado/")
    page = response.content.decode()
    assert response.status_code == 403
    assert 'lang="pt-BR"' in page and "Você não tem acesso a esta página" in page
