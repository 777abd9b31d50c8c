"""allauth hooks: store the nickname chosen at sign-up, name people by it, and keep an e-mail
address that another account already holds from being confirmed by a stranger's link.

Sign-up does not tell whether an address is registered (ACCOUNT_PREVENT_ENUMERATION = "strict"
in config/settings.py): a sign-up with a registered address goes through like any other, so
two accounts may then share the address, unverified on the new one. The address's owner gets
allauth's "account already exists" mail instead of a confirmation link, because confirming
would move the address to the new account, and with it e-mail login and password reset.
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress

from accounts.models import User


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        user.nickname = form.cleaned_data["nickname"]
        if commit:
            user.save()
        return user

    def send_confirmation_mail(self, request, emailconfirmation, signup) -> None:
        address = emailconfirmation.email_address
        if held_by_another_account(email=address.email, user=address.user):
            self.send_account_already_exists_mail(address.email)
            return
        super().send_confirmation_mail(request, emailconfirmation, signup)


def held_by_another_account(*, email: str, user: User) -> bool:
    """True when an account other than `user` has `email`, verified or not."""
    others = EmailAddress.objects.filter(email__iexact=email).exclude(user=user)
    return others.exists() or User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists()


def user_display(user: User) -> str:
    """How allauth's pages, messages and mails name a person (ACCOUNT_USER_DISPLAY)."""
    return user.display_name
