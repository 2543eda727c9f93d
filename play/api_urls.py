from __future__ import annotations

from django.urls import path

from play import api

urlpatterns = [
    path("games/", api.games, name="game-list"),
    path("games/<int:game_id>/", api.game_detail, name="game-detail"),
    path("games/<int:game_id>/rounds/", api.rounds, name="game-rounds"),
    path("games/<int:game_id>/tips/", api.tips, name="game-tips"),
    path("games/<int:game_id>/reveal/", api.reveal, name="game-reveal"),
]
