"""Homework through the API: a teacher sets it, a pupil plays an attempt alone against computer
players to the end in every edition, and the teacher reads the results."""

from __future__ import annotations

import pytest

from play.models import Assignment, Attempt
from tests.conftest import api_client_for
from tests.play.homework.conftest import EDITIONS, make_assignment, play_to_the_end, start


@pytest.fixture(autouse=True)
def _moves_unlimited(settings):
    settings.PLAY_MOVES_PER_MINUTE = 100_000


@pytest.mark.parametrize("kind", EDITIONS)
def test_it_plays_an_assignment_to_the_end_in_every_edition(kind, teacher, seven_b, request):
    deck = request.getfixturevalue(EDITIONS[kind]) if EDITIONS[kind] else None
    made = make_assignment(teacher, kind, deck, **{"class": seven_b.pk})
    assert made["url"].endswith(f"/play/homework/{made['code']}/")
    client, answer = start(made["code"], "Ada")
    assert answer.status_code == 201, answer.json()
    attempt = answer.json()
    game = play_to_the_end(client, attempt["id"], attempt["token"])
    assert game.solo and game.school_class == seven_b
    assert [t.is_bot for t in game.teams.all()] == [False, True]
    results = api_client_for(teacher).get(f"/api/assignments/{made['id']}/results/").json()
    [pupil] = results["pupils"]
    assert pupil["nickname"] == "Ada"
    [row] = pupil["attempts"]
    assert row["over"] and row["rank"] in (1, 2) and row["seconds"] is not None
    assert not row["at_deadline"]


def test_it_refuses_the_results_to_another_teacher(teacher, admin_user, django_user_model):
    made = make_assignment(teacher, "dice")
    other = django_user_model.objects.create_user("olga")
    other.groups.add(*teacher.groups.all())
    assert api_client_for(other).get(f"/api/assignments/{made['id']}/results/").status_code == 404
    assert api_client_for(None).get(f"/api/assignments/{made['id']}/results/").status_code == 403


def test_it_hands_a_device_its_running_attempt_again(teacher):
    made = make_assignment(teacher, "dice")
    client, first = start(made["code"], "Ada")
    _same, again = start(made["code"], "Ada", client)
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["token"] == first.json()["token"]
    assert Attempt.objects.count() == 1


def test_it_sets_the_strength_of_the_computer_players(teacher):
    made = make_assignment(teacher, "dice", bots={"count": 1, "strength": "easy"})
    _client, answer = start(made["code"])
    attempt = Attempt.objects.get(game_id=answer.json()["id"])
    assert attempt.game.options["bot"] == "random"
    assert Assignment.objects.get().strength == "easy"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"bots": 2}, "bot_count"),  # Dice is for two players
        ({"attempts": 0}, "attempt_count"),
        ({"closes_at": "2020-01-01T10:00:00"}, "closes_in_past"),
        ({"edition": "chess"}, "unknown_edition"),
        ({"bots": {"count": 1, "strength": "brutal"}}, None),
    ],
)
def test_it_refuses_a_bad_assignment_with_a_clear_error(teacher, change, code):
    body = {"edition": "dice", "closes_at": "2999-01-01T10:00:00", **change}
    answer = api_client_for(teacher).post("/api/assignments/", body, format="json")
    assert answer.status_code == 400
    if code:
        assert answer.json()["code"] == code
        assert answer.json()["detail"]


def test_it_tells_the_refusal_in_german(teacher):
    body = {"edition": "dice", "closes_at": "2999-01-01T10:00:00", "bots": 3}
    answer = api_client_for(teacher).post(
        "/api/assignments/", body, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert answer.json()["detail"] == "Dieses Spiel nimmt 1 bis 1 Computergegner."


def test_only_teachers_set_homework(student):
    body = {"edition": "dice", "closes_at": "2999-01-01T10:00:00"}
    assert api_client_for(student).post("/api/assignments/", body, format="json").status_code == 403
