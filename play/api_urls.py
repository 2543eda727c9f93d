from __future__ import annotations

from importlib import import_module, util

from django.apps import apps
from django.urls import include, path, register_converter

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


def edition_urls(module: str) -> list:
    """Each edition's own ``api_urls`` (or ``urls``) module, found by name: the core knows no
    edition, yet an edition can add endpoints such as ``/api/numbers/solve/``."""
    found = []
    for config in apps.get_app_configs():
        name = f"{config.name}.{module}"
        if config.name.startswith("play.editions.") and util.find_spec(name) is not None:
            found.append(path("", include(import_module(name))))
    return found


urlpatterns += edition_urls("api_urls")
