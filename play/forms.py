from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import Deck, Edition
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
