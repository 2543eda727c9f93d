"""Presentation has one shape: an edition's ``present(view, screen)``, called by the shells for
each screen they draw; the API's JSON gets the view without a screen's drawing data."""

from __future__ import annotations

import inspect
import json

import pytest

from play.core import registry, store
from play.core.engine import Screen, Viewer
from play.shells import screens

pytestmark = pytest.mark.django_db


def test_the_world_screen_is_presented_from_the_view_and_the_screen(world3):
    game = store.make_move(world3, None, "lay_out", {}, teacher=True)
    seats = [screens.seat_data(t) for t in screens.seats_of(game)]
    shown = store.view_for(game, Viewer.teacher(), Screen(game.code, "de", seats))
    names = [team["name"] for team in shown["screen"]["teams"]]
    assert names == [seat["name"] for seat in seats]
    assert shown["screen"]["phase"] == "choosing" and shown["screen"]["track_svg"]
    assert all(card["colour_hex"] for card in shown["screen"]["round"]["cards"])
    # A device draws no track, and names its own team.
    me = seats[1]
    mine = store.view_for(game, Viewer.of_seat(1), Screen(game.code, "de", seats, None, me))
    assert mine["screen"]["me"]["name"] == me["name"] and mine["screen"]["track_svg"] == ""
    # The API's view is the edition's view alone: plain JSON, nothing drawn.
    plain = store.view_for(game, Viewer.teacher())
    assert "screen" not in plain
    json.dumps(plain)


def test_every_edition_presents_with_one_signature():
    for edition in registry.editions():
        if edition.present is not None:
            assert len(inspect.signature(edition.present).parameters) == 2, edition.slug
