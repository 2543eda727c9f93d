"""The world games API: create, choose, exchange, guess, lock, close, evaluate; 400/409 cases."""

from __future__ import annotations

import pytest
from django.conf import settings

from play.editions.world import moves as world
from play.models import Game
from tests.conftest import api_client_for
from tests.play.world.helpers import current_round_and_body, play_to_guessing

pytestmark = pytest.mark.django_db


def _create(client, **extra):
    body = {"edition": "world", "deck": "world-big", "teams": ["A", "B", "C"]}
    body.update(extra)
    return client.post("/api/games/", body, format="json")


def test_it_creates_a_world_game_with_defaults_and_options(teacher, world_big):
    client = api_client_for(teacher)
    body = _create(client, youngest_team=2).json()
    game = Game.objects.get(pk=body["id"])
    assert game.edition == "world"
    length = settings.WORLD_TRACK_LENGTH
    assert game.options == {"starting_team": 2, "track_length": length, "longer_game": False}
    assert [t["name"] for t in body["teams"]] == ["A", "B", "C"] and body["teams"][0]["token"]
    body = _create(client, options={"track_length": 25, "longer_game": True}).json()
    assert Game.objects.get(pk=body["id"]).options["longer_game"] is True
    track = client.get(f"/api/games/{body['id']}/").json()["view"]["track"]
    finals = settings.WORLD_FINAL_SPACES
    assert track == {
        "length": 25,
        "final_spaces": finals,
        "shown_finals": finals,
        "longer_game": True,
        "end": 28,
    }
    # The engine's own way of creating a game works for the world too.
    new = client.post(
        "/api/games/",
        {"edition": "world", "deck": "world-big", "seats": ["X", "Y"]},
        format="json",
    )
    assert new.status_code == 201 and new.json()["view"]["round"] is None


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"deck": "de-big"}, "deck_edition"),
        ({"teams": ["A"]}, None),
        ({"teams": list("ABCDEFG")}, "team_count"),
        ({"teams": ["A", "B"], "options": {"longer_game": True}}, "variant_needs_three"),
        ({"options": {"track_length": 3}}, "track_length"),
        ({"options": {"track_length": "long"}}, "bad_option"),
        ({"options": {"longer_game": "yes"}}, "bad_option"),
        ({"options": {"rounds": 3}}, "unknown_option"),
        ({"youngest_team": 5}, "unknown_team"),
    ],
)
def test_it_refuses_bad_world_games(teacher, world_big, big_deck, extra, code):
    response = _create(api_client_for(teacher), **extra)
    assert response.status_code == 400, response.content
    if code:
        assert response.json()["code"] == code


def test_six_teams_may_play(teacher, world_big):
    assert _create(api_client_for(teacher), teams=list("ABCDEF")).status_code == 201


def test_a_round_lays_out_task_sides_in_the_right_order(teacher, world3):
    client = api_client_for(teacher)
    response = client.post(f"/api/games/{world3.pk}/rounds/", {}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["order"] == [1, 2, 0] and body["phase"] == "choosing"
    assert len(body["cards"]) == 3
    for card in body["cards"]:
        assert "back" not in card and card["colour"] in ("yellow", "orange", "green")
    again = client.post(f"/api/games/{world3.pk}/rounds/", {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "round_open"


def test_choosing_is_in_turn_and_the_leader_gets_the_last_card(teacher, world3):
    client = api_client_for(teacher)
    cards = client.post(f"/api/games/{world3.pk}/rounds/", {}, format="json").json()["cards"]
    teams = {t.index: t for t in world3.teams.all()}
    url = f"/api/games/{world3.pk}/choose/"
    wrong = client.post(url, {"team": teams[0].pk, "card": cards[0]["id"]}, format="json")
    assert wrong.status_code == 409 and wrong.json()["code"] == "not_your_turn"
    bad = client.post(url, {"team": teams[1].pk, "card": 999999}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "card_not_available"
    assert client.post(url, {"team": teams[1].pk, "card": "x"}, format="json").status_code == 400
    assert (
        client.post(url, {"team": teams[1].pk, "card": cards[0]["id"]}, format="json").status_code
        == 200
    )
    taken = client.post(url, {"team": teams[2].pk, "card": cards[0]["id"]}, format="json")
    assert taken.status_code == 400
    body = client.post(url, {"team": teams[2].pk, "card": cards[2]["id"]}, format="json").json()
    assert body["phase"] == "exchanging"
    held = {c["team"]: c["id"] for c in body["cards"]}
    assert held == {1: cards[0]["id"], 2: cards[2]["id"], 0: cards[1]["id"]}
    late = client.post(url, {"team": teams[0].pk, "card": cards[1]["id"]}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "wrong_phase"


def test_exchanges_bring_in_the_top_of_the_stack_at_most_twice(teacher, world3):
    client = api_client_for(teacher)
    client.post(f"/api/games/{world3.pk}/rounds/", {}, format="json")
    for _ in range(2):
        _rnd, data = current_round_and_body(world3)
        card = next(c for c in data["cards"] if c["status"] == "table")
        client.post(
            f"/api/games/{world3.pk}/choose/",
            {"team": data["next_team_id"], "card": card["id"]},
            format="json",
        )
    _rnd, data = current_round_and_body(world3)
    assert data["phase"] == "exchanging"
    first = data["next_team_id"]
    before = next(c for c in data["cards"] if c["team_id"] == first)
    r = client.post(
        f"/api/games/{world3.pk}/exchange/", {"team": first, "exchange": True}, format="json"
    )
    assert r.status_code == 200
    after = next(c for c in r.json()["cards"] if c["team_id"] == first and c["status"] == "held")
    assert after["id"] != before["id"]
    assert next(c for c in r.json()["cards"] if c["id"] == before["id"])["status"] == "exchanged"
    wrong = client.post(
        f"/api/games/{world3.pk}/exchange/", {"team": first, "exchange": True}, format="json"
    )
    assert wrong.status_code == 409 and wrong.json()["code"] == "not_your_turn"
    junk = client.post(f"/api/games/{world3.pk}/exchange/", {"team": first}, format="json")
    assert junk.status_code == 400


def test_a_team_with_no_tokens_left_is_not_asked(teacher, world3):
    for state in (world3.initial, world3.state):  # team 1 exchanged twice before
        state["exchanges_used"][1] = world.rules.MAX_EXCHANGES
    world3.save(update_fields=["moving_initial", "moving_state"])
    client = api_client_for(teacher)
    client.post(f"/api/games/{world3.pk}/rounds/", {}, format="json")
    while (data := current_round_and_body(world3)[1])["phase"] == "choosing":
        card = next(c for c in data["cards"] if c["status"] == "table")
        client.post(
            f"/api/games/{world3.pk}/choose/",
            {"team": data["next_team_id"], "card": card["id"]},
            format="json",
        )
    # Order 1, 2, 0: team 1 has no token left and is passed over.
    assert data["exchanges"] == [None, False, None] and data["next_team"] == 2


def test_guesses_are_checked_changed_and_locked(teacher, world3):
    client = api_client_for(teacher)
    data = play_to_guessing(client, world3)
    team = data["guesses"][0]["team_id"]
    url = f"/api/games/{world3.pk}/guess/"
    for bad, code in [
        ("EU--M", "malformed_guess"),
        ("XX", "unknown_board"),
        ("EU-O-Q", "unknown_row"),
        ({"board": "EU", "row": "M"}, "row_needs_column"),
        ({"board": "EU", "column": "O", "letter": "A"}, "letter_needs_row"),
        ({"column": "O"}, "board_required"),
        ("", "board_required"),
        (7, "malformed_guess"),
        ({"board": 3}, "malformed_guess"),
        ("EU-O-M-C-A", "malformed_guess"),
    ]:
        r = client.post(url, {"team": team, "guess": bad}, format="json")
        assert r.status_code == 400, (bad, r.content)
        assert r.json()["code"] == code, bad
    assert client.post(url, {"team": team, "guess": "eu-o"}, format="json").json()["guess"] == (
        "EU-O"
    )
    r = client.post(url, {"team": team, "guess": {"board": "AS", "column": "W"}}, format="json")
    assert r.json() == {"team": team, "guess": "AS-W", "locked": False}
    lock = client.post(f"/api/games/{world3.pk}/lock/", {"team": team}, format="json")
    assert lock.json()["locked"] is True
    again = client.post(url, {"team": team, "guess": "EU"}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "guess_locked"
    other = data["guesses"][1]["team_id"]
    nothing = client.post(f"/api/games/{world3.pk}/lock/", {"team": other}, format="json")
    assert nothing.status_code == 400 and nothing.json()["code"] == "no_guess"


def test_evaluation_moves_pawns_one_card_at_a_time(teacher, world3):
    client = api_client_for(teacher)
    data = play_to_guessing(client, world3)
    rnd, _data = current_round_and_body(world3)
    first = data["order"][0]
    right = world3.state["cards"][rnd["held"][first]]["solutions"][0]
    team_ids = {g["team"]: g["team_id"] for g in data["guesses"]}
    url = f"/api/games/{world3.pk}/guess/"
    client.post(url, {"team": team_ids[first], "guess": right, "lock": True}, format="json")
    too_early = client.post(f"/api/games/{world3.pk}/evaluate/", {}, format="json")
    assert too_early.status_code == 409 and too_early.json()["code"] == "wrong_phase"
    assert client.post(f"/api/games/{world3.pk}/close-guessing/").status_code == 200
    late = client.post(url, {"team": team_ids[first], "guess": "EU"}, format="json")
    assert late.status_code == 409
    one = client.post(f"/api/games/{world3.pk}/evaluate/", {}, format="json").json()
    assert [e["team"] for e in one["evaluations"]] == [first]
    ev = one["evaluations"][0]
    assert ev["correct"] and ev["steps"] == 4 and ev["start"] is None and ev["end"] == 3
    shown = [c for c in one["cards"] if "back" in c]
    assert len(shown) == 1 and right in shown[0]["back"]["solutions"]
    rest = client.post(f"/api/games/{world3.pk}/reveal/").json()
    assert rest["phase"] == "done" and len(rest["evaluations"]) == 3
    assert all(not e["correct"] and e["end"] is None for e in rest["evaluations"][1:])
    assert client.post(f"/api/games/{world3.pk}/evaluate/").status_code == 409
    state = client.get(f"/api/games/{world3.pk}/").json()["view"]
    assert state["teams"][first]["position"] == 3


def test_permissions(teacher, student, world3):
    client = api_client_for(teacher)
    data = play_to_guessing(client, world3)
    a, b = world3.teams.get(index=0), world3.teams.get(index=1)
    device = api_client_for(None)
    url = f"/api/games/{world3.pk}/guess/"
    assert device.post(url, {"team": a.pk, "guess": "EU"}, format="json").status_code == 403
    mine = device.post(url, {"team": a.pk, "guess": "EU"}, format="json", HTTP_X_TEAM_TOKEN=a.token)
    assert mine.status_code == 200
    theirs = device.post(
        url, {"team": b.pk, "guess": "EU"}, format="json", HTTP_X_TEAM_TOKEN=a.token
    )
    assert theirs.status_code == 403
    seen = device.get(f"/api/games/{world3.pk}/", HTTP_X_TEAM_TOKEN=b.token).json()["view"]
    seen = seen["round"]
    assert all(g["guess"] is None for g in seen["guesses"])  # a's guess stays hidden
    assert seen["guesses"][0]["placed"] is True
    for path in ("close-guessing", "evaluate", "rounds"):
        r = device.post(f"/api/games/{world3.pk}/{path}/", HTTP_X_TEAM_TOKEN=a.token)
        assert r.status_code in (401, 403)
    assert api_client_for(student).post(f"/api/games/{world3.pk}/evaluate/").status_code == 403
    unknown = client.post(url, {"team": 999999, "guess": "EU"}, format="json")
    assert unknown.status_code == 400 and data


def test_germany_and_world_moves_do_not_mix(teacher, world3, game2):
    client = api_client_for(teacher)
    team = world3.teams.first()
    tip = client.post(
        f"/api/games/{world3.pk}/tips/", {"team": team.pk, "place": 1, "tip": "N"}, format="json"
    )
    assert tip.status_code == 400 and tip.json()["code"] == "wrong_edition"
    g = game2.teams.first()
    guess = client.post(
        f"/api/games/{game2.pk}/guess/", {"team": g.pk, "guess": "EU"}, format="json"
    )
    assert guess.status_code == 400 and guess.json()["code"] == "wrong_edition"


def test_no_card_comes_out_twice_and_the_deck_runs_out(teacher, world_big):
    from play.core.store import create_game

    game = create_game(user=teacher, edition="world", deck=world_big, seat_names=list("ABCDEF"))
    client = api_client_for(teacher)
    for _ in range(4):  # 24 cards, 6 a round
        play_to_guessing(client, game)
        client.post(f"/api/games/{game.pk}/close-guessing/")
        client.post(f"/api/games/{game.pk}/reveal/")
    game.refresh_from_db()
    refs = [r for rnd in game.state["rounds"] for r in rnd["table"]]
    places = [game.state["cards"][r]["id"] for r in refs]
    assert len(places) == len(set(places)) == 24
    r = client.post(f"/api/games/{game.pk}/rounds/", {}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "deck_exhausted"


def test_changing_an_unlocked_guess_is_private(teacher, world3):
    client = api_client_for(teacher)
    data = play_to_guessing(client, world3)
    team = world3.teams.get(pk=data["guesses"][0]["team_id"])
    other = world3.teams.exclude(pk=team.pk).first()
    url = f"/api/games/{world3.pk}/guess/"
    device = api_client_for(None)
    device.post(url, {"team": team.pk, "guess": "EU"}, format="json", HTTP_X_TEAM_TOKEN=team.token)
    device.post(
        url, {"team": team.pk, "guess": "AS-W"}, format="json", HTTP_X_TEAM_TOKEN=team.token
    )
    mine = device.get(f"/api/games/{world3.pk}/", HTTP_X_TEAM_TOKEN=team.token).json()
    assert mine["view"]["round"]["guesses"][team.index]["guess"] == "AS-W"
    theirs = device.get(f"/api/games/{world3.pk}/", HTTP_X_TEAM_TOKEN=other.token).json()
    row = theirs["view"]["round"]["guesses"][team.index]
    assert row == {"team": team.index, "placed": True, "locked": False, "guess": None}
    teacher_view = client.get(f"/api/games/{world3.pk}/").json()["view"]
    assert teacher_view["round"]["guesses"][team.index]["guess"] is None


def test_the_world_registers_its_old_endpoints_as_aliases(teacher, student, world3):
    from types import SimpleNamespace

    from rest_framework.exceptions import PermissionDenied

    from play.core import registry

    with pytest.raises(PermissionDenied):
        registry.alias("world", "rounds")(SimpleNamespace(user=student), world3)
    laid = registry.alias("world", "rounds")(SimpleNamespace(user=teacher), world3)
    assert laid.status_code == 201 and laid.data["phase"] == "choosing"
    early = registry.alias("world", "reveal")(SimpleNamespace(user=teacher), world3)
    assert early.status_code == 409 and early.data["code"] == "wrong_phase"
