"""Signals other apps may listen to, so that accounts never needs to know them."""

from django.dispatch import Signal

# Sent with `user` once an account's personal data is erased (accounts.services.delete_account).
account_deleted = Signal()
