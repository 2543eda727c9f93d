"""The read-only card database for teachers: places and decks, searchable, with the deck maps.

Editors who open it go on to the admin, where they can change things.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from cards.gazetteer.countries import country_choices, country_name
from cards.models import Kind, Place
from cards.roles import can_print, is_editor
from cards.views.deck_totals import decks_with_totals

PER_PAGE = 50


def _filtered(request: HttpRequest) -> tuple[QuerySet[Place], dict[str, str]]:
    chosen = {
        key: request.GET.get(key, "").strip() for key in ("q", "state", "kind", "country", "deck")
    }
    places = Place.objects.defer("geometry", "imported_values", "image")
    if chosen["q"]:
        places = places.filter(Q(name__icontains=chosen["q"]) | Q(name_en__icontains=chosen["q"]))
    for field in ("state", "kind", "country"):
        if chosen[field]:
            places = places.filter(**{field: chosen[field]})
    if chosen["deck"]:
        places = places.filter(decks__slug=chosen["deck"])
    return places.order_by("name", "id"), chosen


@require_GET
def browse(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if is_editor(request.user) and request.user.is_staff:
        return redirect("admin:index")
    if not can_print(request.user):
        raise PermissionDenied
    places, chosen = _filtered(request)
    language = get_language() or "en"
    page = Paginator(places, PER_PAGE).get_page(request.GET.get("page"))
    rows = [(place, place.germany_grid(), country_name(place.country, language)) for place in page]
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "page": page,
        "rows": rows,
        "chosen": chosen,
        "query": query.urlencode(),
        "decks": decks_with_totals(),
        "states": Place.objects.exclude(state="")
        .order_by("state")
        .values_list("state", flat=True)
        .distinct(),
        "kinds": Kind.choices,
        "countries": country_choices(
            set(Place.objects.values_list("country", flat=True)), language
        ),
    }
    return render(request, "cards/browse.html", context)
