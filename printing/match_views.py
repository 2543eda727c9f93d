"""The print page of a match deck: round cards with their own options, preview and downloads."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from cards.matchdeck import MatchDeckData
from cards.models import Deck, Edition
from cards.roles import can_print
from printing.fonts import GlyphError
from printing.forms import LAYOUT_LABELS
from printing.match_kit import render_match_pdf, render_match_png_zip
from printing.png import preview_png
from printing.round_sheets import (
    DEFAULT_DIAMETER,
    MAX_DIAMETER,
    MIN_DIAMETER,
    ROUND_LAYOUTS,
    RoundSpec,
)
from printing.sheets import MAX_BLEED, PAPERS, SheetError

CACHE_SECONDS = 24 * 3600
PREVIEW_DPI = 60
MATCH_RENDER_VERSION = "1"  # bump when the round cards' design changes


class RoundForm(forms.Form):
    layout = forms.ChoiceField(
        label=gettext_lazy("Layout"),
        choices=[(k, LAYOUT_LABELS[k]) for k in ROUND_LAYOUTS],
        initial="duplex-long",
    )
    diameter = forms.FloatField(
        label=gettext_lazy("Diameter (mm)"),
        min_value=MIN_DIAMETER,
        max_value=MAX_DIAMETER,
        initial=DEFAULT_DIAMETER,
    )
    paper = forms.ChoiceField(
        label=gettext_lazy("Paper"),
        choices=[(k, k.upper() if k != "letter" else "Letter") for k in PAPERS],
        initial="a4",
    )
    bleed = forms.FloatField(
        label=gettext_lazy("Bleed (mm)"), min_value=0, max_value=MAX_BLEED, initial=3.0
    )
    cut_lines = forms.BooleanField(label=gettext_lazy("Cut lines"), required=False, initial=True)
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        choices=[("", gettext_lazy("the deck's")), ("de", "Deutsch"), ("en", "English")],
        required=False,
    )
    dpi = forms.IntegerField(
        label=gettext_lazy("PNG resolution (dpi)"), min_value=72, max_value=600, initial=300
    )

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        try:
            data["spec"] = RoundSpec(
                paper=data["paper"],
                diameter=data["diameter"],
                bleed=data["bleed"],
                layout=data["layout"],
                cut_lines=data["cut_lines"],
            )
        except SheetError as exc:
            raise forms.ValidationError(str(exc)) from None
        return data


def bound_round_form(query) -> RoundForm:
    initial = {name: field.initial for name, field in RoundForm.base_fields.items()}
    if not query:
        return RoundForm(initial)
    data = {**initial, **query.dict()}
    if "layout" in query and "cut_lines" not in query:
        data["cut_lines"] = False  # an unticked checkbox is simply absent
    return RoundForm(data)


def _match_deck(request: HttpRequest, slug: str) -> Deck:
    if not can_print(request.user):
        raise PermissionDenied
    deck = get_object_or_404(Deck.objects.select_related("match"), slug=slug)
    if deck.edition != Edition.MATCH or not hasattr(deck, "match"):
        raise Http404("not a match deck")
    return deck


def _cached(data: MatchDeckData, spec: RoundSpec, kind: str, extra: object, make) -> bytes:
    """``make()`` once per deck content (everything printed is in ``data``) and options."""
    raw = json.dumps([MATCH_RENDER_VERSION, kind, data.as_json(), asdict(spec), extra])
    key = f"printing:match:{hashlib.sha256(raw.encode()).hexdigest()}"
    result = cache.get(key)
    if result is None:
        result = make()
        cache.set(key, result, CACHE_SECONDS)
    return result


def _request(request: HttpRequest, slug: str):
    """(deck, deck data, cleaned options, None) or a 400 response naming the errors."""
    deck = _match_deck(request, slug)
    form = bound_round_form(request.GET)
    if not form.is_valid():
        errors = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
        text = "{} {}".format(_("Invalid print options."), errors)
        return None, None, None, HttpResponseBadRequest(text, content_type="text/plain")
    data = deck.match.as_data(form.cleaned_data["language"] or None)
    return deck, data, form.cleaned_data, None


def _pdf(data: MatchDeckData, spec: RoundSpec) -> bytes:
    return _cached(data, spec, "pdf", None, lambda: render_match_pdf(data, spec))


def _or_400(make):
    try:
        return make()
    except GlyphError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain")


@login_required
@require_GET
def round_page(request: HttpRequest, slug: str) -> HttpResponse:
    deck = _match_deck(request, slug)
    form = bound_round_form(request.GET)
    valid = form.is_valid()
    context = {
        "deck": deck,
        "form": form,
        "valid": valid,
        "query": request.GET.urlencode() if request.GET else "",
        "count": deck.match.cards.count(),
        "symbol_set": deck.match.symbol_set,
    }
    return render(request, "printing/match_deck.html", context, status=200 if valid else 400)


@login_required
@require_GET
def round_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    deck, data, options, error = _request(request, slug)
    if error:
        return error
    spec = options["spec"]
    made = _or_400(lambda: _pdf(data, spec))
    if isinstance(made, HttpResponse):
        return made
    response = HttpResponse(made, content_type="application/pdf")
    name = f"{deck.slug}-round-{spec.diameter:g}mm-{spec.paper}.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_GET
def round_png_zip(request: HttpRequest, slug: str) -> HttpResponse:
    deck, data, options, error = _request(request, slug)
    if error:
        return error
    spec, dpi = options["spec"], options["dpi"]
    made = _or_400(
        lambda: _cached(data, spec, "zip", dpi, lambda: render_match_png_zip(data, spec, dpi))
    )
    if isinstance(made, HttpResponse):
        return made
    response = HttpResponse(made, content_type="application/zip")
    name = f"{deck.slug}-round-{spec.diameter:g}mm-{dpi}dpi.zip"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_GET
def round_preview(request: HttpRequest, slug: str) -> HttpResponse:
    _deck, data, options, error = _request(request, slug)
    if error:
        return error
    spec = options["spec"]
    made = _or_400(
        lambda: _cached(
            data, spec, "preview", None, lambda: preview_png(_pdf(data, spec), PREVIEW_DPI)
        )
    )
    if isinstance(made, HttpResponse):
        return made
    return HttpResponse(made, content_type="image/png")
