"""Bounded moves and the minor findings of the issue "Reliability and security": argument bounds,
strict whole numbers, a per-seat rate limit, idempotency keys, the log, caching headers, the
cap on new games."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from play.core import store
from play.core.engine import RuleViolation, arg_int, check_args
from play.models import Game, Move
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def dice(teacher):
    client = api_client_for(teacher)
    created = client.post("/api/games/", {"edition": "dice", "seats": ["A", "B"]}, format="json")
    assert created.status_code == 201
    body = created.json()
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=body["seats"][0]["token"])
    return client, device, body["id"]


def _post(client, game_id: int, raw: str, **headers):
    return client.post(
        f"/api/games/{game_id}/moves/", raw, content_type="application/json", **headers
    )


def _move(client, game_id: int, name: str, key: str | None = None, **args):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return _post(client, game_id, json.dumps({"move": name, "args": args}), **headers)


def test_a_large_extra_argument_is_refused_and_not_stored(dice):
    _client, device, game_id = dice
    answer = _move(device, game_id, "place", edge="top", index=2, junk="x" * 2_400_000)
    assert answer.status_code == 400 and answer.json()["code"] == "bad_args"
    assert not Move.objects.filter(game_id=game_id).exists()


def test_unknown_arguments_are_refused_where_the_move_declares_its_own(dice):
    _client, device, game_id = dice
    answer = _move(device, game_id, "place", edge="top", index=2, extra=1)
    assert answer.status_code == 400 and answer.json()["code"] == "unknown_args"
    assert _move(device, game_id, "place", edge="top", index=2).status_code == 201


@pytest.mark.parametrize(
    "raw_args",
    [
        '{"edge": "top", "index": 2, "x": "a\\u0000b"}',  # NUL: PostgreSQL's JSON refuses it
        '{"edge": "top", "index": 2, "x": 1e400}',  # infinity
        '{"edge": "top", "index": 2, "x": "\\ud800"}',  # a lone surrogate
        '{"edge": "top", "index": 2, "x": ' + "[" * 2000 + "]" * 2000 + "}",
        '{"edge": "top", "index": 2, "\\ud800": 1}',
    ],
)
def test_json_no_database_can_store_is_refused_with_a_400(dice, raw_args):
    client, device, game_id = dice
    answer = _post(device, game_id, '{"move": "place", "args": ' + raw_args + "}")
    assert answer.status_code == 400
    assert client.get(f"/api/games/{game_id}/log/").status_code == 200


def test_check_args_bounds_depth_size_and_numbers():
    check_args({"card": "abc", "places[]": ["a", "b"], "n": 3, "ok": True, "none": None})
    for bad in (
        {"x": float("nan")},
        {"x": [[[[["deep"]]]]]},
        {"x": 2**80},
        {"x": "a" * 5000},
        {"x": list(range(300))},
        {1: "not a text key"},
        {"x": object()},
    ):
        with pytest.raises(RuleViolation):
            check_args(bad)


@pytest.mark.parametrize("text", ["²", "①", "٣", "-²", "１"])
def test_whole_numbers_are_ascii_digits(text):
    with pytest.raises(RuleViolation):
        arg_int({"n": text}, "n", -10, 10)
    assert arg_int({"n": " -3 "}, "n", -10, 10) == -3


def test_non_ascii_digits_get_a_4xx_at_every_path(client, teacher, dice):
    _client, device, game_id = dice
    assert _move(device, game_id, "place", edge="top", index="²").status_code == 400
    assert client.get("/api/numbers/solve/?total=²&cards=1,2").status_code == 400
    game = Game.objects.get(pk=game_id)
    team = game.teams.get(index=0)
    phone = Client()
    phone.cookies[f"spoton_team_{game.code}"] = team.token
    assert phone.get(f"/play/{game.code}/state/?v=²").status_code == 200
    assert phone.post(f"/play/{game.code}/join/", {"team": "²"}).status_code == 409
    options = api_client_for(teacher).post(
        "/api/games/",
        {"edition": "dice", "seats": ["A", "B"], "options": {"first": "²"}},
        format="json",
    )
    assert options.status_code == 400
    host = Client()
    host.force_login(teacher)
    assert host.post(f"/play/host/{game.code}/kick/", {"seat": "²"}).status_code == 400


def test_a_match_claim_with_a_non_ascii_symbol_is_refused(teacher):
    game = store.create_game(user=teacher, edition="match", seat_names=["A", "B"])
    game = store.make_move(game, 0, "start", {})
    with pytest.raises(RuleViolation) as refused:
        store.make_move(game, 0, "claim", {"symbol": "²", "target": "0" * 8})
    assert refused.value.code == "bad_args"


def test_evaluate_on_a_game_of_another_edition_is_a_400(dice):
    client, _device, game_id = dice
    answer = client.post(f"/api/games/{game_id}/evaluate/", {}, format="json")
    assert answer.status_code == 400


def test_a_seat_makes_a_bounded_number_of_moves_a_minute(settings, dice):
    settings.PLAY_MOVES_PER_MINUTE = 2
    _client, device, game_id = dice
    assert _move(device, game_id, "place", edge="left", index=9).status_code == 400
    assert _move(device, game_id, "place", edge="left", index=9).status_code == 400
    refused = _move(device, game_id, "place", edge="top", index=2)
    assert refused.status_code == 429 and refused.json()["code"] == "too_fast"


def test_a_retry_with_the_same_key_returns_the_first_answer(dice):
    _client, device, game_id = dice
    assert _move(device, game_id, "place", edge="top", index=2).status_code == 201
    first = _move(device, game_id, "roll", key="press-1")
    again = _move(device, game_id, "roll", key="press-1")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Move.objects.filter(game_id=game_id, name="roll").count() == 1


def test_the_key_is_kept_with_the_move_so_a_retry_after_a_lost_answer_is_not_made_again(
    dice, settings
):
    _client, device, game_id = dice
    _move(device, game_id, "place", edge="top", index=2)
    game = Game.objects.get(pk=game_id)
    store.make_move(game, 0, "roll", {}, key="press-2")  # written, the answer never arrived
    retried = _move(device, game_id, "roll", key="press-2")
    assert retried.status_code == 201
    assert Move.objects.filter(game_id=game_id, name="roll").count() == 1
    assert _move(device, game_id, "roll", key="press-3").status_code in (201, 409)


def test_a_double_submitted_roll_on_the_screens_rolls_once(teacher):
    game = store.create_game(user=teacher, edition="dice", seat_names=["A", "B"], mode="projector")
    host = Client()
    host.force_login(teacher)
    url = f"/play/host/{game.code}/move/"
    host.post(url, {"move": "place", "seat": "0", "edge": "top", "index": "2"})
    for _ in range(2):
        host.post(url, {"move": "roll", "seat": "0"}, HTTP_IDEMPOTENCY_KEY="tap-1")
    assert Move.objects.filter(game=game, name="roll").count() == 1


def test_private_pages_are_not_stored_by_caches(teacher, dice):
    _client, device, game_id = dice
    assert "no-store" in device.get(f"/api/games/{game_id}/")["Cache-Control"]
    game = Game.objects.get(pk=game_id)
    phone = Client()
    phone.post(f"/play/{game.code}/join/", {"team": game.teams.get(index=1).pk})
    assert "no-store" in phone.get(f"/play/{game.code}/")["Cache-Control"]
    host = Client()
    host.force_login(teacher)
    assert "no-store" in host.get(f"/play/host/{game.code}/")["Cache-Control"]


def test_the_log_is_closed_to_anonymous_readers_even_when_the_game_is_over(dice):
    client, device, game_id = dice
    store.make_move(Game.objects.get(pk=game_id), None, "end", {}, teacher=True)
    assert Game.objects.get(pk=game_id).is_finished
    assert api_client_for(None).get(f"/api/games/{game_id}/log/").status_code == 403
    assert device.get(f"/api/games/{game_id}/log/").status_code == 200
    assert client.get(f"/api/games/{game_id}/log/").status_code == 200


def test_the_teacher_s_log_hides_open_world_guesses_until_the_game_is_over(teacher, world3):
    edition = store.edition_of(world3)
    game = world3
    for _step in range(40):  # the computer's steps, until a team has guessed
        if Move.objects.filter(game=game, name="guess").exists():
            break
        step = edition.teacher_bot(game.state)
        if step is not None:
            game = store.make_move(game, None, step.move, step.args, teacher=True)
            continue
        for seat in range(3):
            if (move := edition.bot(game.state, seat)) is not None:
                game = store.make_move(game, seat, move.move, move.args)
                break
    guess = Move.objects.get(game=game, name="guess")
    log = api_client_for(teacher).get(f"/api/games/{game.pk}/log/").json()["moves"]
    row = next(row for row in log if row["number"] == guess.number)
    assert row["hidden"] and row["args"] == {}
    assert guess.args["guess"] not in json.dumps(log)
    game = store.make_move(game, None, "end", {}, teacher=True)
    log = api_client_for(teacher).get(f"/api/games/{game.pk}/log/").json()["moves"]
    assert next(row for row in log if row["number"] == guess.number)["args"] == guess.args


def test_a_teacher_s_new_games_are_capped(settings, teacher):
    settings.PLAY_GAMES_PER_HOUR = 3
    settings.PLAY_OPEN_GAMES = 100
    client = api_client_for(teacher)
    body = {"edition": "dice", "seats": ["A", "B"]}
    for _ in range(3):
        assert client.post("/api/games/", body, format="json").status_code == 201
    refused = client.post("/api/games/", body, format="json")
    assert refused.status_code == 429 and "games in the last hour" in refused.json()["detail"]


def test_a_teacher_s_open_games_are_capped(settings, teacher):
    settings.PLAY_OPEN_GAMES = 2
    client = api_client_for(teacher)
    body = {"edition": "dice", "seats": ["A", "B"]}
    for _ in range(2):
        assert client.post("/api/games/", body, format="json").status_code == 201
    refused = client.post("/api/games/", body, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_open_games"
    host = Client()
    host.force_login(teacher)
    page = host.post("/play/new/dice/", {"seat_0": "A", "seat_1": "B"}, HTTP_ACCEPT_LANGUAGE="en")
    assert Game.objects.filter(created_by=teacher).count() == 2
    assert page.status_code in (200, 409)
