"""The admin action "print selected places": a PDF of the selection, in the default layout."""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language_from_request
from django.utils.translation import gettext_lazy as _

from cards.models import Edition
from cards.roles import can_print
from printing.core.deck import DeckInfo
from printing.core.deck_source import places_cards
from printing.requests import PrintOptions, render_pdf


@admin.action(description=_("Print selected places"))
def print_places_action(modeladmin, request: HttpRequest, queryset) -> HttpResponse | None:
    if not can_print(request.user):
        modeladmin.message_user(request, _("You may not print cards."), messages.ERROR)
        return None
    places = list(queryset.order_by("name", "id"))
    code = getattr(request, "LANGUAGE_CODE", "") or get_language_from_request(request)
    language = "en" if code.startswith("en") else "de"
    # All-German selections print as Germany cards (numbers on the back), others as world cards.
    edition = (
        Edition.GERMANY if places and all(p.country == "DE" for p in places) else Edition.WORLD
    )
    cards = places_cards(places, edition, language)
    pdf = render_pdf(DeckInfo("", edition, language, cards), PrintOptions())
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = 'attachment; filename="places.pdf"'
    return response
