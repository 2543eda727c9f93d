"""The Numbers print kit as a download: no deck needed, the playing cards are fixed data."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_GET

from cards.roles import can_print
from printing.numbers_kit import render_numbers_kit
from printing.sheets import SheetError

CACHE_SECONDS = 24 * 3600
KIT_VERSION = "1"  # bump when the printed design changes


@login_required
@require_GET
def numbers_kit_pdf(request: HttpRequest) -> HttpResponse:
    """``?what=kit|deck|sheet|rules&language=de|en&card_size=…&paper=…&layout=…``"""
    if not can_print(request.user):
        raise PermissionDenied
    options = {
        "what": request.GET.get("what", "kit"),
        "language": request.GET.get("language", getattr(request, "LANGUAGE_CODE", "de")),
        "paper": request.GET.get("paper", "a4"),
        "card_size": request.GET.get("card_size", "poker"),
        "layout": request.GET.get("layout", "duplex-long"),
    }
    key = "printing:numbers-kit:" + ":".join([KIT_VERSION, *options.values()])
    pdf = cache.get(key)
    if pdf is None:
        try:
            pdf = render_numbers_kit(**options)
        except SheetError as error:
            return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
        cache.set(key, pdf, CACHE_SECONDS)
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"spot-on-numbers-{options['what']}-{options['language']}.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
