"""Limits per person and per address: how many sockets one account or one client address keeps
open in this process, how many messages an account sends across all its sockets, and a rate
counted in Django's cache (shared by the processes, as allauth counts its login limits).

The socket counts and the message budgets live in the process: each daphne guards itself, and
nginx's limit_conn (deploy/nginx/bozo.conf) caps an address across all of them.
"""

from __future__ import annotations

import time
import weakref
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

_of_account: dict[int, weakref.WeakSet] = {}
_of_address: dict[str, weakref.WeakSet] = {}
_budgets: dict[int, Budget] = {}


class Budget:
    """A token bucket: a burst, then so many a second."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self.tokens, self.refilled = float(burst), time.monotonic()

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.per_second)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def address_of(scope: dict[str, Any]) -> str | None:
    """The client's address: daphne's --proxy-headers fills it from nginx's X-Forwarded-For."""
    client = scope.get("client")
    return str(client[0]) if client else None


def socket_refusal(socket: object, user_id: int | None, address: str | None) -> str:
    """Count `socket` as open for its account and address, or say why it may not open ("" when
    it may). The counts forget a socket when it is discarded or collected."""
    mine = _of_account.get(user_id) if user_id is not None else None
    if mine is not None and len(mine) >= settings.GAMES_SOCKETS_PER_ACCOUNT:
        return _(
            "Você já tem abas demais abertas nas mesas: feche algumas e recarregue esta página."
        )
    here = _of_address.get(address) if address is not None else None
    if here is not None and len(here) >= settings.GAMES_SOCKETS_PER_ADDRESS:
        return _("Conexões demais a partir do seu endereço: tente de novo daqui a pouco.")
    if user_id is not None:
        _of_account.setdefault(user_id, weakref.WeakSet()).add(socket)
    if address is not None:
        _of_address.setdefault(address, weakref.WeakSet()).add(socket)
    return ""


def socket_closed(socket: object, user_id: int | None, address: str | None) -> None:
    for counts, key in ((_of_account, user_id), (_of_address, address)):
        sockets = counts.get(key) if key is not None else None
        if sockets is None:
            continue
        sockets.discard(socket)
        if not sockets:
            del counts[key]
            if counts is _of_account:
                _budgets.pop(key, None)


def account_spend(user_id: int | None) -> bool:
    """One message of this account against its budget across all its sockets here."""
    if user_id is None:
        return True
    budget = _budgets.get(user_id)
    if budget is None:
        budget = _budgets[user_id] = Budget(
            settings.GAMES_ACCOUNT_MESSAGES_BURST, settings.GAMES_ACCOUNT_MESSAGES_PER_SECOND
        )
    return budget.spend()


def within_rate(key: str, count: int, seconds: int) -> bool:
    """At most `count` of `key` in each window of `seconds`, counted in the cache."""
    key = f"rate:{key}:{int(time.time() // seconds)}"
    if cache.add(key, 1, timeout=seconds * 2):
        return True
    try:
        return cache.incr(key) <= count
    except ValueError:  # expired between the two calls
        return cache.add(key, 1, timeout=seconds * 2) or True
