"""A computer seat holds no device: no phone can pick it, claim it, or move for it."""

from __future__ import annotations

import pytest

from play.core import store
from play.models import Move
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def numbers_with_computer(teacher):
    return store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Rechner"], bots=[1], language="en"
    )


def test_the_team_picker_does_not_offer_a_computer_seat(client, numbers_with_computer):
    game = numbers_with_computer
    computer, people = game.teams.get(index=1), game.teams.get(index=0)
    html = client.get(f"/play/{game.code}/").content.decode()
    assert f'value="{people.pk}"' in html
    assert f'value="{computer.pk}"' not in html and "Rechner" not in html


def test_a_phone_cannot_claim_a_computer_seat_by_form(client, numbers_with_computer):
    game = numbers_with_computer
    computer = game.teams.get(index=1)
    refused = client.post(
        f"/play/{game.code}/join/", {"team": computer.pk}, headers={"Accept-Language": "en"}
    )
    assert refused.status_code == 409
    assert "The computer plays this team. Choose another team." in refused.content.decode()
    german = client.post(f"/play/{game.code}/join/", {"team": computer.pk})
    assert "Der Computer spielt dieses Team." in german.content.decode()
    assert not refused.cookies.get(f"spoton_team_{game.code}")
    computer.refresh_from_db()
    assert not computer.device_joined
    # The computer's private hand is not on the page the phone gets.
    page = client.get(f"/play/{game.code}/").content.decode()
    assert 'class="pick-team"' in page


def test_a_computer_seat_has_no_token_in_the_api(teacher):
    created = api_client_for(teacher).post(
        "/api/games/",
        {"edition": "numbers", "seats": ["Ada", "Rechner"], "bots": [1]},
        format="json",
    )
    assert created.status_code == 201, created.content
    seats = created.json()["seats"]
    assert seats[0]["token"] and seats[1]["token"] is None and seats[1]["is_bot"]


def test_a_computer_seats_token_opens_nothing(client, numbers_with_computer):
    """Even a token read from the database (or given out before) neither reads the computer's
    hand nor moves for it, by API, by the device's pages or by its socket."""
    game = numbers_with_computer
    computer = game.teams.get(index=1)
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=computer.token)
    seen = device.get(f"/api/games/{game.pk}/")
    assert seen.status_code == 403
    assert "The computer plays this seat" in seen.json()["detail"]
    moved = device.post(f"/api/games/{game.pk}/moves/", {"move": "pass", "args": {}}, format="json")
    assert moved.status_code == 403 and "The computer plays this seat" in moved.json()["detail"]
    client.cookies[f"spoton_team_{game.code}"] = computer.token
    page = client.get(f"/play/{game.code}/").content.decode()
    assert 'class="pick-team"' in page
    hand = [str(game.state["cards"][c][0]) for c in game.state["hands"][1]]
    assert f'data-hand="{",".join(hand)}"' not in page
    posted = client.post(f"/play/{game.code}/move/", {"move": "play"})
    assert posted.status_code == 302
    assert not Move.objects.filter(game=game, by_bot=False, seat=1).exists()
