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
from accounts.validators import NICKNAME_MAX, nickname_key, normalize_nickname, validate_nickname

NICKNAME_HELP = _(
    "Como você aparece nas mesas e no saguão. De 2 a 20 caracteres: letras, números, espaços, "
    "- e _. Evite informações pessoais."
)


def clean_nickname_for(value: str, *, user: User | None = None) -> str:
    """A valid, free nickname, or ValidationError with a message for the nickname field."""
    value = normalize_nickname(value)
    validate_nickname(value)
    taken = User.objects.filter(nickname_key=nickname_key(value))
    if user is not None and user.pk:
        taken = taken.exclude(pk=user.pk)
    if taken.exists():
        raise ValidationError(
            _("Este apelido já está em uso. Escolha outro."), code="nickname_taken"
        )
    return value


class SignupForm(AllauthSignupForm):
    """allauth's sign-up form plus the nickname (blank: the username)."""

    nickname = forms.CharField(
        label=_("Apelido"),
        required=False,
        max_length=NICKNAME_MAX + 10,
        help_text=NICKNAME_HELP,
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    field_order = ["username", "nickname", "email", "password1", "password2"]

    def clean(self) -> dict:
        cleaned = super().clean()
        if "nickname" in self.errors:
            return cleaned
        nickname = cleaned.get("nickname") or cleaned.get("username")
        if not nickname:
            return cleaned
        try:
            cleaned["nickname"] = clean_nickname_for(nickname)
        except ValidationError as error:
            if not cleaned.get("nickname"):
                error = ValidationError(
                    _("O nome de usuário não serve como apelido: %(reason)s Escolha um apelido."),
                    params={"reason": " ".join(error.messages)},
                )
            self.add_error("nickname", error)
        return cleaned


class NicknameForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["nickname"]
        labels = {"nickname": _("Apelido")}
        help_texts = {"nickname": NICKNAME_HELP}
        widgets = {"nickname": forms.TextInput(attrs={"autocomplete": "nickname"})}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["nickname"].required = True

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
