"""The teacher's game list ends or deletes several games at once (teachers may run at most
``PLAY_OPEN_GAMES`` games): only the teacher's own, each only after a confirmation."""

from __future__ import annotations

import pytest
from django.test import Client

from play.core import store
from play.models import Game
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def _games(user, count: int) -> list[Game]:
    return [
        store.create_game(user=user, edition="dice", seat_names=["Ada", "Bo"], language="en")
        for _ in range(count)
    ]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_it_offers_a_checkbox_per_game_and_both_buttons_with_a_confirmation(teacher):
    games = _games(teacher, 2)
    page = _client(teacher).get("/play/").content.decode()
    for game in games:
        assert f'name="game" value="{game.code}"' in page
    assert 'name="action" value="end"' in page and 'name="action" value="delete"' in page
    assert page.count("data-confirm=") >= 3  # each bulk button asks, as the row's delete does


def test_it_ends_the_chosen_games_and_leaves_the_others_running(teacher):
    first, second, third = _games(teacher, 3)
    answer = _client(teacher).post(
        "/play/bulk/", {"action": "end", "game": [first.code, second.code]}
    )
    assert answer.status_code == 302 and answer["Location"] == "/play/"
    statuses = {g.code: g.is_finished for g in Game.objects.all()}
    assert statuses == {first.code: True, second.code: True, third.code: False}


def test_it_deletes_the_chosen_games(teacher):
    first, second, third = _games(teacher, 3)
    _client(teacher).post("/play/bulk/", {"action": "delete", "game": [first.code, third.code]})
    assert list(Game.objects.values_list("code", flat=True)) == [second.code]


def test_it_never_touches_another_teacher_s_games(teacher):
    other = make_user("otto", "Teachers")
    (theirs,) = _games(other, 1)
    (mine,) = _games(teacher, 1)
    client = _client(teacher)
    client.post("/play/bulk/", {"action": "end", "game": [theirs.code, mine.code]})
    client.post("/play/bulk/", {"action": "delete", "game": [theirs.code]})
    theirs = Game.objects.get(pk=theirs.pk)
    assert not theirs.is_finished
    assert Game.objects.get(pk=mine.pk).is_finished


@pytest.mark.parametrize(
    "data",
    [{"action": "burn", "game": ["ABC"]}, {"action": "end"}, {"game": ["ABC"]}, {}],
)
def test_it_refuses_a_request_it_cannot_carry_out_with_a_message(teacher, data):
    _games(teacher, 1)
    answer = _client(teacher).post("/play/bulk/", data, follow=True)
    assert answer.status_code == 200
    assert Game.objects.count() == 1 and not Game.objects.get().is_finished
    assert [str(m) for m in answer.context["messages"]]


def test_it_is_for_teachers_only(student, teacher):
    (game,) = _games(teacher, 1)
    answer = _client(student).post("/play/bulk/", {"action": "delete", "game": [game.code]})
    assert answer.status_code == 403
    assert Game.objects.count() == 1
