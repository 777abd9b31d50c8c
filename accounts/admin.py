from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from accounts.forms import NicknameField, clean_nickname_for
from accounts.models import User
from accounts.validators import NICKNAME_HELP

ADMIN_NICKNAME_HELP = format_lazy(
    "{} {}", NICKNAME_HELP, _("Em branco, a pessoa aparece como “Pessoa N” até escolher um.")
)


class NicknameCheckMixin(forms.Form):
    """The staff may leave the nickname blank (the stand-in name shows), never the username."""

    nickname = NicknameField(required=False, help_text=ADMIN_NICKNAME_HELP)

    def clean_nickname(self) -> str:
        nickname = self.cleaned_data["nickname"]
        if not nickname:
            return ""
        return clean_nickname_for(
            nickname, user=self.instance, username=self.cleaned_data.get("username", "")
        )


class AdminChangeForm(NicknameCheckMixin, UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User


class AdminCreationForm(NicknameCheckMixin, AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("username", "nickname", "email")


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    form = AdminChangeForm
    add_form = AdminCreationForm
    list_display = ("username", "nickname", "email", "is_active", "is_staff", "date_joined")
    list_filter = ("is_active", "is_staff", "is_superuser")
    search_fields = ("username", "email", "nickname")
    ordering = ("-date_joined",)
    readonly_fields = ("removed_at", "last_login", "date_joined")
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        (_("Perfil"), {"fields": ("nickname", "email", "first_name", "last_name")}),
        (
            _("Permissões"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Datas"), {"fields": ("last_login", "date_joined", "removed_at")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": (
                    "username",
                    "nickname",
                    "email",
                    "usable_password",
                    "password1",
                    "password2",
                ),
            },
        ),
    )
