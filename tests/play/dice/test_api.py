"""The dice edition on the play core: the generic API, the shells, a game against the computer."""

from __future__ import annotations

import pytest

from play.core import store
from play.core.engine import Viewer
from play.models import Game
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_game(teacher):
    client = api_client_for(teacher)
    created = client.post(
        "/api/games/", {"edition": "dice", "seats": ["Reds", "Blues"]}, format="json"
    )
    assert created.status_code == 201, created.content
    return client, created.json()


def move(client, game_id, name, seat=None, **args):
    body = {"move": name, "args": args}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/api/games/{game_id}/moves/", body, format="json")


def test_it_creates_a_game_with_the_whole_grid_in_the_view(api_game):
    _client, body = api_game
    view = body["view"]
    assert body["edition"] == "dice" and body["result"] is None
    assert len(view["grid"]) == 36 and len(view["lines"]) == 24
    assert view["active_seats"] == [0]


def test_it_answers_400_for_a_rule_violation_and_409_for_a_conflict(api_game):
    client, body = api_game
    game_id = body["id"]
    device = api_client_for(None)
    device.credentials(HTTP_X_TEAM_TOKEN=body["seats"][1]["token"])
    early = move(device, game_id, "place", edge="left", index=0)
    assert early.status_code == 409 and early.json()["code"] == "not_your_turn"
    bad = move(client, game_id, "place", seat=0, edge="diagonal", index=0)
    assert bad.status_code == 400 and bad.json()["code"] == "bad_args"
    stop = move(client, game_id, "stop", seat=0)
    assert stop.status_code == 409 and stop.json()["code"] == "wrong_phase"
    placed = move(client, game_id, "place", seat=0, edge="top", index=2)
    assert placed.status_code == 201
    assert placed.json()["view"]["turn"]["pawn"] == {"edge": "top", "index": 2}
    again = move(client, game_id, "place", seat=0, edge="top", index=3)
    assert again.status_code == 409
    rolled = move(client, game_id, "roll", seat=0)
    assert rolled.status_code == 201 and 1 <= rolled.json()["view"]["last"]["die"] <= 6


def test_it_refuses_a_third_player_and_an_unknown_option(teacher):
    client = api_client_for(teacher)
    three = client.post("/api/games/", {"edition": "dice", "seats": ["A", "B", "C"]}, format="json")
    assert three.status_code == 400
    odd = client.post(
        "/api/games/",
        {"edition": "dice", "seats": ["A", "B"], "options": {"dice": 2}},
        format="json",
    )
    assert odd.status_code == 400 and odd.json()["code"] == "unknown_option"


def test_it_plays_against_the_computer_to_the_end_and_replays(teacher, settings):
    settings.DICE_BOT_DELAY = 0
    game = store.create_game(
        user=teacher,
        edition="dice",
        seat_names=["Class", "Computer"],
        bots=[1],
        options={"bot": "cautious"},
    )
    for _ in range(2000):
        if game.is_finished:
            break
        turn = game.state["turn"]
        assert turn["seat"] == 0  # the computer's turns are played within our moves
        if turn["phase"] == "place":
            view = store.view_for(game, Viewer.of_seat(0))
            line = next(line for line in view["lines"] if line["ok"])
            game = store.make_move(game, 0, "place", {"edge": line["edge"], "index": line["index"]})
        elif turn["phase"] == "roll" or len(turn["placed"]) < 2:
            game = store.make_move(game, 0, "roll", {})
        else:
            game = store.make_move(game, 0, "stop", {})
    game = Game.objects.get(pk=game.pk)
    assert game.is_finished
    assert store.replayed_state(game) == game.state
    assert game.moves.filter(by_bot=True).exists()
    rows = store.edition_of(game).rows(game.state)
    assert [row[0] for row in rows[1:]] == ["Class", "Computer"]


def test_the_projector_lets_the_hot_seat_player_choose_a_line(client, teacher):
    game = store.create_game(
        user=teacher, edition="dice", seat_names=["Left team", "Right team"], mode="projector"
    )
    client.force_login(teacher)
    page = client.get(f"/play/host/{game.code}/").content.decode()
    assert page.count('name="move" value="place"') == 24
    assert 'name="seat" value="0"' in page
    assert "dice.css" in page
    placed = client.post(
        f"/play/host/{game.code}/move/",
        {"move": "place", "seat": "0", "edge": "bottom", "index": "4"},
        headers={"HX-Request": "true"},
    )
    assert placed.status_code == 200
    stage = placed.content.decode()
    assert 'data-pawn="bottom-4"' in stage and 'data-move="roll"' in stage
    assert "Würfeln" in stage and "würfelt." in stage  # the game's language: German
    refused = client.post(
        f"/play/host/{game.code}/move/",
        {"move": "stop", "seat": "0"},
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 409 and 'class="flash error"' in refused.content.decode()
    # The refusal in the game's language, with the sentence for this phase of the turn.
    assert "Würfelt mindestens einmal, bevor ihr aufhört." in refused.content.decode()


def test_a_device_sees_its_controls_only_on_its_turn(client, teacher):
    game = store.create_game(user=teacher, edition="dice", seat_names=["Ann", "Ben"])
    ben = game.teams.get(index=1)
    client.post(f"/play/{game.code}/join/", {"team": ben.pk})
    page = client.get(f"/play/{game.code}/").content.decode()
    assert 'name="move" value="place"' in page  # the edge places are drawn …
    assert 'data-line="left-0" disabled' in page  # … but not Ben's to press
    assert 'data-move="roll"' not in page
    refused = client.post(
        f"/play/{game.code}/move/",
        {"move": "place", "edge": "left", "index": "0"},
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 409
    assert "Die andere Seite ist am Zug." in refused.content.decode()


def test_a_teacher_starts_a_game_against_the_computer_from_the_form(client, teacher, settings):
    settings.DICE_BOT_DELAY = 0
    client.force_login(teacher)
    assert "/play/new/dice/" in client.get("/play/new/").content.decode()
    page = client.get("/play/new/dice/").content.decode()
    assert 'name="option_mix"' in page and 'name="option_bot"' in page
    created = client.post(
        "/play/new/dice/",
        {
            "seat_0": "Class",
            "seat_1": "Computer",
            "bot_1": "on",
            "mode": "projector",
            "option_mix": "fours",
            "option_first": "1",
            "option_bot": "random",
        },
    )
    game = Game.objects.get()
    assert created.url == f"/play/host/{game.code}/"
    assert game.options == {"mix": "fours", "first": 1, "bot": "random"}
    # The computer starts, and has played its first turn already (with no delay).
    assert game.moves.filter(by_bot=True).exists()
    assert game.state["turn"]["seat"] == 0


def _game_at_two_to_one(teacher, language):
    """Red has taken one court card and Blue two (1 and 2 points): a game under way."""
    game = store.create_game(
        user=teacher, edition="dice", seat_names=["Red", "Blue"], language=language
    )
    state = game.state
    courts = [i for i, card in enumerate(state["grid"]) if card and card["value"] is None]
    for seat, cell in ((0, courts[0]), (1, courts[1]), (1, courts[2])):
        card = state["grid"][cell]
        state["taken"][seat].append({k: v for k, v in card.items() if k != "counters"})
        state["grid"][cell] = None
    Game.objects.filter(pk=game.pk).update(moving_state=state, moving_initial=state)
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize(
    ("language", "ended", "ahead", "won"),
    [
        ("en", "ended before the last court card was taken", "Blue was ahead", "Blue wins!"),
        (
            "de",
            "beendet, bevor die letzte Bildkarte genommen war",
            "Blue lag vorn",
            "Blue gewinnt!",
        ),
    ],
)
def test_the_teachers_end_says_who_was_ahead_not_who_won(
    teacher, client, language, ended, ahead, won
):
    from play.core import lifecycle

    game = _game_at_two_to_one(teacher, language)
    game = lifecycle.end_game(game)
    result = store.result_of(Game.objects.get(pk=game.pk))
    assert result["end"] == "teacher" and result["early"]
    assert result["ranking"] == [[1, 1, 2], [2, 0, 1]]  # the standings by the rules' scoring
    client.force_login(teacher)
    projector = client.get(f"/play/host/{game.code}/").content.decode()
    device = api_client_for(None)
    device.cookies[f"spoton_team_{game.code}"] = game.teams.get(index=1).token
    phone = device.get(f"/play/{game.code}/").content.decode()
    for html in (projector, phone):
        assert ended in html and ahead in html
        assert won not in html
    assert "You won!" not in phone and "Gewonnen!" not in phone


def test_a_stalled_game_ends_and_every_screen_says_why(teacher, client):
    from tests.play.dice.grids import DUEL, state_from

    game = store.create_game(user=teacher, edition="dice", seat_names=["Red", "Blue"])
    state = state_from(DUEL, taken=[["JH", "KD"], ["8S", "8C", "8S"]])
    state["players"], state["bot_level"] = ["Red", "Blue"], "strong"
    state["quiet"] = 59  # one more turn without a card taken ends the game
    Game.objects.filter(pk=game.pk).update(moving_state=state, moving_initial=state, language="en")
    game = store.make_move(Game.objects.get(pk=game.pk), 0, "place", {"edge": "left", "index": 4})
    game = store.make_move(game, 0, "roll", {})
    if not game.is_finished:  # the die reached Blue's 9: stopping takes nothing either
        game = store.make_move(game, 0, "stop", {})
    game = Game.objects.get(pk=game.pk)
    assert game.is_finished and store.result_of(game)["end"] == "stalled"
    client.force_login(teacher)
    html = client.get(f"/play/host/{game.code}/").content.decode()
    assert "No card was taken in 60 turns in a row" in html
    assert "Blue wins!" in html  # scored as it stands: three 8s against two courts
