"""Lone surrogates ("\\ud800", which JSON's escapes can spell but UTF-8 cannot) and other text no
page can carry are refused at the edge with a 400 and a message, never a server error."""

from __future__ import annotations

import pytest

from play.core import store
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

LONE = "\ud800"


def post_json(client, url: str, body: str, **headers):
    """A JSON body as a client writes it: the surrogate as the escape ``\\ud800``."""
    return client.post(url, data=body, content_type="application/json", **headers)


def assert_refused(response) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert "unicode" in str(body).casefold(), body


@pytest.mark.parametrize(
    "body",
    [
        '{"edition": "numbers", "seats": ["A", "B"], "mode": "\\ud800"}',
        '{"edition": "numbers", "seats": ["A", "B"], "options": {"\\ud800": 1}}',
        '{"edition": "numbers", "seats": ["A", "\\udfff"]}',
        '{"edition": "\\ud800x", "seats": ["A", "B"]}',
        '{"\\ud800": 1, "edition": "numbers", "seats": ["A", "B"]}',
    ],
)
def test_new_games_refuse_lone_surrogates(teacher, body):
    assert_refused(post_json(api_client_for(teacher), "/api/games/", body))


def test_a_pupils_tip_with_a_lone_surrogate_is_refused(teacher, game3):
    team = game3.teams.get(index=1)
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=team.token)
    url = f"/api/games/{game3.pk}/tips/"
    body = f'{{"team": {team.pk}, "place": "x", "tip": "\\ud800"}}'
    assert_refused(post_json(device, url, body))


def test_a_move_with_a_lone_surrogate_is_refused(teacher):
    game = store.create_game(user=teacher, edition="numbers", seat_names=["A", "B"])
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=game.teams.get(index=0).token)
    url = f"/api/games/{game.pk}/moves/"
    assert_refused(post_json(device, url, '{"move": "play", "args": {"card": "\\ud800"}}'))
    assert_refused(post_json(device, url, '{"move": "\\ud800"}'))
    assert game.moves.count() == 0


def test_a_paired_surrogate_escape_is_an_ordinary_character(teacher):
    """``\\ud83d\\ude00`` is how JSON spells 😀: a team may be called that."""
    created = post_json(
        api_client_for(teacher),
        "/api/games/",
        '{"edition": "numbers", "seats": ["\\ud83d\\ude00", "B"]}',
    )
    assert created.status_code == 201, created.content
    assert created.json()["seats"][0]["name"] == "😀"
