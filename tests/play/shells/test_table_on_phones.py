"""The teacher's switch that opens the table (what the projector shows) on every phone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from play.core import store
from play.core.lifecycle import end_game
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(teacher) -> Game:
    return store.create_game(
        user=teacher, edition="numbers", deck=None, seat_names=["Ada", "Bo"], mode="devices"
    )


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _phone(game: Game, seat: str) -> Client:
    phone = Client()
    phone.post("/play/join/", {"code": game.code})
    team = game.teams.get(name=seat)
    phone.post(f"/play/{game.code}/join/", {"team": team.pk})
    return phone


def test_the_switch_opens_the_table_on_every_phone(teacher, game):
    phone = _phone(game, "Ada")
    assert b"data-mirror-on" not in phone.get(f"/play/{game.code}/").content
    version = Game.objects.get(pk=game.pk).version
    host = _client(teacher)
    response = host.post(f"/play/host/{game.code}/table-on-phones/", {"on": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.table_on_phones and game.version == version + 1  # the phones redraw
    page = phone.get(f"/play/{game.code}/").content.decode()
    assert "data-mirror data-mirror-on open" in page
    host.post(f"/play/host/{game.code}/table-on-phones/", {"on": "0"})
    assert not Game.objects.get(pk=game.pk).table_on_phones
    assert b"data-mirror-on" not in phone.get(f"/play/{game.code}/").content


def test_only_the_games_teacher_switches_it(game):
    other = _client(User.objects.create_user("other-teacher"))
    response = other.post(f"/play/host/{game.code}/table-on-phones/", {"on": "1"})
    assert response.status_code == 403
    assert not Game.objects.get(pk=game.pk).table_on_phones


def test_an_ended_game_keeps_it_as_it_was(teacher, game):
    end_game(game)
    response = _client(teacher).post(
        f"/play/host/{game.code}/table-on-phones/", {"on": "1"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 409
    assert not Game.objects.get(pk=game.pk).table_on_phones
