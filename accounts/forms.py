"""Account forms: sign up with a nickname, change the nickname, delete the account."""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from allauth.account.forms import SignupForm as AllauthSignupForm
from allauth.core import ratelimit
from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts import services
from accounts.models import User
from accounts.validators import (
    NICKNAME_HELP,
    NICKNAME_MAX,
    NICKNAME_MIN,
    USERNAME_HELP,
    nickname_key,
    normalize_nickname,
    validate_nickname,
)


class NicknameField(forms.CharField):
    """The nickname, normalized before any check, so "2 to 20" counts what the tables show.

    The length is checked by validate_nickname alone (one message); the browser gets the same
    limits as minlength and maxlength.
    """

    default_error_messages = {
        "required": _("O apelido é obrigatório: é o nome que os outros veem nas mesas.")
    }

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("label", _("Apelido"))
        kwargs.setdefault("help_text", NICKNAME_HELP)
        kwargs.setdefault("widget", forms.TextInput(attrs={"autocomplete": "nickname"}))
        super().__init__(validators=[validate_nickname], **kwargs)

    def to_python(self, value) -> str:
        return normalize_nickname(super().to_python(value))

    def widget_attrs(self, widget) -> dict:
        attrs = super().widget_attrs(widget)
        return {**attrs, "minlength": str(NICKNAME_MIN), "maxlength": str(NICKNAME_MAX)}


def clean_nickname_for(value: str, *, user: User | None = None, username: str = "") -> str:
    """A valid, free nickname, or ValidationError with a message for the nickname field.

    `username` is the account's login name (the one being chosen, at sign-up): the nickname may
    not give it away.
    """
    value = normalize_nickname(value)
    validate_nickname(value)
    username = username or (user.username if user is not None else "")
    if username and nickname_key(value) == nickname_key(username):
        raise ValidationError(
            _(
                "O apelido não pode ser o seu nome de usuário: ele serve para entrar e ninguém "
                "mais deve saber. Escolha outro."
            ),
            code="nickname_username",
        )
    taken = User.objects.filter(nickname_key=nickname_key(value))
    if user is not None and user.pk:
        taken = taken.exclude(pk=user.pk)
    if taken.exists():
        raise ValidationError(
            _("Este apelido já está em uso. Escolha outro."), code="nickname_taken"
        )
    return value


class SignupForm(AllauthSignupForm):
    """allauth's sign-up form plus the nickname, which is required: the username stays private."""

    nickname = NicknameField()
    field_order = ["username", "nickname", "email", "password1", "password2"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = USERNAME_HELP

    def clean(self) -> dict:
        cleaned = super().clean()
        nickname = cleaned.get("nickname")
        if nickname:
            try:
                cleaned["nickname"] = clean_nickname_for(
                    nickname, username=cleaned.get("username", "")
                )
            except ValidationError as error:
                self.add_error("nickname", error)
        return cleaned


class NicknameForm(forms.ModelForm):
    nickname = NicknameField()

    class Meta:
        model = User
        fields = ["nickname"]

    def clean_nickname(self) -> str:
        return clean_nickname_for(self.cleaned_data["nickname"], user=self.instance)


class DeleteAccountForm(forms.Form):
    """Re-authenticates with the password, then erases the account (see services.delete_account)."""

    password = forms.CharField(
        label=_("Sua senha"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label=_("Entendo que a conta será excluída e que isso não pode ser desfeito."),
        error_messages={"required": _("Marque a confirmação para excluir a conta.")},
    )

    def __init__(self, *args, request: HttpRequest, **kwargs) -> None:
        self.request = request
        self.user: User = request.user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not ratelimit.consume(self.request, action="reauthenticate", user=self.user):
            raise ValidationError(
                _("Muitas tentativas seguidas. Espere um minuto e tente de novo."),
                code="rate_limited",
            )
        if not get_adapter(self.request).reauthenticate(self.user, password):
            raise ValidationError(_("Senha incorreta."), code="incorrect_password")
        return password

    def delete(self) -> None:
        with transaction.atomic():
            services.delete_account(user=self.user)
