"""The print-and-play kit of Spot On (Knizia 1995) as a download: no deck, no database."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_GET

from printing.dice_kit import LANGUAGES, PARTS, dice_kit_pdf
from printing.kit import RENDER_VERSION
from printing.sheets import SheetError

CACHE_SECONDS = 24 * 3600


@require_GET
def dice_kit(request: HttpRequest) -> HttpResponse:
    """``?language=de|en&paper=a4|letter&mix=standard|fours&part=cards&part=rules…``"""
    language = request.GET.get("language", "de" if request.LANGUAGE_CODE == "de" else "en")
    paper = request.GET.get("paper", "a4")
    mix = request.GET.get("mix", "standard")
    parts = request.GET.getlist("part") or list(PARTS)
    if language not in LANGUAGES or paper not in ("a4", "letter"):
        return HttpResponseBadRequest("language must be de or en, paper a4 or letter.")
    key = f"printing:dice:{RENDER_VERSION}:{language}:{paper}:{mix}:{','.join(sorted(parts))}"
    pdf = cache.get(key)
    if pdf is None:
        try:
            pdf = dice_kit_pdf(language, paper, parts, mix)
        except SheetError as error:
            return HttpResponseBadRequest(str(error))
        cache.set(key, pdf, CACHE_SECONDS)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="spot-on-dice-{language}.pdf"'
    return response
