"""The place form of the admin: the gazetteer id the look-up fills, and the duplicate check."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from cards.duplicates import SAME_PLACE_KM, same_gazetteer_id, same_name_nearby
from cards.models import Place


def _link(place: Place) -> str:
    url = reverse("admin:cards_place_change", args=[place.pk])
    where = ", ".join(part for part in (place.state, place.country) if part)
    return format_html('<a href="{}" class="existing-place">{} ({})</a>', url, place.name, where)


class PlaceAdminForm(forms.ModelForm):
    gazetteer_id = forms.IntegerField(
        label=_("gazetteer id"), required=False, min_value=1, widget=forms.HiddenInput
    )
    not_a_duplicate = forms.BooleanField(
        required=False,
        label=_("This is a different place with the same name"),
        help_text=_("Tick only to save a second place of this name on purpose."),
    )

    class Meta:
        model = Place
        # The admin passes the fields of its fieldsets; these are the ones clean() reads.
        fields = ["name", "latitude", "longitude"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and self.instance.geonames_id:
            self.fields["gazetteer_id"].initial = self.instance.geonames_id

    def clean(self) -> dict:
        data = super().clean()
        exclude = self.instance.pk
        twin = same_gazetteer_id(data.get("gazetteer_id"), exclude)
        if twin is not None:
            raise ValidationError(
                format_html(
                    "{} {}",
                    _("This gazetteer place is already in the card database:"),
                    _link(twin),
                ),
                code="duplicate_gazetteer_id",
            )
        # An existing place is checked again only when its name or position changes.
        moved = {"name", "latitude", "longitude"} & set(self.changed_data)
        if data.get("not_a_duplicate") or (exclude and not moved):
            return data
        twin = same_name_nearby(
            data.get("name", ""), data.get("latitude"), data.get("longitude"), exclude
        )
        if twin is not None:
            message = _(
                "A place of this name lies within %(km)s km: %(link)s. Open it instead, or tick "
                "“This is a different place with the same name”."
            )
            raise ValidationError(
                format_html(
                    str(message).replace("%(km)s", "{}").replace("%(link)s", "{}"),
                    f"{SAME_PLACE_KM:g}",
                    _link(twin),
                ),
                code="duplicate_name",
            )
        return data

    def save(self, commit: bool = True) -> Place:
        gid = self.cleaned_data.get("gazetteer_id")
        if gid:
            self.instance.geonames_id = gid
        return super().save(commit)
