"""The world games API: create, choose, exchange, guess, lock, close, evaluate; 400/409 cases."""

from __future__ import annotations

import pytest
from django.test import override_settings

from play import world
from play.models import Game, WorldCard
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def _create(client, **extra):
    body = {"edition": "world", "deck": "world-big", "teams": ["A", "B", "C"]}
    body.update(extra)
    return client.post("/api/games/", body, format="json")


def _next(game):
    rnd = world.current_round(game)
    data = api_client_for(game.created_by).get(f"/api/games/{game.pk}/").json()["round"]
    return rnd, data


def _play_to_guessing(client, game):
    assert client.post(f"/api/games/{game.pk}/rounds/", {}, format="json").status_code == 201
    while True:
        _rnd, data = _next(game)
        if data["phase"] != "choosing":
            break
        card = next(c for c in data["cards"] if c["status"] == "table")
        r = client.post(
            f"/api/games/{game.pk}/choose/",
            {"team": data["next_team_id"], "card": card["id"]},
            format="json",
        )
        assert r.status_code == 200, r.content
    while data["phase"] == "exchanging":
        r = client.post(
            f"/api/games/{game.pk}/exchange/",
            {"team": data["next_team_id"], "exchange": False},
            format="json",
        )
        assert r.status_code == 200, r.content
        _rnd, data = _next(game)
    assert data["phase"] == "guessing"
    return data


@override_settings(WORLD_TRACK_LENGTH=30, WORLD_FINAL_SPACES=6)
def test_it_creates_a_world_game_with_defaults_and_options(teacher, world_big):
    client = api_client_for(teacher)
    body = _create(client, youngest_team=2).json()
    game = Game.objects.get(pk=body["id"])
    assert game.edition == "world" and game.starting_team == 2
    assert game.options == {"track_length": 30, "final_spaces": 6, "longer_game": False}
    body = _create(client, options={"track_length": 25, "longer_game": True}).json()
    assert Game.objects.get(pk=body["id"]).options["longer_game"] is True
    state = client.get(f"/api/games/{body['id']}/").json()
    assert state["track"] == {"length": 25, "final_spaces": 6, "longer_game": True, "end": 28}


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"deck": "de-big"}, "deck_edition"),
        ({"teams": ["A"]}, None),
        ({"teams": list("ABCDEFG")}, "team_count"),
        ({"teams": ["A", "B"], "options": {"longer_game": True}}, "variant_needs_three"),
        ({"options": {"track_length": 3}}, "track_length"),
        ({"options": {"track_length": "long"}}, "track_length"),
        ({"options": {"longer_game": "yes"}}, "longer_game"),
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
        _rnd, data = _next(world3)
        card = next(c for c in data["cards"] if c["status"] == "table")
        client.post(
            f"/api/games/{world3.pk}/choose/",
            {"team": data["next_team_id"], "card": card["id"]},
            format="json",
        )
    _rnd, data = _next(world3)
    assert data["phase"] == "exchanging"
    first = data["next_team_id"]
    before = next(c for c in data["cards"] if c["team_id"] == first)
    r = client.post(
        f"/api/games/{world3.pk}/exchange/", {"team": first, "exchange": True}, format="json"
    )
    assert r.status_code == 200
    after = next(c for c in r.json()["cards"] if c["team_id"] == first and c["status"] == "held")
    assert after["id"] != before["id"]
    assert WorldCard.objects.get(pk=before["id"]).status == "exchanged"
    wrong = client.post(
        f"/api/games/{world3.pk}/exchange/", {"team": first, "exchange": True}, format="json"
    )
    assert wrong.status_code == 409 and wrong.json()["code"] == "not_your_turn"
    junk = client.post(f"/api/games/{world3.pk}/exchange/", {"team": first}, format="json")
    assert junk.status_code == 400


def test_a_team_with_no_tokens_left_is_not_asked(teacher, world3):
    from collections import Counter

    from play.editions.world import rules as rules_world

    counter = Counter({1: rules_world.MAX_EXCHANGES})
    rnd = world.start_round(world3)
    ex = rules_world.Exchanging(order=rnd.state["order"], used=dict(counter))
    world._pass_teams_without_tokens(ex)
    assert ex.decisions == {1: False} and ex.next_team() == 2


def test_guesses_are_checked_changed_and_locked(teacher, world3):
    client = api_client_for(teacher)
    data = _play_to_guessing(client, world3)
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
    data = _play_to_guessing(client, world3)
    rnd = world.current_round(world3)
    cards = {c.team.index: c for c in rnd.world_cards.filter(status="held")}
    right = world.card_facts(cards[data["order"][0]]).solutions[0]
    first = data["order"][0]
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
    state = client.get(f"/api/games/{world3.pk}/").json()
    assert state["teams"][first]["position"] == 3


def test_permissions(teacher, student, world3):
    client = api_client_for(teacher)
    data = _play_to_guessing(client, world3)
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
    seen = device.get(f"/api/games/{world3.pk}/", HTTP_X_TEAM_TOKEN=b.token).json()["round"]
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
    from play.services import create_game

    game = create_game(user=teacher, edition="world", deck=world_big, team_names=list("ABCDEF"))
    client = api_client_for(teacher)
    for _ in range(4):  # 24 cards, 6 a round
        _play_to_guessing(client, game)
        client.post(f"/api/games/{game.pk}/close-guessing/")
        client.post(f"/api/games/{game.pk}/reveal/")
    places = list(WorldCard.objects.filter(game=game).values_list("place_id", flat=True))
    assert len(places) == len(set(places)) == 24
    r = client.post(f"/api/games/{game.pk}/rounds/", {}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "deck_exhausted"


def test_changing_an_unlocked_guess_is_private_and_does_not_wake_other_screens(teacher, world3):
    client = api_client_for(teacher)
    data = _play_to_guessing(client, world3)
    team = world3.teams.get(pk=data["guesses"][0]["team_id"])
    url = f"/api/games/{world3.pk}/guess/"
    device = api_client_for(None)
    device.post(url, {"team": team.pk, "guess": "EU"}, format="json", HTTP_X_TEAM_TOKEN=team.token)
    world3.refresh_from_db()
    placed = world3.version  # placing the first stone shows on the projector
    device.post(
        url, {"team": team.pk, "guess": "AS-W"}, format="json", HTTP_X_TEAM_TOKEN=team.token
    )
    world3.refresh_from_db()
    assert world3.version == placed
    mine = device.get(f"/api/games/{world3.pk}/", HTTP_X_TEAM_TOKEN=team.token).json()["round"]
    assert next(g for g in mine["guesses"] if g["team_id"] == team.pk)["guess"] == "AS-W"
    device.post(
        f"/api/games/{world3.pk}/lock/",
        {"team": team.pk},
        format="json",
        HTTP_X_TEAM_TOKEN=team.token,
    )
    world3.refresh_from_db()
    assert world3.version == placed + 1  # locking in shows on the projector
