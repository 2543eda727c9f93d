"""The older endpoints show the teacher no more than the views do: a face-down tip (Germany)
and a team's open guess (The World) stay hidden until the rules turn them over, whatever the
teacher sends."""

from __future__ import annotations

import pytest

from play.core import store
from tests.conftest import api_client_for
from tests.play.world.helpers import play_to_guessing

pytestmark = pytest.mark.django_db


@pytest.fixture
def face_down(teacher, big_deck):
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["A", "B", "C"],
        options={"face_down": True, "starting_team": 0},
    )
    return store.make_move(game, None, "lay_out", {}, teacher=True)


def test_the_teacher_cannot_test_a_face_down_tip_by_repeating_it(teacher, face_down):
    game = face_down
    a = game.teams.get(index=0)
    first = game.state["rounds"][0]["places"][0]
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=a.token)
    url = f"/api/games/{game.pk}/tips/"
    placed = device.post(url, {"team": a.pk, "place": first, "tip": "N"}, format="json")
    assert placed.status_code == 201
    # The team's own double tap still gets its tip back.
    again = device.post(url, {"team": a.pk, "place": first, "tip": "N"}, format="json")
    assert again.status_code == 200 and again.json()["tip"] == "N"
    teacher_client = api_client_for(teacher)
    answers = {
        tip: teacher_client.post(url, {"team": a.pk, "place": first, "tip": tip}, format="json")
        for tip in ("N", "S", "FEWEST")
    }
    seen = {(r.status_code, r.json()["code"]) for r in answers.values()}
    assert seen == {(409, "not_your_turn")}, {t: r.json() for t, r in answers.items()}
    assert all("N" not in str(r.json().get("tip", "")) for r in answers.values())
    assert game.moves.filter(name="tip").count() == 1


def test_the_teacher_sees_a_repeated_tip_once_tips_are_open(teacher, big_deck):
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["A", "B", "C"],
        options={"starting_team": 0},
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    a = game.teams.get(index=0)
    first = game.state["rounds"][0]["places"][0]
    url = f"/api/games/{game.pk}/tips/"
    client = api_client_for(teacher)
    assert (
        client.post(url, {"team": a.pk, "place": first, "tip": "N"}, format="json").status_code
        == 201
    )
    again = client.post(url, {"team": a.pk, "place": first, "tip": "N"}, format="json")
    assert again.status_code == 200 and again.json()["tip"] == "N"


def test_the_teacher_locking_a_guess_does_not_see_it(teacher, world3):
    client = api_client_for(teacher)
    data = play_to_guessing(client, world3)
    team = world3.teams.get(pk=data["guesses"][0]["team_id"])
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=team.token)
    url = f"/api/games/{world3.pk}/guess/"
    mine = device.post(url, {"team": team.pk, "guess": "AS-W"}, format="json")
    assert mine.status_code == 200 and mine.json()["guess"] == "AS-W"
    locked = client.post(f"/api/games/{world3.pk}/lock/", {"team": team.pk}, format="json")
    assert locked.status_code == 200 and locked.json()["locked"] is True
    assert locked.json()["guess"] is None
    assert "AS-W" not in locked.content.decode()
