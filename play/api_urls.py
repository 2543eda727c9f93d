from __future__ import annotations

from django.urls import path

from play import api, api_core, api_world

urlpatterns = [
    path("games/", api.games, name="game-list"),
    path("games/<int:game_id>/", api.game_detail, name="game-detail"),
    path("games/<int:game_id>/moves/", api_core.moves, name="game-moves"),
    path("games/<int:game_id>/undo/", api_core.undo, name="game-undo"),
    path("games/<int:game_id>/log/", api_core.log, name="game-log"),
    path("games/<int:game_id>/rounds/", api.rounds, name="game-rounds"),
    path("games/<int:game_id>/tips/", api.tips, name="game-tips"),
    path("games/<int:game_id>/reveal/", api.reveal, name="game-reveal"),
    path("games/<int:game_id>/choose/", api_world.choose, name="game-choose"),
    path("games/<int:game_id>/exchange/", api_world.exchange, name="game-exchange"),
    path("games/<int:game_id>/guess/", api_world.guess, name="game-guess"),
    path("games/<int:game_id>/lock/", api_world.lock, name="game-lock"),
    path("games/<int:game_id>/close-guessing/", api_world.close_guessing, name="game-close"),
    path("games/<int:game_id>/evaluate/", api_world.evaluate, name="game-evaluate"),
]
