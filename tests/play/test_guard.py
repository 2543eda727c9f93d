"""Abuse limits and ids: code guessing, oversized ids, cookie writes, projector-only joins,
idle games, and card references that say nothing about the backs."""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from play.core import store
from play.core.engine import Context, Viewer, apply_move, setup_rng
from play.core.expiry import expire_games
from play.editions.germany import moves as germany
from play.models import Game, Mode, Status
from tests.conftest import api_client_for


def test_card_references_and_order_say_nothing_about_the_backs():
    # Worst case for ids: the deck's database ids follow population, largest first, like the
    # old starter decks; and the grid numbers follow the ids too.
    deck = [
        {
            "id": i + 1,
            "name": f"P{i}",
            "population": 1_000_000 - 1000 * i,
            "ns": i,
            "we": i,
            "state": "",
            "description": "",
            "latitude": 50.0,
            "longitude": 10.0,
        }
        for i in range(30)
    ]
    options = {"starting_team": 0, "face_down": False, "draw": "random", "rounds": 0}
    by_ref_rank, by_position = Counter(), Counter()
    draws = 2000
    for seed in range(draws):
        state = germany.setup(options, deck, ["A", "B"], setup_rng(seed))
        ctx = Context(random.Random(seed), 0.0, teacher=True)
        state = apply_move(EDITION, state, None, "lay_out", {}, ctx)
        places = EDITION.view(state, Viewer.projector())["round"]["places"]
        populations = {p["id"]: state["cards"][p["id"]]["population"] for p in places}
        most = max(populations, key=populations.get)
        by_ref_rank[sorted(populations).index(most)] += 1
        by_position[[p["id"] for p in places].index(most)] += 1
        assert all("population" not in p and "back" not in p for p in places)
    # Three places a round: uniform would put MOST at each rank a third of the time.
    for counts in (by_ref_rank, by_position):
        for rank in range(3):
            assert abs(counts[rank] / draws - 1 / 3) < 0.05, counts


from play.editions.germany.edition import EDITION  # noqa: E402


@pytest.mark.django_db
def test_unknown_codes_are_limited_per_address(settings, db):
    settings.PLAY_CODE_MISSES_ALLOWED = 3
    device = Client()
    for _ in range(3):
        response = device.post("/play/join/", {"code": "ZZZZZZ"})
        assert response.status_code == 200 and "kein Spiel" in response.content.decode()
    assert device.post("/play/join/", {"code": "ZZZZZZ"}).status_code == 429
    assert device.get("/play/ABCDEF/").status_code == 429


@pytest.mark.django_db
def test_polls_do_not_tell_which_codes_exist(teacher, game2):
    stranger = Client()
    known = stranger.get(f"/play/{game2.code}/state/?v={game2.version}")
    unknown = stranger.get("/play/QQQQQQ/state/?v=1")
    assert (known.status_code, unknown.status_code) == (204, 204)
    assert known["HX-Redirect"] == f"/play/{game2.code}/"
    assert unknown["HX-Redirect"] == "/play/QQQQQQ/"
    host_known = stranger.get(f"/play/host/{game2.code}/state/?v={game2.version}")
    host_unknown = stranger.get("/play/host/QQQQQQ/state/?v=1")
    assert host_known.status_code == host_unknown.status_code == 404


@pytest.mark.django_db
def test_ids_beyond_64_bits_are_not_found(teacher, game2):
    client = api_client_for(teacher)
    assert client.get(f"/api/games/{2**70}/").status_code == 404
    device = Client()
    response = device.post(f"/play/{game2.code}/join/", {"team": str(2**70)})
    assert response.status_code == 409  # "choose your team", not a server error
    host = Client()
    host.force_login(teacher)
    kicked = host.post(f"/play/host/{game2.code}/kick/", {"team": str(2**70)})
    assert kicked.status_code == 400


@pytest.mark.django_db
def test_a_cookie_alone_cannot_make_a_move(game2):
    game = store.make_move(game2, None, "lay_out", {}, teacher=True)
    team = game.teams.get(index=0)
    device = Client(enforce_csrf_checks=True)
    device.cookies[f"spoton_team_{game.code}"] = team.token
    place = game.state["rounds"][0]["places"][0]
    body = {"move": "tip", "args": {"place": place, "tip": "N"}}
    forged = device.post(f"/api/games/{game.pk}/moves/", body, content_type="application/json")
    assert forged.status_code == 403
    with_header = device.post(
        f"/api/games/{game.pk}/moves/",
        body,
        content_type="application/json",
        HTTP_X_TEAM_TOKEN=team.token,
    )
    assert with_header.status_code == 201


@pytest.mark.django_db
def test_a_projector_only_game_refuses_devices(teacher, big_deck):
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["A", "B"],
        mode=Mode.PROJECTOR,
    )
    response = Client().post(
        f"/play/{game.code}/join/", {"team": game.teams.first().pk}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 409 and "projector only" in response.content.decode()


@pytest.mark.django_db
def test_idle_games_end_and_old_ones_go(game2, game3, settings):
    long_ago = timezone.now() - timedelta(hours=30)
    Game.objects.filter(pk=game2.pk).update(active_at=long_ago)
    assert expire_games() == (1, 0)
    assert Game.objects.get(pk=game2.pk).status == Status.FINISHED
    assert Game.objects.get(pk=game3.pk).status == Status.ACTIVE
    kept = timedelta(days=settings.PLAY_KEEP_DAYS)
    Game.objects.filter(pk=game2.pk).update(finished_at=timezone.now() - kept + timedelta(hours=1))
    assert expire_games() == (0, 0)  # a report stays until the keeping time is over
    Game.objects.filter(pk=game2.pk).update(finished_at=timezone.now() - kept - timedelta(hours=1))
    assert expire_games() == (0, 1)
    assert not Game.objects.filter(pk=game2.pk).exists()
