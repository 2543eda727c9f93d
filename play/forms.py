from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import Deck, Edition
from play.engine import Edition as EngineEdition
from play.engine import Option
from play.models import Draw, Mode

MAX_TEAM_FIELDS = 4


class NewGameForm(forms.Form):
    deck = forms.ModelChoiceField(
        label=_("Deck"), queryset=Deck.objects.filter(edition=Edition.GERMANY), empty_label=None
    )
    team_1 = forms.CharField(label=_("Team 1"), max_length=40, initial=_("Orange"))
    team_2 = forms.CharField(label=_("Team 2"), max_length=40, initial=_("Blue"))
    team_3 = forms.CharField(label=_("Team 3"), max_length=40, required=False)
    team_4 = forms.CharField(label=_("Team 4"), max_length=40, required=False)
    starting_team = forms.TypedChoiceField(
        label=_("Starting team"),
        coerce=int,
        choices=[(i, _("Team %(n)d") % {"n": i + 1}) for i in range(MAX_TEAM_FIELDS)],
        help_text=_("Whoever was in another federal state most recently."),
    )
    mode = forms.ChoiceField(
        label=_("Play on"), choices=Mode.choices, initial=Mode.PROJECTOR, widget=forms.RadioSelect
    )
    draw = forms.ChoiceField(
        label=_("Place cards"), choices=Draw.choices, initial=Draw.RANDOM, widget=forms.RadioSelect
    )
    face_down = forms.BooleanField(
        label=_("Tips face down until everyone has placed (3 or 4 teams)"), required=False
    )

    def team_names(self) -> list[str]:
        names = [self.cleaned_data.get(f"team_{i}") for i in range(1, MAX_TEAM_FIELDS + 1)]
        return [n for n in names if n]


MAX_WORLD_TEAMS = 6


class NewWorldGameForm(forms.Form):
    deck = forms.ModelChoiceField(
        label=_("Deck"), queryset=Deck.objects.filter(edition=Edition.WORLD), empty_label=None
    )
    team_1 = forms.CharField(label=_("Team 1"), max_length=40, initial=_("Orange"))
    team_2 = forms.CharField(label=_("Team 2"), max_length=40, initial=_("Blue"))
    team_3 = forms.CharField(label=_("Team 3"), max_length=40, required=False)
    team_4 = forms.CharField(label=_("Team 4"), max_length=40, required=False)
    team_5 = forms.CharField(label=_("Team 5"), max_length=40, required=False)
    team_6 = forms.CharField(label=_("Team 6"), max_length=40, required=False)
    starting_team = forms.TypedChoiceField(
        label=_("Youngest team"),
        coerce=int,
        choices=[(i, _("Team %(n)d") % {"n": i + 1}) for i in range(MAX_WORLD_TEAMS)],
        help_text=_("Chooses first in round 1; then clockwise."),
    )
    track_length = forms.IntegerField(label=_("Track length (spaces)"), min_value=10, max_value=200)
    longer_game = forms.BooleanField(
        label=_(
            "Longer game (3 or more teams): ends on the final space numbered with the "
            "number of teams"
        ),
        required=False,
    )
    mode = forms.ChoiceField(
        label=_("Play on"), choices=Mode.choices, initial=Mode.PROJECTOR, widget=forms.RadioSelect
    )

    def team_names(self) -> list[str]:
        names = [self.cleaned_data.get(f"team_{i}") for i in range(1, MAX_WORLD_TEAMS + 1)]
        return [n for n in names if n]


def engine_game_form(edition: EngineEdition) -> type[forms.Form]:
    """The new-game form of an edition on the engine, built from its seats and options."""
    noun = _("Team") if edition.seats.kind == "teams" else _("Player")
    fields: dict[str, forms.Field] = {}
    if edition.deck_edition:
        fields["deck"] = forms.ModelChoiceField(
            label=_("Deck"),
            queryset=Deck.objects.filter(edition=edition.deck_edition),
            empty_label=None,
        )
    for i in range(edition.seats.max):
        fields[f"seat_{i}"] = forms.CharField(
            label=f"{noun} {i + 1}",
            max_length=40,
            required=i < edition.seats.min,
            initial=DEFAULT_SEAT_NAMES[i] if i < edition.seats.min else "",
        )
        if edition.bot is not None:
            fields[f"bot_{i}"] = forms.BooleanField(label=_("computer"), required=False)
    fields["mode"] = forms.ChoiceField(
        label=_("Play on"), choices=Mode.choices, initial=Mode.DEVICES, widget=forms.RadioSelect
    )
    for option in edition.options:
        fields[f"option_{option.name}"] = _option_field(option)

    def seat_names(self) -> list[str]:
        names = [self.cleaned_data.get(f"seat_{i}") for i in range(edition.seats.max)]
        return [n for n in names if n]

    def bots(self) -> list[int]:
        filled = [i for i in range(edition.seats.max) if self.cleaned_data.get(f"seat_{i}")]
        return [n for n, i in enumerate(filled) if self.cleaned_data.get(f"bot_{i}")]

    def options(self) -> dict:
        return {o.name: self.cleaned_data[f"option_{o.name}"] for o in edition.options}

    attrs = {**fields, "seat_names": seat_names, "bots": bots, "options": options}
    return type(f"{edition.slug.title()}GameForm", (forms.Form,), attrs)


DEFAULT_SEAT_NAMES = (_("Orange"), _("Blue"), _("Green"), _("Pink"), _("Navy"), _("Red"))


def _option_field(option: Option) -> forms.Field:
    common = {"label": option.label, "help_text": option.help, "initial": option.default}
    if isinstance(option.default, bool):
        return forms.BooleanField(required=False, **common)
    if isinstance(option.default, int) and option.choices:
        return forms.TypedChoiceField(choices=option.choices, coerce=int, **common)
    if isinstance(option.default, int):
        return forms.IntegerField(min_value=option.min, max_value=option.max, **common)
    return forms.ChoiceField(choices=option.choices, **common)
