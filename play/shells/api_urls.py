from __future__ import annotations

from importlib import import_module, util

from django.apps import apps
from django.urls import include, path, register_converter

from play.core import registry
from play.shells import api, homework_api


class DatabaseId:
    """A game id the database can hold: ids past 64 bits are simply not found (404)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(DatabaseId, "id")


def edition_urls(module: str) -> list:
    """Each edition's own ``api_urls`` (or ``urls``) module, found by name: the core knows no
    edition, yet an edition can add endpoints such as ``/api/numbers/solve/``."""
    found = []
    for config in apps.get_app_configs():
        name = f"{config.name}.{module}"
        if config.name.startswith("play.editions.") and util.find_spec(name) is not None:
            found.append(path("", include(import_module(name))))
    return found


urlpatterns = [
    path("games/", api.games, name="game-list"),
    path("games/<id:game_id>/", api.game_detail, name="game-detail"),
    path("games/<id:game_id>/moves/", api.moves, name="game-moves"),
    path("games/<id:game_id>/undo/", api.undo, name="game-undo"),
    path("games/<id:game_id>/log/", api.log, name="game-log"),
    path("games/<id:game_id>/hurry/", homework_api.hurry, name="game-hurry"),
    path("assignments/", homework_api.assignments, name="assignment-list"),
    path("assignments/<id:assignment_id>/", homework_api.assignment_detail, name="assignment"),
    path(
        "assignments/<id:assignment_id>/results/",
        homework_api.results,
        name="assignment-results",
    ),
    path(
        "assignments/<id:assignment_id>/nicknames/",
        homework_api.nicknames,
        name="assignment-nicknames",
    ),
    path("assignments/<str:code>/attempts/", homework_api.attempts, name="assignment-attempts"),
    # The editions' older endpoints, one route per name (the URLs are loaded after every app's
    # ``ready()`` has registered its handlers).
    *(
        path(f"games/<id:game_id>/{name}/", api.alias_view(name), name=f"game-{name}")
        for name in registry.alias_names()
    ),
    *edition_urls("api_urls"),
]
