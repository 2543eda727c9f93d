from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cards.models import Deck


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    decks = (
        Deck.objects.annotate(card_total=Count("cards")) if request.user.is_authenticated else []
    )
    return render(request, "cards/home.html", {"decks": decks})


@require_GET
def about(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/about.html")
