"""What a viewer may do at a table besides its game's moves: start, sit, leave, add a robot,
claim, play again (with the robot's hint in solo training), and the invitation links."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from games import services
from games.snapshots import TableCopy


def host_name(copy: TableCopy, names: list[str]) -> str:
    return next((names[s.index] for s in copy.seats if s.user_id == copy.host_id), "")


def viewer_actions(
    copy: TableCopy,
    you,
    mode,
    signed_in: bool,
    team: int | None,
    names: list[str],
    viewer_id: int | None = None,
) -> tuple[list[SimpleNamespace], str]:
    """The viewer's own table commands under the seats, and a line saying what is true now."""
    actions: list[SimpleNamespace] = []
    hint = ""
    if you is None and not signed_in:
        if copy.is_open:
            back = urlencode({"next": f"/mesa/{copy.id}/"})
            for label, name in (
                (_("Criar conta"), "account_signup"),
                (_("Entrar"), "account_login"),
            ):
                actions.append(SimpleNamespace(label=label, href=f"{reverse(name)}?{back}"))
            hint = _("Crie sua conta ou entre para sentar à mesa.")
        return actions, hint
    # A full table offers its queue (a waiting room with a free or a robot's seat offers a seat).
    room = copy.waiting and any(s.empty or s.robot for s in copy.seats)
    if you is None and copy.is_open and services.has_queue(copy) and not room:
        place = copy.queued(viewer_id)
        if place is not None:
            hint = _("Você é o %(n)dº da fila: senta no fim da partida.") % {"n": place + 1}
            if any(s.robot for s in copy.seats):
                hint = _("Você é o %(n)dº da fila: senta no lugar de um robô no fim da mão.") % {
                    "n": place + 1
                }
            return [_action(_("Sair da fila"), cmd="queue_leave")], hint
        if any(s.robot for s in copy.seats):
            hint = _("No fim da mão, quem está na fila senta no lugar de um robô.")
        else:
            hint = _("Mesa cheia: quem entra na fila assiste e senta no fim da partida.")
        return [_action(_("Entrar na fila"), cmd="queue_join", primary=True)], hint
    if copy.waiting:
        if you is None:
            return _sit_actions(copy, mode, team)
        host = copy.seats[you].user_id == copy.host_id
        if host:
            refusal = services.start_refusal(copy)
            hint = refusal or _("Todos sentados: pode começar.")
            label = _("Começar a partida")
            actions.append(_action(label, cmd="start", primary=True, disabled=bool(refusal)))
        else:
            hint = _("%(host)s começa a partida quando todos estiverem sentados.") % {
                "host": host_name(copy, names)
            }
        label = _("Encerrar a mesa") if host else _("Sair da mesa")
        ask = _("A mesa fecha para todos que estão nela. Encerrar mesmo?") if host else ""
        actions.append(_action(label, cmd="leave", confirm=ask))
        return actions, hint
    if copy.playing:
        if you is not None:
            actions.append(
                _action(
                    _("Sair da partida"),
                    cmd="leave",
                    small=True,
                    confirm=_("Sair da partida entrega o resultado ao adversário. Sair mesmo?"),
                )
            )
        else:
            for seat in services.takeable_seats(copy):
                label = _("Sentar no lugar do Robô %(n)d") % {"n": seat.index + 1}
                actions.append(_action(label, cmd="sit", seat=seat.index))
    return actions, hint


def _sit_actions(copy: TableCopy, mode, team: int | None) -> tuple[list[SimpleNamespace], str]:
    """A spectator of the waiting room: sit. Invited to a team, only that team's seat is
    offered; in a team mode without an invitation, a button per team with room."""
    # A free seat, else a robot's: whoever comes takes a robot's place at once.
    free = [s for s in copy.seats if s.empty] or [s for s in copy.seats if s.robot]
    team_names = mode.team_names if mode else ()
    if team is not None and 0 <= team < len(team_names):
        name = team_names[team]
        if any(s.team == team for s in free):
            label = _("Sentar na dupla %(name)s") % {"name": name}
            return [_action(label, cmd="sit", team=team, primary=True)], ""
        return [], _("A dupla %(name)s já está completa. Você pode assistir.") % {"name": name}
    if not free:
        return [], _("A mesa está cheia. Você pode assistir.")
    if not team_names:
        return [_action(_("Sentar"), cmd="sit", primary=True)], ""
    actions = []
    for index, name in enumerate(team_names):
        if any(s.team == index for s in free):
            label = _("Sentar na dupla %(name)s") % {"name": name}
            actions.append(_action(label, cmd="sit", team=index, primary=not actions))
    return actions, ""


def _action(
    label: str,
    *,
    primary: bool = False,
    disabled: bool = False,
    small: bool = False,
    confirm: str = "",
    **fields: Any,
) -> SimpleNamespace:
    return SimpleNamespace(
        label=label, primary=primary, disabled=disabled, small=small, confirm=confirm,
        fields=list(fields.items()), href="",
    )  # fmt: skip


def invites(copy: TableCopy, you, mode) -> list[SimpleNamespace]:
    """For a seated player in the waiting room: the table's invitation link and, in team modes,
    one per team that still has room, saying whom to send it to. Paths only: the page completes
    them with its own address, which the server validated when it served the page."""
    if you is None or not copy.waiting or not any(s.empty for s in copy.seats):
        return []
    links = [
        SimpleNamespace(
            label=_("Convite para a mesa"),
            whom=_("Quem abrir escolhe um lugar livre.") if mode and mode.team_names else "",
            path=reverse("games:invite", args=[copy.id, copy.invite_code]),
        )
    ]
    own_team = copy.seats[you].team
    for team, name in enumerate(mode.team_names if mode else ()):
        if any(s.empty and s.team == team for s in copy.seats):
            path = reverse("games:invite_team", args=[copy.id, copy.invite_code, team])
            label = _("Convite para a dupla %(team)s") % {"team": name}
            whom = _("Para quem joga com você.") if team == own_team else _("Para os adversários.")
            links.append(SimpleNamespace(label=label, whom=whom, path=path))
    return links
