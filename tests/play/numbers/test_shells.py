"""Numbers on the play core: the generic API, the projector and device shells, hot-seat."""

from __future__ import annotations

import json

import pytest

from play.core import store
from play.core.lifecycle import set_mode
from play.editions.numbers import bots as numbers_bots
from play.editions.numbers.bots import next_move
from play.models import Game, Mode
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(teacher):
    return store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Bo"], language="en"
    )


def hand_ids(game, seat):
    return game.state["hands"][seat]


def every_hand_id(game):
    return {card for hand in game.state["hands"] for card in hand}


def test_the_api_answers_400_for_a_rule_and_409_out_of_turn(teacher, game):
    bo = game.teams.get(index=1)
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=bo.token)
    url = f"/api/games/{game.pk}/moves/"
    early = device.post(
        url, {"move": "pass", "args": {"card": hand_ids(game, 1)[0]}}, format="json"
    )
    assert early.status_code == 409 and early.json()["code"] == "not_your_turn"
    client = api_client_for(teacher)
    # A joker would be refused for its missing value first; any other card for the operation.
    card = next(c for c in hand_ids(game, 0) if game.state["cards"][c][0] != 0)
    first = client.post(
        url, {"move": "play", "seat": 0, "args": {"card": card, "op": "*"}}, format="json"
    )
    assert first.status_code == 400 and first.json()["code"] == "first_card_adds"
    view = device.get(f"/api/games/{game.pk}/").json()["view"]
    text = json.dumps(view)
    assert all(card in text for card in hand_ids(game, 1))
    assert not any(card in text for card in hand_ids(game, 0))


def test_the_projector_speaks_the_game_s_language(client, teacher):
    game = store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Bo"], mode=Mode.PROJECTOR
    )
    client.force_login(teacher)
    html = client.get(f"/play/host/{game.code}/").content.decode()
    assert "Ziel" in html and "Stapel" in html and "Weitergeben an Ada" in html


def test_the_projector_shows_the_table_and_no_hand_in_device_mode(client, teacher, game):
    for team in game.teams.all():  # every seat has joined on its own device
        team.device_joined = True
        team.save()
    game.mode = "devices"
    game.save()
    client.force_login(teacher)
    html = client.get(f"/play/host/{game.code}/").content.decode()
    assert str(game.state["target"]) in html and "Ada" in html
    assert not any(card in html for card in every_hand_id(game))
    assert "Hand over to" not in html


def test_the_device_shows_only_its_own_hand_and_refuses_with_the_reason(client, game):
    ada = game.teams.get(index=0)
    client.post(f"/play/{game.code}/join/", {"team": ada.pk})
    html = client.get(f"/play/{game.code}/").content.decode()
    assert all(card in html for card in hand_ids(game, 0))
    assert not any(card in html for card in hand_ids(game, 1))
    card = hand_ids(game, 0)[0]
    value = game.state["cards"][card][0]
    args = {"move": "play", "card": card, "op": "+"}
    if value == 0:
        args["value"] = "7"
    moved = client.post(f"/play/{game.code}/move/", args, headers={"HX-Request": "true"})
    assert moved.status_code == 200
    game.refresh_from_db()
    assert game.state["total"] == (value or 7)
    # Bo's turn now: Ada is refused with a 409 and the reason on her screen
    again = client.post(
        f"/play/{game.code}/move/",
        {"move": "pass", "card": hand_ids(game, 0)[0]},
        headers={"HX-Request": "true"},
    )
    assert again.status_code == 409 and 'class="flash error"' in again.content.decode()


def test_the_projector_hands_over_between_turns_in_hot_seat(client, teacher, game):
    set_mode(game, Mode.PROJECTOR)  # hot seat: in devices mode the projector holds no hand
    client.force_login(teacher)
    html = client.get(f"/play/host/{game.code}/").content.decode()
    assert "Hand over to Ada" in html and "<details" in html
    assert all(card in html for card in hand_ids(game, 0))
    assert not any(card in html for card in hand_ids(game, 1))
    # The smallest card makes the smallest total: one of Bo's cards then drops below 0 or
    # leaves a remainder (a larger total could be divisible by all of them).
    first = min(
        (c for c in hand_ids(game, 0) if game.state["cards"][c][0] != 0),
        key=lambda c: game.state["cards"][c][0],
    )
    game = store.make_move(game, 0, "play", {"card": first, "op": "+"})
    total = game.state["total"]
    html = client.get(f"/play/host/{game.code}/").content.decode()
    assert "Hand over to Bo" in html and all(card in html for card in hand_ids(game, 1))
    refusals = [
        (card, op)
        for card in hand_ids(game, 1)
        for op in "/-"
        if game.state["cards"][card][0]
        and ((op == "/" and total % game.state["cards"][card][0]) or
             (op == "-" and game.state["cards"][card][0] > total))
    ]  # fmt: skip
    card, op = refusals[0]
    value = game.state["cards"][card][0]
    expected = {
        "en": f"{total} ÷ {value} leaves a remainder."
        if op == "/"
        else f"{total} − {value} would drop below 0.",
        "de": f"{total} ÷ {value} geht nicht ohne Rest."
        if op == "/"
        else f"{total} − {value} wäre kleiner als 0.",
    }
    for language in ("en", "de"):  # the game's language, whatever the browser asks for
        Game.objects.filter(pk=game.pk).update(language=language)
        refused = client.post(
            f"/play/host/{game.code}/move/",
            {"move": "play", "seat": "1", "card": card, "op": op},
            headers={"HX-Request": "true", "Accept-Language": "en" if language == "de" else "de"},
        )
        assert refused.status_code == 400
        assert expected[language] in refused.content.decode()


def test_a_computer_seat_waits_its_delay_then_plays(teacher, monkeypatch):
    game = store.create_game(user=teacher, edition="numbers", seat_names=["Ada", "Bot"], bots=[1])
    card = next(c for c in game.state["hands"][0] if game.state["cards"][c][0])
    game = store.make_move(game, 0, "play", {"card": card, "op": "+"})
    assert game.state["turn"] == 1 and game.bot_due_at is not None  # waits to look human
    monkeypatch.setattr(numbers_bots, "BOT_DELAY", 0)
    game.bot_due_at = 0
    game.save()
    game = store.run_due_bots(game)
    assert game.state["turn"] == 0 and game.moves.filter(by_bot=True).exists()


def test_the_results_csv_lists_each_target(client, teacher, monkeypatch):
    monkeypatch.setattr(numbers_bots, "BOT_DELAY", 0)
    game = store.create_game(
        user=teacher, edition="numbers", seat_names=["A", "B"], bots=[1], language="en"
    )
    while not game.is_finished:  # seat 0 plays like the computer, through the core's service
        name, args = next_move(game.state, 0)
        game = store.make_move(game, 0, name, args)
    client.force_login(teacher)
    text = client.get(f"/play/host/{game.code}/results.csv").content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("Target,hit,Chain played")
    html = client.get(f"/play/host/{game.code}/").content.decode()
    assert "Shortest way with the hands at its start" in html
    game.language = "de"
    game.save(update_fields=["language"])
    text = client.get(f"/play/host/{game.code}/results.csv").content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("Ziel;getroffen;")


def test_a_teacher_starts_a_game_from_the_new_game_form(client, teacher):
    client.force_login(teacher)
    page = client.get("/play/new/numbers/").content.decode()
    assert 'name="option_level"' in page and 'name="option_small"' in page
    created = client.post(
        "/play/new/numbers/",
        {
            "seat_0": "Ada",
            "seat_1": "Bo",
            "seat_2": "Cem",
            "bot_2": "on",
            "mode": "projector",
            "option_level": "hard",
        },
    )
    assert created.status_code == 302
    game = Game.objects.get()
    assert game.state["level"] == "hard" and game.state["signals"] is False
    assert len(game.state["hands"]) == 3
    assert sum(value == 0 for value, _suit in game.state["cards"].values()) == 1
