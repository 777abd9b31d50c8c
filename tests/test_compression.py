"""Pages and JSON leave Django gzipped when the browser asks (GZipMiddleware, which pads its
output against BREACH), plain when it does not; static files keep servestatic's own answer, and
forms still pass their CSRF check with compressed pages."""

from __future__ import annotations

import gzip
import re

import pytest
from django.test import Client

from games.models import Table

pytestmark = pytest.mark.django_db

GUIDE = "/como-jogar/bozo/"
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def page(response) -> str:
    """The body as the browser reads it: inflated when it came gzipped."""
    body = response.content
    if response.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    return body.decode()


def unmasked(html: str) -> str:
    """The page without its CSRF token, which Django masks anew for every answer."""
    return re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1", html)


def form_token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_a_guide_is_sent_gzipped_when_the_browser_asks():
    response = Client().get(GUIDE, **GZIP)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert int(response["Content-Length"]) == len(response.content)
    html = page(response)
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert len(response.content) * 4 < len(html.encode())
    assert unmasked(html) == unmasked(Client().get(GUIDE).content.decode())


def test_a_guide_is_sent_plain_when_the_browser_does_not_ask():
    response = Client().get(GUIDE)
    assert response.status_code == 200
    assert "Content-Encoding" not in response
    assert response.content.decode().rstrip().endswith("</html>")


def test_the_data_export_json_is_gzipped_when_asked(client, make_user):
    client.force_login(make_user("ana", nickname="Ana"))
    response = client.get("/conta/meus-dados/", **GZIP)
    assert response["Content-Encoding"] == "gzip"
    assert '"apelido": "Ana"' in page(response)


def test_a_static_file_keeps_the_answer_of_servestatic(settings):
    response = Client().get("/static/css/site.css", **GZIP)
    assert response.status_code == 200
    # In the tests servestatic reads the sources, which have no .gz beside them: a gzip here
    # would be the middleware's, compressing what collectstatic compresses in production.
    assert "Content-Encoding" not in response


def test_the_login_form_works_with_compressed_pages(make_user, password):
    make_user("ana", nickname="Ana")
    browser = Client(enforce_csrf_checks=True)
    login = browser.get("/conta/login/", **GZIP)
    assert login["Content-Encoding"] == "gzip"
    token = form_token(page(login))
    response = browser.post(
        "/conta/login/",
        {"login": "ana", "password": password, "csrfmiddlewaretoken": token},
        **GZIP,
    )
    assert response.status_code == 302
    assert browser.get("/conta/perfil/", **GZIP).status_code == 200


def test_the_table_form_works_with_compressed_pages(make_user):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(make_user("ana", nickname="Ana"))
    form = browser.get("/jogar/bozo/nova/", **GZIP)
    assert form["Content-Encoding"] == "gzip"
    fields = {
        "mode": "duelo",
        "visibility": "public",
        "csrfmiddlewaretoken": form_token(page(form)),
    }
    response = browser.post("/jogar/bozo/nova/", fields, **GZIP)
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/mesa/{table.pk}/"
