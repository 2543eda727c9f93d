"""Every kit's rules sheet as an accessible HTML page: the same text the PDF prints (tagged
PDFs are out of reach with reportlab), with real headings that a screen reader can jump
between, in the reader's language or the one asked for."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_GET

from printing import kits

# The games whose kit has a rules sheet, in the order the print studio lists them.
PAGES = tuple(slug for slug, kit in kits.KITS.items() if kit.rules is not None)


def rules_text(game: str, language: str) -> tuple[str, list[tuple[str, str]]]:
    """(title, [(heading, body), …]): the one place the page reads the rules sheet's text."""
    return kits.get(game).rules(language)


@require_GET
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    if game not in PAGES:
        raise Http404("No rules sheet for this game.")
    language = request.GET.get("lang") or translation.get_language() or "en"
    language = "de" if language.startswith("de") else "en"
    title, sections = rules_text(game, language)
    others = [
        (code, name) for code, name in (("de", "Deutsch"), ("en", "English")) if code != language
    ]
    context = {
        "game": game,
        "title": title,
        "sections": sections,
        "language": language,
        "others": others,
        "games": [(slug, rules_text(slug, language)[0]) for slug in PAGES],
    }
    with translation.override(language):
        return render(request, "printing/rules.html", context)
