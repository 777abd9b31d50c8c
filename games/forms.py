"""The table-creation form, built from the game's modes and the rules' options.

Solo training is private whatever the visibility says (games/services/, `table_create`): the
mode's help text says so, and the page hides the visibility and robot choices while a one-seat
mode is chosen (table_new.html, with CSS alone: without it they stay, and mean nothing there).
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games import rules
from games.catalog import GameInfo

VISIBILITY = (
    ("public", _("Pública: aparece no saguão")),
    ("private", _("Privada: só com convite")),
)


class TableForm(forms.Form):
    mode = forms.ChoiceField(label=_("Modo"), widget=forms.RadioSelect)
    visibility = forms.ChoiceField(
        label=_("Quem pode entrar"), choices=VISIBILITY, initial="public", widget=forms.RadioSelect
    )
    # "0": no clock (a choice of its own, so the field is not shown as optional).
    move_seconds = forms.TypedChoiceField(
        label=_("Tempo por jogada"),
        choices=[("0", _("Sem relógio"))]
        + [
            (str(n), ngettext_lazy("%(n)d segundo", "%(n)d segundos", n) % {"n": n})
            for n in settings.GAMES_MOVE_CLOCKS
        ],
        coerce=lambda text: int(text) or None,
        initial="0",
        widget=forms.RadioSelect,
        help_text=_("Quando o tempo acaba, um robô faz a jogada no seu lugar."),
    )
    fast_robots = forms.BooleanField(
        label=_("Robôs rápidos"),
        required=False,
        help_text=_("Os robôs jogam quase sem pausa entre uma jogada e outra: bom para treinar."),
    )

    def __init__(self, data=None, *args, game: GameInfo, **kwargs) -> None:
        if data is not None and "move_seconds" not in data:
            data = data.copy()  # a post without the clock (not from this form): no clock
            data["move_seconds"] = "0"
        super().__init__(data, *args, **kwargs)
        self.game = game
        self.fields["mode"].choices = [(m.slug, m.label) for m in game.modes]
        self.fields["mode"].initial = game.modes[0].slug
        self.one_seat_modes = [m.slug for m in game.modes if m.max_seats == 1]
        if self.one_seat_modes:
            self.fields["mode"].help_text = _(
                "O treino solo é só seu: fica fora do saguão e começa na hora."
            )
        declared = rules.get(game.slug).options()
        for option in game.options:
            default, allowed = declared[option.name]
            if set(allowed) == {True, False}:
                field = forms.BooleanField(label=option.label, required=False, initial=default)
            else:
                labels = dict(option.choices)
                field = forms.TypedChoiceField(
                    label=option.label,
                    choices=[(str(v), labels.get(v, str(v))) for v in allowed],
                    initial=str(default),
                    coerce=lambda text, allowed=allowed: next(v for v in allowed if str(v) == text),
                )
            field.help_text = option.help
            self.fields[f"opt_{option.name}"] = field

    def rules_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("opt_")]

    def rules_options(self) -> dict:
        return {
            name.removeprefix("opt_"): value
            for name, value in self.cleaned_data.items()
            if name.startswith("opt_")
        }
