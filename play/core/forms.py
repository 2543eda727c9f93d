from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from cards.models import Deck
from play.core.engine import Edition as EngineEdition
from play.core.engine import Option
from play.models import Class, Mode, Strength


def engine_game_form(edition: EngineEdition) -> type[forms.Form]:
    """The new-game form of an edition on the engine, built from its seats and options."""
    noun = {"teams": _("Team"), "devices": _("Device")}.get(edition.seats.kind, _("Player"))
    fields: dict[str, forms.Field] = {}
    if edition.deck_editions:
        fields["deck"] = forms.ModelChoiceField(
            label=_("Deck"),
            queryset=Deck.objects.filter(edition__in=edition.deck_editions),
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
    if not edition.devices_only:  # a race needs every team's device: nothing to choose
        fields["mode"] = forms.ChoiceField(
            label=_("Play on"), choices=Mode.choices, initial=Mode.DEVICES, widget=forms.RadioSelect
        )
    # The teacher's own classes are set by the view (``for_teacher``): a game may be for one.
    fields["school_class"] = forms.ModelChoiceField(
        label=_("Class"),
        queryset=Class.objects.none(),
        required=False,
        empty_label=_("no class"),
    )
    for option in edition.options:
        if is_seat_option(option):
            fields[f"option_{option.name}"] = _seat_option_field(option, edition, noun)
        else:
            fields[f"option_{option.name}"] = _option_field(option)

    def seat_names(self) -> list[str]:
        names = [self.cleaned_data.get(f"seat_{i}") for i in range(edition.seats.max)]
        return [n for n in names if n]

    def bots(self) -> list[int]:
        filled = [i for i in range(edition.seats.max) if self.cleaned_data.get(f"seat_{i}")]
        return [n for n, i in enumerate(filled) if self.cleaned_data.get(f"bot_{i}")]

    def options(self) -> dict:
        return {o.name: self.cleaned_data[f"option_{o.name}"] for o in edition.options}

    def deck_helps(self) -> dict[str, dict[str, str]]:
        """For each deck offered, the help of the options whose help depends on the deck
        (``Option.deck_help``): the page shows the chosen deck's."""
        per_deck = [o for o in edition.options if o.deck_help is not None]
        if "deck" not in self.fields or not per_deck:
            return {}
        return {
            str(deck.pk): {f"option_{o.name}": str(o.deck_help(deck)) for o in per_deck}
            for deck in self.fields["deck"].queryset.select_related("grid")
        }

    attrs = {
        **fields,
        "seat_names": seat_names,
        "bots": bots,
        "options": options,
        "deck_helps": deck_helps,
    }
    return type(f"{edition.slug.title()}GameForm", (forms.Form,), attrs)


# An option that names a seat (who starts, the youngest team) shows the seats as the form numbers
# them, from 1: "Team 1", "Team 2" …, while its value stays the seat's index (0 for the first).
# An edition marks such an option ``seat=True``, or names it ``first``, ``…_team``,
# ``…_player`` or ``…_seat``.
SEAT_OPTION_NAME = re.compile(r"^(first|.+_(team|player|seat))$")


def is_seat_option(option: Option) -> bool:
    flag = getattr(option, "seat", None)
    if flag is not None:
        return bool(flag)
    number = isinstance(option.default, int) and not isinstance(option.default, bool)
    return number and bool(SEAT_OPTION_NAME.match(option.name))


def _without_number_hints(text: Any) -> str:
    """A seat option's label without its hint on how seats are numbered ("Starting player (0 or
    1)", "Youngest team (number)", "(0 = the first team)"): the choices now name the seats."""
    text = str(text)
    text = re.sub(r"\s*\([^()]*\b0\b[^()]*\)", "", text)
    return re.sub(r"\s*\((number|Nummer|Zahl)\)$", "", text).strip()


_hintless = lazy(_without_number_hints, str)


def _seat_option_field(option: Option, edition: EngineEdition, noun: Any) -> forms.Field:
    low = option.min if option.min is not None else 0
    high = edition.seats.max - 1 if option.max is None else min(option.max, edition.seats.max - 1)
    if option.choices:
        indices = [value for value, _label in option.choices]
    else:
        indices = list(range(low, high + 1))
    return forms.TypedChoiceField(
        label=_hintless(option.label),
        help_text=_hintless(option.help) if option.help else "",
        initial=option.default,
        choices=[(i, _seat_label(noun, i)) for i in indices],
        coerce=int,
    )


def _seat_label(noun: Any, index: int) -> str:
    return lazy(lambda: f"{noun} {index + 1}", str)()


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


def assignment_form(edition: EngineEdition, low: int, high: int) -> type[forms.Form]:
    """The form of a homework assignment in an edition: its deck, class, times (in the school's
    time zone), attempts, computer opponents (``low`` to ``high``) and the game's options. An
    option that names a seat is left out: the pupil always has the first seat."""
    local = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    fields: dict[str, forms.Field] = {}
    if edition.deck_editions:
        fields["deck"] = forms.ModelChoiceField(
            label=_("Deck"),
            queryset=Deck.objects.filter(edition__in=edition.deck_editions),
            empty_label=None,
        )
    fields["school_class"] = forms.ModelChoiceField(
        label=_("Class"), queryset=Class.objects.none(), required=False, empty_label=_("no class")
    )
    fields["opens_at"] = forms.DateTimeField(label=_("Opens"), required=False, widget=local)
    fields["closes_at"] = forms.DateTimeField(label=_("Deadline"), widget=local)
    fields["attempts"] = forms.IntegerField(
        label=_("Attempts per pupil"), min_value=1, max_value=10, initial=1
    )
    fields["bots"] = forms.IntegerField(
        label=_("Computer opponents"), min_value=low, max_value=high, initial=low
    )
    fields["strength"] = forms.ChoiceField(
        label=_("Strength of the computer"),
        choices=Strength.choices,
        initial=Strength.NORMAL,
        help_text="" if edition.bot_strength else _("This game's computer has one strength."),
    )
    fields["blocklist"] = forms.CharField(
        label=_("More words no nickname may contain (one per line)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    shown = [o for o in edition.options if not is_seat_option(o)]
    for option in shown:
        fields[f"option_{option.name}"] = _option_field(option)

    def options(self) -> dict:
        return {o.name: self.cleaned_data[f"option_{o.name}"] for o in shown}

    attrs = {**fields, "options": options}
    return type(f"{edition.slug.title()}AssignmentForm", (forms.Form,), attrs)
