"""Nothing from the card backs reaches any client before the reveal.

Plays a round through every interface (API, projector, team devices, polling), keeps every
response, and scans them all for the laid-out places' states, descriptions, populations (in
every usual spelling) and grid numbers.
"""

from __future__ import annotations

import re

import pytest

from play.editions.germany.moves import round_state
from play.models import Game, Mode
from tests.conftest import api_client_for
from tests.play.leaks import Table, population_spellings

pytestmark = pytest.mark.django_db


def _table(game: Game):
    """The stored state and the current round as the rules see it."""
    stored = Game.objects.get(pk=game.pk).state
    return stored, round_state(stored, stored["rounds"][-1])


def _secrets(game: Game) -> list[str]:
    found = []
    stored, table = _table(game)
    for ref in table.places:
        place = stored["cards"][ref]
        found += [place["state"], place["description"], *population_spellings(place["population"])]
    return found


def _grid_markers() -> re.Pattern:
    # The grid numbers themselves are small integers that also occur innocently (ids, counts);
    # what must not appear is any field or element that carries them.
    return re.compile(
        r'"(ns|we|back|state|population|description|latitude|longitude)"|class="blob|data-(ns|we)'
    )


def test_no_response_before_the_reveal_carries_anything_from_a_back(teacher, big_deck):
    table = Table(
        teacher,
        edition="germany",
        deck=big_deck.slug,
        teams=["A", "B", "C"],
        face_down=True,
        mode="devices",
    )
    game, keep, snapshot, host = table.game, table.keep, table.snapshot, table.host
    keep("round", table.api.post(f"/api/games/{game.pk}/rounds/", {}, format="json"))
    keep("mode", host.post(f"/play/host/{game.code}/mode/", {"mode": Mode.DEVICES}))
    snapshot("laid out")
    devices = table.devices
    for step in range(9):
        _stored, state = _table(game)
        places = state.places
        team_index = state.next_team()
        _team, device = devices[team_index]
        tip = state.available_tips(team_index)[0].value
        keep(
            "tip",
            device.post(
                f"/play/{game.code}/move/",
                {"move": "tip", "tip": tip, "place": places[step % 4]},
                HTTP_HX_REQUEST="true",
            ),
        )
        snapshot(f"after tip {step}")
    keep("early csv", host.get(f"/play/host/{game.code}/results.csv"))

    secrets = _secrets(game)
    markers = _grid_markers()
    table.assert_hidden(secrets, markers)

    # The scan can fail: after the reveal the same pages do carry the backs.
    host.post(f"/play/host/{game.code}/move/", {"move": "reveal"})
    after = host.get(f"/play/host/{game.code}/").content.decode()
    assert any(secret in after for secret in secrets) and markers.search(after)


def test_face_down_tips_stay_hidden_until_every_tip_is_placed(teacher, big_deck):
    from play.core import store

    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["A", "B", "C"],
        options={"face_down": True},
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    a = game.teams.get(index=0)
    first = game.state["rounds"][0]["places"][0]
    store.make_move(game, 0, "tip", {"place": first, "tip": "FEWEST"})
    b = game.teams.get(index=1)
    seen_by_b = api_client_for(None).get(f"/api/games/{game.pk}/", HTTP_X_TEAM_TOKEN=b.token)
    seen_by_a = api_client_for(None).get(f"/api/games/{game.pk}/", HTTP_X_TEAM_TOKEN=a.token)

    def first_tip(response):
        places = response.json()["view"]["round"]["places"]
        return next(entry["tip"] for place in places for entry in place["stack"])

    assert first_tip(seen_by_b) is None
    assert first_tip(seen_by_a) == "FEWEST"
