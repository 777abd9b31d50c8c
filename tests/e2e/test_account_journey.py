"""A person's whole account life in a real browser against the ASGI live server (daphne)."""

from __future__ import annotations

import json

import pytest

from accounts.models import User
from tests.e2e.live import PASSWORD, LiveServerTestCase

pytestmark = pytest.mark.e2e


class AccountJourneyTests(LiveServerTestCase):
    @pytest.fixture(autouse=True)
    def _downloads(self, tmp_path):
        self.downloads = tmp_path

    def setUp(self):
        super().setUp()
        context = self.new_context(viewport={"width": 360, "height": 640}, accept_downloads=True)
        self.page = context.new_page()

    def log_in(self, login: str, password: str = PASSWORD) -> None:
        page = self.page
        page.goto(self.url("/conta/login/"))
        page.get_by_label("Nome de usuário ou e-mail").fill(login)
        page.get_by_label("Senha").fill(password)
        page.get_by_role("button", name="Entrar").click()

    def log_out(self) -> None:
        page = self.page
        page.get_by_role("link", name="Sair").click()
        page.get_by_role("button", name="Sair").click()
        page.wait_for_url(self.url("/"))

    def test_sign_up_log_in_change_nickname_download_data_log_out_and_delete(self):
        page = self.page

        # Sign up from the home page; a bad e-mail is answered next to the field.
        page.goto(self.url("/"))
        page.get_by_role("link", name="Criar conta").first.click()
        page.get_by_label("Nome de usuário").fill("ana_luiza")
        page.get_by_label("Apelido").fill("Ana Luíza")
        page.get_by_label("E-mail").fill("ana-sem-arroba")
        page.get_by_label("Senha", exact=True).fill(PASSWORD)
        page.get_by_label("Senha (novamente)").fill(PASSWORD)
        page.get_by_role("button", name="Criar conta").click()
        assert page.locator("#id_email_error").is_visible()
        assert page.get_by_label("Apelido").input_value() == "Ana Luíza"

        page.get_by_label("E-mail").fill("ana@example.com")
        page.get_by_label("Senha", exact=True).fill(PASSWORD)
        page.get_by_label("Senha (novamente)").fill(PASSWORD)
        page.get_by_role("button", name="Criar conta").click()
        # A new account lands in the lobby, welcomed in one notice.
        page.wait_for_url(self.url("/jogar/"))
        assert page.get_by_role("link", name="Ana Luíza").is_visible()
        assert page.locator(".messages .message").count() == 1

        # Log out, then back in with the e-mail address.
        self.log_out()
        assert page.get_by_role("link", name="Entrar").is_visible()
        self.log_in("ana@example.com")
        page.wait_for_url(self.url("/"))

        # Change the nickname on the profile.
        page.get_by_role("link", name="Ana Luíza").click()
        page.get_by_label("Apelido").fill("Aninha")
        page.get_by_role("button", name="Salvar apelido").click()
        assert page.get_by_text("Apelido atualizado").is_visible()
        assert page.get_by_role("link", name="Aninha").is_visible()
        assert User.objects.get(username="ana_luiza").nickname == "Aninha"

        # Download my data.
        with page.expect_download() as info:
            page.get_by_role("link", name="Baixar meus dados (JSON)").click()
        target = self.downloads / "dados.json"
        info.value.save_as(target)
        data = json.loads(target.read_text(encoding="utf-8"))
        assert data["conta"]["apelido"] == "Aninha"
        assert data["conta"]["email"] == "ana@example.com"

        # Log out, log in with the username.
        self.log_out()
        self.log_in("ana_luiza")
        page.wait_for_url(self.url("/"))

        # Delete the account: the wrong password first, then the right one.
        page.goto(self.url("/conta/excluir/"))
        page.get_by_label("Sua senha").fill("nao-e-essa")
        page.get_by_label("Entendo que a conta será excluída").check()
        page.get_by_role("button", name="Excluir minha conta").click()
        assert page.get_by_text("Senha incorreta.").is_visible()
        page.get_by_label("Sua senha").fill(PASSWORD)
        page.get_by_label("Entendo que a conta será excluída").check()
        page.get_by_role("button", name="Excluir minha conta").click()
        page.wait_for_url(self.url("/"))
        assert page.get_by_text("Sua conta foi excluída").is_visible()
        assert page.get_by_role("link", name="Entrar").is_visible()

        removed = User.objects.get(nickname="Jogador removido")
        assert not removed.is_active and removed.email == ""

        # The old credentials no longer open anything.
        self.log_in("ana_luiza")
        assert page.get_by_text("incorretos").is_visible()
