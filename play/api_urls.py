from __future__ import annotations

from django.urls import path, register_converter

from play import api, api_core, api_world



class DatabaseId:
    """A game id the database can hold: ids past 64 bits are simply not found (404)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(DatabaseId, "id")

urlpatterns = [
    path("games/", api.games, name="game-list"),
    path("games/<id:game_id>/", api.game_detail, name="game-detail"),
    path("games/<id:game_id>/moves/", api_core.moves, name="game-moves"),
    path("games/<id:game_id>/undo/", api_core.undo, name="game-undo"),
    path("games/<id:game_id>/log/", api_core.log, name="game-log"),
    path("games/<id:game_id>/rounds/", api.rounds, name="game-rounds"),
    path("games/<id:game_id>/tips/", api.tips, name="game-tips"),
    path("games/<id:game_id>/reveal/", api.reveal, name="game-reveal"),
    path("games/<id:game_id>/choose/", api_world.choose, name="game-choose"),
    path("games/<id:game_id>/exchange/", api_world.exchange, name="game-exchange"),
    path("games/<id:game_id>/guess/", api_world.guess, name="game-guess"),
    path("games/<id:game_id>/lock/", api_world.lock, name="game-lock"),
    path("games/<id:game_id>/close-guessing/", api_world.close_guessing, name="game-close"),
    path("games/<id:game_id>/evaluate/", api_world.evaluate, name="game-evaluate"),
]
