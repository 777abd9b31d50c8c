"""allauth hooks: store the nickname chosen at sign-up, name people by it, welcome a new account
with one notice, and keep an e-mail address that another account already holds from being
confirmed by a stranger's link.

Sign-up does not tell whether an address is registered (ACCOUNT_PREVENT_ENUMERATION = "strict"
in config/settings.py): a sign-up with a registered address goes through like any other, so
two accounts may then share the address, unverified on the new one. The address's owner gets
allauth's "account already exists" mail instead of a confirmation link, because confirming
would move the address to the new account, and with it e-mail login and password reset.
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from django.contrib import messages
from django.utils.translation import gettext as _

from accounts.models import User

SENT = "account/messages/email_confirmation_sent.txt"
LOGGED_IN = "account/messages/logged_in.txt"
# On a sign-up's request: the addresses its confirmation mail went to (this site's attribute).
SIGNUP_MAIL = "bozo_signup_mail"


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

    def pre_login(self, request, user, **kwargs):
        # allauth tells a new account two things (mail sent, signed in): say them in one notice.
        if kwargs.get("signup"):
            setattr(request, SIGNUP_MAIL, [])
        return super().pre_login(request, user, **kwargs)

    def post_login(self, request, user, **kwargs):
        response = super().post_login(request, user, **kwargs)
        mail = getattr(request, SIGNUP_MAIL, None)
        if mail is None:
            return response
        welcome = _("Boas-vindas à mesa, %(name)s! Escolha um jogo e sente-se.") % {
            "name": user.display_name
        }
        if mail:
            welcome += " " + _("Mandamos um e-mail para %(email)s: confirme o endereço.") % {
                "email": mail[-1]
            }
        messages.success(request, welcome)
        return response

    def add_message(self, request, level, message_template=None, message_context=None, **kw):
        mail = getattr(request, SIGNUP_MAIL, None)
        if mail is not None and message_template in (SENT, LOGGED_IN):
            if message_template == SENT:
                mail.append((message_context or {}).get("email", ""))
            return
        super().add_message(request, level, message_template, message_context, **kw)


def held_by_another_account(*, email: str, user: User) -> bool:
    """True when an account other than `user` has `email`, verified or not."""
    others = EmailAddress.objects.filter(email__iexact=email).exclude(user=user)
    return others.exists() or User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists()


def user_display(user: User) -> str:
    """How allauth's pages, messages and mails name a person (ACCOUNT_USER_DISPLAY)."""
    return user.display_name
