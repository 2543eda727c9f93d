from __future__ import annotations

from django.urls import path
from rest_framework.routers import DefaultRouter

from cards import api

router = DefaultRouter()
router.register("places", api.PlaceViewSet, basename="place")
router.register("decks", api.DeckViewSet, basename="deck")

urlpatterns = [
    path("gazetteer/", api.gazetteer_lookup, name="gazetteer-lookup"),
    path("places/preview/", api.place_preview, name="place-preview"),
    *router.urls,
]
