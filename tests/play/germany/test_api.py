"""The games API: creating, laying out, tipping, revealing; 400/409 cases and permissions."""

from __future__ import annotations

import pytest

from play.models import Game
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def _create(client, **extra):
    body = {"edition": "germany", "deck": "de-big", "teams": ["Rot", "Blau", "Grün"]}
    body.update(extra)
    return client.post("/api/games/", body, format="json")


def _laid_out(client, game_id):
    response = client.post(f"/api/games/{game_id}/rounds/", {}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_it_creates_a_game_with_teams_and_a_join_code(teacher, big_deck):
    response = _create(api_client_for(teacher), starting_team=2)
    assert response.status_code == 201
    body = response.json()
    assert len(body["code"]) == 6
    assert [t["name"] for t in body["teams"]] == ["Rot", "Blau", "Grün"]
    assert all(t["id"] and t["token"] for t in body["teams"])
    assert Game.objects.get(pk=body["id"]).options["starting_team"] == 2


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"teams": ["Solo"]}, None),
        ({"teams": ["A", "B", "C", "D", "E"]}, "team_count"),
        ({"teams": ["A", "a"]}, "team_name"),
        ({"starting_team": 3}, "unknown_team"),
        ({"deck": "nope"}, "unknown_deck"),
        ({"deck": "world-test"}, "deck_edition"),
        ({"teams": ["A", "B"], "face_down": True}, "face_down_teams"),
        ({"edition": "mars"}, None),
    ],
)
def test_it_refuses_bad_games(teacher, big_deck, world_deck, extra, code):
    response = _create(api_client_for(teacher), **extra)
    assert response.status_code == 400, response.content
    if code:
        assert response.json()["code"] == code


def test_only_teachers_create_games(student, big_deck):
    assert _create(api_client_for(student)).status_code == 403
    assert _create(api_client_for(None)).status_code in (401, 403)


def test_it_refuses_malformed_json(teacher, big_deck):
    client = api_client_for(teacher)
    response = client.post("/api/games/", "{nope", content_type="application/json")
    assert response.status_code == 400
    response = client.post("/api/games/", "[1, 2]", content_type="application/json")
    assert response.status_code == 400


def test_a_round_lays_out_fronts_only(teacher, game3):
    body = _laid_out(api_client_for(teacher), game3.pk)
    assert len(body["places"]) == 4
    assert body["starting_team"] == 1 and body["next_team"] == 1
    for place in body["places"]:
        assert set(place) == {"id", "position", "name", "stack"}


def test_hand_picked_places_are_checked(teacher, game2, big_deck, berlin):
    client = api_client_for(teacher)
    ids = list(big_deck.places.values_list("id", flat=True)[:3])
    url = f"/api/games/{game2.pk}/rounds/"
    assert client.post(url, {"places": ids[:2]}, format="json").json()["code"] == "place_count"
    bad = client.post(url, {"places": [*ids[:2], berlin.pk]}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "place_not_in_deck"
    assert client.post(url, {"places": ids}, format="json").status_code == 201
    # The round is open: no new one before the reveal.
    assert client.post(url, {}, format="json").status_code == 409


def test_tips_follow_the_turn_order(teacher, game3):
    client = api_client_for(teacher)
    body = _laid_out(client, game3.pk)
    teams = {t.index: t.pk for t in game3.teams.all()}
    place = body["places"][0]["id"]
    url = f"/api/games/{game3.pk}/tips/"
    wrong = client.post(url, {"team": teams[0], "place": place, "tip": "N"}, format="json")
    assert wrong.status_code == 409 and wrong.json()["code"] == "not_your_turn"
    ok = client.post(url, {"team": teams[1], "place": place, "tip": "N"}, format="json")
    assert ok.status_code == 201 and ok.json()["order"] == 0
    # A double tap of the same tip is harmless.
    again = client.post(url, {"team": teams[1], "place": place, "tip": "N"}, format="json")
    assert again.status_code == 200 and again.json()["id"] == ok.json()["id"]
    assert len(Game.objects.get(pk=game3.pk).state["rounds"][0]["tips"]) == 1


def test_tip_rule_violations_are_400(teacher, game2, big_deck, paris):
    client = api_client_for(teacher)
    body = _laid_out(client, game2.pk)
    a, b = (t.pk for t in game2.teams.all())
    p1, p2, _p3 = (p["id"] for p in body["places"])
    url = f"/api/games/{game2.pk}/tips/"

    def tip(team, place, value):
        return client.post(url, {"team": team, "place": place, "tip": value}, format="json")

    assert tip(a, p1, "M").status_code == 201
    two_player = tip(b, p2, "M")
    assert two_player.status_code == 400 and two_player.json()["code"] == "two_player_rule"
    assert tip(b, p2, "W").status_code == 201  # W and M are different tips for the rule
    wm = tip(a, p2, "W")
    assert wm.status_code == 400 and wm.json()["code"] == "wm_card_used"
    foreign = tip(a, paris.pk, "N")
    assert foreign.status_code == 400 and foreign.json()["code"] == "place_not_laid_out"
    assert tip(a, p2, "BOGUS").status_code == 400
    assert tip(999_999, p2, "N").json()["code"] == "unknown_team"
    assert client.post(url, {"team": a}, format="json").status_code == 400
    assert client.post(url, "[]", content_type="application/json").status_code == 400


def test_reveal_needs_every_tip_and_then_scores(teacher, game2):
    client = api_client_for(teacher)
    body = _laid_out(client, game2.pk)
    url = f"/api/games/{game2.pk}/reveal/"
    early = client.post(url)
    assert early.status_code == 409 and early.json()["code"] == "round_incomplete"
    _play_full_round(client, game2, body)
    result = client.post(url)
    assert result.status_code == 200
    data = result.json()
    assert data["revealed"] and set(data["team_points"]) == {"0", "1"}
    for place in data["places"]:
        assert {"state", "description", "population", "ns", "we"} <= set(place["back"])
        for tip in place["stack"]:
            assert 0 <= tip["points"] <= 3
    assert client.post(url).status_code == 409
    state = client.get(f"/api/games/{game2.pk}/").json()
    assert [t["points"] for t in state["teams"]] == [
        data["team_points"]["0"],
        data["team_points"]["1"],
    ]


def _play_full_round(client, game, body):
    """Play every team's legal tips in turn, as the rules allow."""
    from play.editions.germany.moves import round_state
    from play.models import Team

    while True:
        state = client.get(f"/api/games/{game.pk}/").json()["round"]
        if state["next_team"] is None:
            return
        team = Team.objects.get(game=game, index=state["next_team"])
        stored = Game.objects.get(pk=game.pk).state
        rnd = round_state(stored, stored["rounds"][-1])
        tip = rnd.available_tips(team.index)[0]
        place = body["places"][len(rnd.tips) % len(body["places"])]["id"]
        response = client.post(
            f"/api/games/{game.pk}/tips/",
            {"team": team.pk, "place": place, "tip": tip.value},
            format="json",
        )
        assert response.status_code == 201, response.content


def test_a_whole_game_rotates_the_start_and_ends(teacher, game2):
    client = api_client_for(teacher)
    starts = []
    for _ in range(6):
        body = _laid_out(client, game2.pk)
        starts.append(body["starting_team"])
        _play_full_round(client, game2, body)
        assert client.post(f"/api/games/{game2.pk}/reveal/").status_code == 200
    assert starts == [0, 1, 0, 1, 0, 1]
    state = client.get(f"/api/games/{game2.pk}/").json()
    assert state["status"] == "finished"
    assert state["ranking"][0]["rank"] == 1
    finished = client.post(f"/api/games/{game2.pk}/rounds/", {}, format="json")
    assert finished.status_code == 409 and finished.json()["code"] == "game_finished"
    stored = Game.objects.get(pk=game2.pk).state
    used = [ref for r in stored["rounds"] for ref in r["places"]]
    assert len(used) == len(set(used)) == 18


def test_team_devices_play_only_for_themselves(teacher, game2, client):
    api = api_client_for(teacher)
    body = _laid_out(api, game2.pk)
    a, b = game2.teams.all()
    anonymous = api_client_for(None)
    url = f"/api/games/{game2.pk}/tips/"
    tip = {"team": a.pk, "place": body["places"][0]["id"], "tip": "N"}
    assert anonymous.post(url, tip, format="json").status_code == 403
    assert anonymous.get(f"/api/games/{game2.pk}/").status_code == 403
    as_b = anonymous.post(url, tip, format="json", HTTP_X_TEAM_TOKEN=b.token)
    assert as_b.status_code == 403
    as_a = anonymous.post(url, tip, format="json", HTTP_X_TEAM_TOKEN=a.token)
    assert as_a.status_code == 201
    assert anonymous.get(f"/api/games/{game2.pk}/", HTTP_X_TEAM_TOKEN=a.token).status_code == 200
    # Devices cannot run the game.
    assert anonymous.post(
        f"/api/games/{game2.pk}/reveal/", HTTP_X_TEAM_TOKEN=a.token
    ).status_code in (
        401,
        403,
    )


def test_other_teachers_cannot_run_someone_elses_game(editor, game2):
    client = api_client_for(editor)
    assert client.post(f"/api/games/{game2.pk}/rounds/", {}, format="json").status_code == 403
    assert client.get(f"/api/games/{game2.pk}/").status_code == 403


def test_an_admin_can_run_any_game(admin_user, game2):
    assert _laid_out(api_client_for(admin_user), game2.pk)["number"] == 1


def test_unknown_game_is_404(teacher):
    client = api_client_for(teacher)
    assert client.get("/api/games/424242/").status_code == 404
    assert client.post("/api/games/424242/reveal/").status_code == 404


def test_the_schema_documents_the_games_api(teacher):
    response = api_client_for(teacher).get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for path in ("/api/games/", "/api/games/{game_id}/tips/", "/api/games/{game_id}/reveal/"):
        assert path in text
