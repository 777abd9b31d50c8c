"""Profile, data export and account deletion; allauth serves the rest of /conta/."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.forms import DeleteAccountForm, NicknameForm
from accounts.services import export_data
from games.selectors import finished_games
from marcador.selectors import saved_sheets

LATEST_GAMES = 5  # the profile's latest games; the history page lists them all
GAMES_PER_PAGE = 20


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = NicknameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                form.save()
        except IntegrityError:  # someone took the nickname between the check and the save
            form.add_error("nickname", _("Este apelido já está em uso. Escolha outro."))
        else:
            messages.success(request, _("Apelido atualizado para “%s”.") % form.instance.nickname)
            return redirect("accounts:profile")
    latest = finished_games(request.user, per_page=LATEST_GAMES)
    context = {
        "form": form,
        "games": latest.object_list,
        "more_games": latest.has_next(),
        "sheets": saved_sheets(request.user),
    }
    return render(request, "accounts/profile.html", context)


@login_required
@require_GET
def history(request: HttpRequest) -> HttpResponse:
    """Every finished game of the person, newest first, a page at a time (`?pagina=`)."""
    page = finished_games(request.user, page=request.GET.get("pagina"), per_page=GAMES_PER_PAGE)
    context = {"page": page, "games": page.object_list, "sheets": saved_sheets(request.user)}
    return render(request, "accounts/history.html", context)


@login_required
@require_GET
def my_data(request: HttpRequest) -> HttpResponse:
    payload = json.dumps(export_data(user=request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(payload, content_type="application/json; charset=utf-8")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="meus-dados-bozo-{stamp}.json"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        form.delete()
        logout(request)
        messages.success(request, _("Sua conta foi excluída. Obrigado por ter jogado com a gente."))
        return redirect("home")
    return render(request, "accounts/delete.html", {"form": form})


def privacy(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/privacy.html")
