from __future__ import annotations

from django.urls import path

from cards import views

app_name = "cards"
urlpatterns = [
    path("", views.home, name="home"),
    path("about/", views.about, name="about"),
    path("decks/<slug:slug>/map/", views.deck_map, name="deck-map"),
]
