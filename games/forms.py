"""The table-creation form, built from the game's modes and the rules' options."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

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

    def __init__(self, *args, game: GameInfo, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["mode"].choices = [(m.slug, m.label) for m in game.modes]
        self.fields["mode"].initial = game.modes[0].slug
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

    def rules_options(self) -> dict:
        return {
            name.removeprefix("opt_"): value
            for name, value in self.cleaned_data.items()
            if name.startswith("opt_")
        }
