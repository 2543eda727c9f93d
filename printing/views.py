"""The print page per deck, its preview and downloads. Results are cached by deck content."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from cards.models import Deck
from cards.roles import can_print
from printing.cards import deck_fingerprint, deck_info
from printing.forms import bound_form
from printing.kit import PNG_PARTS, PrintError, PrintOptions, render_pdf, render_png_zip
from printing.png import preview_png

CACHE_SECONDS = 24 * 3600
PREVIEW_DPI = 60


def _get_deck_for_user(request: HttpRequest, slug: str) -> Deck:
    if not can_print(request.user):
        raise PermissionDenied
    return get_object_or_404(Deck, slug=slug)


def _cached(deck: Deck, options: PrintOptions, language: str, kind: str, make) -> bytes:
    """``make()`` once per deck content, options and output kind."""
    key = f"printing:{kind}:{options.key(deck_fingerprint(deck) + language)}"
    data = cache.get(key)
    if data is None:
        data = make()
        cache.set(key, data, CACHE_SECONDS)
    return data


def _pdf(deck: Deck, options: PrintOptions, language: str) -> bytes:
    return _cached(
        deck, options, language, "pdf", lambda: render_pdf(deck_info(deck, language), options)
    )


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    if not can_print(request.user):
        raise PermissionDenied
    decks = Deck.objects.order_by("name")
    return render(request, "printing/index.html", {"decks": decks})


@login_required
@require_GET
def deck_page(request: HttpRequest, slug: str) -> HttpResponse:
    deck = _get_deck_for_user(request, slug)
    if deck.edition == "match":  # round cards have their own page and options
        return redirect("printing:match", slug=deck.slug)
    form = bound_form(request.GET, deck.edition)
    valid = form.is_valid()
    query = request.GET.urlencode() if request.GET else ""
    status = 200 if valid else 400
    return render(
        request,
        "printing/deck.html",
        {
            "deck": deck,
            "form": form,
            "valid": valid,
            "query": query,
            "count": deck.cards.count(),
            "png": valid and form.cleaned_data["what"] in PNG_PARTS,
        },
        status=status,
    )


def _options_or_400(request: HttpRequest, deck: Deck):
    """(options, language, None) from the query, or (None, "", a 400 response naming the errors)."""
    form = bound_form(request.GET, deck.edition)
    if not form.is_valid():
        errors = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
        text = "{} {}".format(_("Invalid print options."), errors)
        return None, "", HttpResponseBadRequest(text, content_type="text/plain")
    return form.cleaned_data["options"], form.cleaned_data["language"] or deck.language, None


def _refused(exc: PrintError) -> HttpResponse:
    """What the deck cannot print, said in its language, as a plain 400."""
    return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")


@login_required
@require_GET
def deck_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    deck = _get_deck_for_user(request, slug)
    options, language, error = _options_or_400(request, deck)
    if error:
        return error
    try:
        data = _pdf(deck, options, language)
    except PrintError as exc:
        return _refused(exc)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="{deck.slug}-{options.what}-{options.card_size}.pdf"'
    )
    return response


@login_required
@require_GET
def deck_png_zip(request: HttpRequest, slug: str) -> HttpResponse:
    deck = _get_deck_for_user(request, slug)
    options, language, error = _options_or_400(request, deck)
    if error:
        return error
    try:
        data = _cached(
            deck,
            options,
            language,
            "zip",
            lambda: render_png_zip(deck_info(deck, language), options),
        )
    except PrintError as exc:
        return _refused(exc)
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = (
        f'attachment; filename="{deck.slug}-{options.card_size}-{options.dpi}dpi.zip"'
    )
    return response


@login_required
@require_GET
def deck_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """The first sheet of the PDF as a PNG, for the print page."""
    deck = _get_deck_for_user(request, slug)
    options, language, error = _options_or_400(request, deck)
    if error:
        return error
    try:
        data = _cached(
            deck,
            options,
            language,
            "preview",
            lambda: preview_png(_pdf(deck, options, language), PREVIEW_DPI),
        )
    except PrintError as exc:
        return _refused(exc)
    return HttpResponse(data, content_type="image/png")
