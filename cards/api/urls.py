from __future__ import annotations

from django.urls import path
from rest_framework.routers import DefaultRouter

from cards import api, match_api

router = DefaultRouter()
router.register("places", api.PlaceViewSet, basename="place")
router.register("decks", api.DeckViewSet, basename="deck")

urlpatterns = [
    path("gazetteer/", api.gazetteer_lookup, name="gazetteer-lookup"),
    path("places/preview/", api.place_preview, name="place-preview"),
    path("match/plane/", match_api.plane_view, name="match-plane"),
    *router.urls,
]
