"""Games on the engine: the move log, locking, undo, bots, the generic API and the shells."""

from __future__ import annotations

import json

import pytest

from play.core import store
from play.core.engine import RuleViolation
from play.models import Game, Move
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def toy_game(teacher):
    return store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])


def secrets_of(game):
    return [str(s) for s in game.state["secrets"]]


def test_it_logs_every_move_and_bumps_the_version(toy_game):
    version = toy_game.version
    game = store.make_move(toy_game, 0, "add", {"step": 2})
    game = store.make_move(game, 1, "add", {"step": "1"})
    assert [m.name for m in game.moves.all()] == ["add", "add"]
    assert [m.seat for m in game.moves.all()] == [0, 1]
    assert Game.objects.get(pk=game.pk).version == version + 2
    assert store.replayed_state(game) == Game.objects.get(pk=game.pk).state


def test_it_logs_nothing_for_a_refused_move(toy_game):
    with pytest.raises(RuleViolation):
        store.make_move(toy_game, 1, "add", {"step": 1})
    assert not Move.objects.exists()


def test_undo_replays_without_the_last_move(toy_game):
    game = store.make_move(toy_game, 0, "add", {"step": 2})
    after_first = Game.objects.get(pk=game.pk).state
    game = store.make_move(game, 1, "add", {"step": 2})
    game = store.undo(game)
    assert game.state == after_first
    assert Move.objects.filter(undone=True).count() == 1
    # The log goes on after an undo, and still replays.
    game = store.make_move(game, 1, "add", {"step": 3})
    assert game.state["total"] == 5
    assert store.replayed_state(game) == game.state


def test_undo_takes_back_the_computer_replies_too(teacher):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bot"], bots=[1])
    game = store.make_move(game, 0, "add", {"step": 1})
    assert game.state["total"] == 3  # the bot answered at once with 2
    game = store.undo(game)
    assert game.state["total"] == 0 and game.state["turn"] == 0


def test_a_bot_that_starts_moves_at_setup(teacher):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Bot", "Ada"], bots=[0])
    assert game.state["total"] == 1
    assert game.moves.get().by_bot


def test_the_game_finishes_when_the_edition_says_so(teacher):
    game = store.create_game(
        user=teacher, edition="toy", seat_names=["A", "B"], options={"goal": 3}
    )
    game = store.make_move(game, 0, "add", {"step": 2})
    game = store.make_move(game, 1, "add", {"step": 1})
    assert Game.objects.get(pk=game.pk).is_finished
    with pytest.raises(RuleViolation) as over:
        store.make_move(game, 0, "add", {"step": 1})
    assert over.value.http_status == 409


def test_it_refuses_bad_set_ups(teacher):
    with pytest.raises(RuleViolation, match="2 to 4 players"):
        store.create_game(user=teacher, edition="toy", seat_names=["A"])
    with pytest.raises(RuleViolation, match="look the same"):
        store.create_game(user=teacher, edition="toy", seat_names=["A", "a"])
    with pytest.raises(RuleViolation, match="Unknown edition"):
        store.create_game(user=teacher, edition="chess", seat_names=["A", "B"])
    with pytest.raises(RuleViolation, match="played by people"):
        store.create_game(user=teacher, edition="toy", seat_names=["A", "B"], bots=[0, 1])


def test_the_api_creates_moves_undoes_and_logs(teacher):
    client = api_client_for(teacher)
    created = client.post(
        "/api/games/",
        {"edition": "toy", "seats": ["Ada", "Bo"], "options": {"goal": 20}},
        format="json",
    )
    assert created.status_code == 201, created.content
    body = created.json()
    game_id, token = body["id"], body["seats"][1]["token"]
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=token)
    early = device.post(
        f"/api/games/{game_id}/moves/", {"move": "add", "args": {"step": 1}}, format="json"
    )
    assert early.status_code == 409 and early.json()["code"] == "not_your_turn"
    first = client.post(
        f"/api/games/{game_id}/moves/",
        {"move": "add", "seat": 0, "args": {"step": 3}},
        format="json",
    )
    assert first.status_code == 400 and first.json()["code"] == "no_three_first"
    first = client.post(
        f"/api/games/{game_id}/moves/",
        {"move": "add", "seat": 0, "args": {"step": 2}},
        format="json",
    )
    assert first.status_code == 201 and first.json()["view"]["total"] == 2
    mine = device.post(
        f"/api/games/{game_id}/moves/", {"move": "add", "args": {"step": 1}}, format="json"
    )
    assert mine.status_code == 201
    seen = device.get(f"/api/games/{game_id}/").json()
    assert seen["view"]["total"] == 3 and "my_secret" in seen["view"]
    assert device.post(f"/api/games/{game_id}/undo/").status_code == 403
    assert device.get(f"/api/games/{game_id}/log/").status_code == 403
    undone = client.post(f"/api/games/{game_id}/undo/")
    assert undone.status_code == 200 and undone.json()["view"]["total"] == 2
    log = client.get(f"/api/games/{game_id}/log/").json()["moves"]
    assert [(m["move"], m["undone"]) for m in log] == [("add", False), ("add", True)]


def test_a_device_sees_only_its_own_secret(teacher):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])
    ada = game.teams.get(index=0)
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=ada.token)
    text = json.dumps(device.get(f"/api/games/{game.pk}/").json())
    assert str(game.state["secrets"][0]) in text
    assert str(game.state["secrets"][1]) not in text
    anonymous = api_client_for(None).get(f"/api/games/{game.pk}/")
    assert anonymous.status_code == 403


def test_the_projector_shell_shows_refusals_and_hides_secrets(client, teacher, toy_game):
    client.force_login(teacher)
    page = client.get(f"/play/host/{toy_game.code}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "teacher-bar" in html and "site-header" not in html
    for secret in secrets_of(toy_game):
        assert secret not in html
    refused = client.post(
        f"/play/host/{toy_game.code}/move/",
        {"move": "add", "seat": "0", "step": "3"},
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 400
    assert "The first step cannot be 3." in refused.content.decode()
    assert 'id="stage"' in refused.content.decode()
    moved = client.post(
        f"/play/host/{toy_game.code}/move/",
        {"move": "add", "seat": "0", "step": "1"},
        headers={"HX-Request": "true"},
    )
    assert moved.status_code == 200 and "Total 1 of 10" in moved.content.decode()
    undone = client.post(f"/play/host/{toy_game.code}/undo/", headers={"HX-Request": "true"})
    assert "Total 0 of 10" in undone.content.decode()


def test_the_device_shell_plays_for_its_own_seat(client, toy_game):
    ada = toy_game.teams.get(index=0)
    claimed = client.post(f"/play/{toy_game.code}/join/", {"team": ada.pk})
    assert claimed.status_code == 302
    page = client.get(f"/play/{toy_game.code}/").content.decode()
    assert f"Secret {toy_game.state['secrets'][0]}" in page
    assert str(toy_game.state["secrets"][1]) not in page
    assert "site-header" not in page
    moved = client.post(
        f"/play/{toy_game.code}/move/", {"move": "add", "step": "2"}, headers={"HX-Request": "true"}
    )
    assert moved.status_code == 200 and "Total 2" in moved.content.decode()
    again = client.post(
        f"/play/{toy_game.code}/move/", {"move": "add", "step": "2"}, headers={"HX-Request": "true"}
    )
    assert again.status_code == 409


def test_the_results_csv_neutralises_formulas(client, teacher):
    game = store.create_game(
        user=teacher, edition="toy", seat_names=["A", "B"], options={"goal": 3}
    )
    client.force_login(teacher)
    text = client.get(f"/play/host/{game.code}/results.csv").content.decode("utf-8-sig")
    assert "'=0" in text


def test_the_new_game_form_follows_the_edition(client, teacher):
    client.force_login(teacher)
    assert "/play/new/toy/" in client.get("/play/new/").content.decode()
    page = client.get("/play/new/toy/").content.decode()
    assert 'name="option_goal"' in page and 'name="bot_1"' in page
    refused = client.post(
        "/play/new/toy/", {"seat_0": "Ada", "seat_1": "Bo", "mode": "devices", "option_goal": 99}
    )
    assert refused.status_code == 200 and not Game.objects.exists()
    created = client.post(
        "/play/new/toy/",
        {"seat_0": "Ada", "seat_1": "Bo", "bot_1": "on", "mode": "devices", "option_goal": 12},
    )
    game = Game.objects.get()
    assert created.url == f"/play/host/{game.code}/"
    assert game.options == {"goal": 12} and [t.is_bot for t in game.teams.all()] == [False, True]
    assert client.get("/play/new/chess/").status_code == 404


def test_finished_games_can_be_archived_and_deleted(client, teacher):
    done = store.create_game(
        user=teacher, edition="toy", seat_names=["A", "B"], options={"goal": 3}
    )
    store.make_move(done, 0, "add", {"step": 2})
    store.make_move(done, 1, "add", {"step": 1})
    running = store.create_game(user=teacher, edition="toy", seat_names=["C", "D"])
    client.force_login(teacher)
    client.post(f"/play/host/{running.code}/archive/")
    assert not Game.objects.get(pk=running.pk).archived  # only finished games
    client.post(f"/play/host/{done.code}/archive/")
    listing = client.get("/play/").content.decode()
    assert running.code in listing and done.code not in listing
    assert done.code in client.get("/play/?archived=1").content.decode()
    client.post(f"/play/host/{done.code}/delete/")
    assert not Game.objects.filter(pk=done.pk).exists()
    assert not Move.objects.filter(game_id=done.pk).exists()
