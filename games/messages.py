"""A page's messages to its table socket, read strictly: the JSON that htmx's ws extension sends
for a `ws-send` form (the form's fields: `action` as JSON text for a game action, or `cmd` for a
table command, plus `version` and `cid`), and the page's `{"ack": n}`. Anything else is refused
with a Portuguese message, before it reaches the services."""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _

MAX_MESSAGE = 4096
CID = re.compile(r"[A-Za-z0-9_-]{0,64}")


class BadMessage(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _refuse_constant(name: str) -> Any:
    raise BadMessage(_("Mensagem inválida: número fora do formato."))


def _refuse_float(text: str) -> Any:
    raise BadMessage(_("Mensagem inválida: número fora do formato."))


def _check_text(value: Any, depth: int = 0) -> None:
    """Refuse text the database or the page could not take (NUL, lone surrogates)."""
    if depth > 20:
        raise BadMessage(_("Mensagem inválida: aninhada demais."))
    if isinstance(value, str):
        if "\x00" in value:
            raise BadMessage(_("Mensagem inválida: caractere nulo."))
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise BadMessage(_("Mensagem inválida: texto malformado.")) from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, depth + 1)
            _check_text(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_text(item, depth + 1)


def parse_json(text: str) -> Any:
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_refuse_float)
    except (ValueError, RecursionError):
        raise BadMessage(_("Mensagem inválida: não é JSON.")) from None
    _check_text(data)
    return data


def parse_message(text: str | None) -> dict[str, Any]:
    if text is None:
        raise BadMessage(_("Mensagem inválida: envie texto JSON."))
    if len(text) > MAX_MESSAGE:
        raise BadMessage(_("Mensagem grande demais."))
    data = parse_json(text)
    if not isinstance(data, dict):
        raise BadMessage(_("Mensagem inválida: esperava um objeto JSON."))
    cid = data.get("cid", "")
    if not isinstance(cid, str) or not CID.fullmatch(cid):
        raise BadMessage(_("Mensagem inválida: identificador de comando (cid) malformado."))
    return data


def parse_int(value: Any, what: str) -> int:
    """A whole number from a form field (text) or JSON (an integer); nothing else."""
    if isinstance(value, str) and re.fullmatch(r"-?\d{1,9}", value.strip()):
        return int(value)
    if type(value) is int and abs(value) < 10**9:
        return value
    raise BadMessage(_("Mensagem inválida: %(what)s deve ser um número.") % {"what": what})


def parse_action(data: dict[str, Any]) -> dict[str, Any]:
    raw = data.get("action")
    if isinstance(raw, str):
        try:
            raw = parse_json(raw)
        except BadMessage:
            raise BadMessage(_("Jogada inválida: não é JSON.")) from None
    if not isinstance(raw, dict):
        raise BadMessage(_("Jogada inválida: esperava um objeto com o campo “type”."))
    return raw
