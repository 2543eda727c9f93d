from __future__ import annotations

from django.urls import path

from cards import views, views_browse

app_name = "cards"
urlpatterns = [
    path("", views.home, name="home"),
    path("about/", views.about, name="about"),
    path("cards/", views_browse.browse, name="browse"),
    path("decks/<slug:slug>/map/", views.deck_map, name="deck-map"),
]
