"""The print options as a form: the same choices as ``render_deck``."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from printing.kit import TRACK_LENGTHS, PrintOptions, parts_for
from printing.presets import PRESETS
from printing.sheets import CARD_SIZES, LAYOUTS, MAX_BLEED, PAPERS, SheetError

WHAT_LABELS = {
    "cards": _("Place cards"),
    "tips": _("Tip cards"),
    "map": _("Answer map with names, on one page"),
    "quiz-map": _("Quiz map: grid and dots, no names"),
    "poster": _("Map as a tiled poster"),
    "boards": _("Six boards"),
    "kit": _("Complete kit"),
}
LAYOUT_LABELS = {
    "duplex-long": _("Double-sided, flip on long edge"),
    "duplex-short": _("Double-sided, flip on short edge"),
    "fold": _("Front and back side by side, to fold"),
    "fronts": _("Fronts only"),
}


class PrintForm(forms.Form):
    what = forms.ChoiceField(label=_("What"), choices=list(WHAT_LABELS.items()), initial="cards")
    layout = forms.ChoiceField(
        label=_("Layout"), choices=[(k, LAYOUT_LABELS[k]) for k in LAYOUTS], initial="duplex-long"
    )
    card_size = forms.ChoiceField(
        label=_("Card size"),
        choices=[(k, f"{k.title()} {w:g}×{h:g} mm") for k, (w, h) in CARD_SIZES.items()],
        initial="skat",
    )
    paper = forms.ChoiceField(
        label=_("Paper"),
        choices=[(k, k.upper() if k != "letter" else "Letter") for k in PAPERS],
        initial="a4",
    )
    bleed = forms.FloatField(
        label=_("Bleed (mm)"),
        min_value=0,
        max_value=MAX_BLEED,
        initial=3.0,
    )
    preset = forms.ChoiceField(
        label=_("Print-shop preset"),
        choices=[("", _("none"))] + [(k, p.label) for k, p in PRESETS.items()],
        required=False,
        help_text=_("Sets card size, bleed and resolution to the shop's template."),
    )
    track_length = forms.IntegerField(
        label=_("Scoring track length"),
        min_value=TRACK_LENGTHS[0],
        max_value=TRACK_LENGTHS[1],
        required=False,
    )
    crop_marks = forms.BooleanField(label=_("Crop marks"), required=False, initial=True)
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[("", _("the deck's")), ("de", "Deutsch"), ("en", "English")],
        required=False,
    )
    dpi = forms.IntegerField(
        label=_("PNG resolution (dpi)"), min_value=72, max_value=600, initial=300
    )

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        try:
            data["options"] = PrintOptions(
                what=data["what"],
                layout=data["layout"],
                card_size=data["card_size"],
                paper=data["paper"],
                bleed=data["bleed"],
                crop_marks=data["crop_marks"],
                dpi=data["dpi"],
                preset=data.get("preset") or "",
                track_length=data.get("track_length"),
            )
        except SheetError as exc:
            raise forms.ValidationError(str(exc)) from None
        return data


def _for_edition(form: PrintForm, edition: str | None) -> PrintForm:
    """Offer only the parts the deck's edition has (and the track length only with a track)."""
    if edition is not None:
        parts = parts_for(edition)
        form.fields["what"].choices = [(k, WHAT_LABELS[k]) for k in parts if k in WHAT_LABELS]
        if edition != "world":
            del form.fields["track_length"]
    return form


def bound_form(query, edition: str | None = None) -> PrintForm:
    """The form bound to the query string, with defaults for anything left out; with an
    ``edition``, only that edition's parts are offered."""
    initial = {name: field.initial for name, field in PrintForm.base_fields.items()}
    if not query:
        return _for_edition(PrintForm(initial), edition)
    data = {**initial, **query.dict()}
    if "layout" in query and "crop_marks" not in query:
        data["crop_marks"] = False  # an unticked checkbox is simply absent
    return _for_edition(PrintForm(data), edition)
