from __future__ import annotations

from django.urls import path
from rest_framework.routers import DefaultRouter

from cards.api import match, views

router = DefaultRouter()
router.register("places", views.PlaceViewSet, basename="place")
router.register("decks", views.DeckViewSet, basename="deck")

urlpatterns = [
    path("gazetteer/", views.gazetteer_lookup, name="gazetteer-lookup"),
    path("places/preview/", views.place_preview, name="place-preview"),
    path("match/plane/", match.plane_view, name="match-plane"),
    *router.urls,
]
