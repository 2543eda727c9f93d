from __future__ import annotations

from django.urls import path

from cards.views import browse, pages

app_name = "cards"
urlpatterns = [
    path("", pages.home, name="home"),
    path("about/", pages.about, name="about"),
    path("cards/", browse.browse, name="browse"),
    path("decks/<slug:slug>/map/", pages.deck_map, name="deck-map"),
]
