"""allauth hooks: store the nickname chosen at sign-up."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        user.nickname = form.cleaned_data.get("nickname") or user.username
        if commit:
            user.save()
        return user
