"""Each edition's report of a game played to its end by computer seats, through the API and
the report page; who may read it; and, while a game runs, only what has been revealed."""

from __future__ import annotations

import types

import pytest
from django.test import Client

from play.core import registry, store
from play.editions.dice import rules as dice_rules
from play.models import Game
from tests.conftest import api_client_for, make_user
from tests.play.reports.helpers import (
    game_with_computer_seats,
    next_computer_move,
    play_to_the_end,
)

pytestmark = pytest.mark.django_db

EDITIONS = [edition.slug for edition in registry.editions()]


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    # Computer seats wait a moment before they move, to look human; here every wait is over.
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


@pytest.fixture
def decks(big_deck, world_big):
    return {"germany": big_deck, "world": world_big}


def _check_edition_part(slug: str, game: Game, report: dict) -> None:
    state = game.state
    if slug == "germany":
        tips = sum(len(r["tips"]) for r in state["rounds"] if r["revealed"])
        assert len(report["tips"]) == tips > 0
        assert {t["tip"] for t in report["tips"]} <= {"N", "S", "W", "O", "M", "MOST", "FEWEST"}
        assert sum(t["points"] for t in report["tips"]) == sum(t["points"] for t in report["teams"])
        assert all(isinstance(t["row"], int) and t["row"] >= 1 for t in report["tips"])
    elif slug == "world":
        evaluated = [e for r in state["rounds"] for e in r["evaluations"]]
        assert len(report["guesses"]) == len(evaluated) > 0
        for guess in report["guesses"]:
            assert guess["solutions"] and isinstance(guess["correct"], bool)
            assert guess["correct"] == any(s.startswith(guess["guess"]) for s in guess["solutions"])
    elif slug == "numbers":
        assert report["hits"] == state["hits"] == sum(t["hit"] for t in report["targets"])
        assert sum(t["turns"] for t in report["targets"]) == state["turns"]
    elif slug == "dice":
        for seat, player in enumerate(report["players"]):
            assert player["points"] == dice_rules.score(state["taken"][seat])["total"]
            assert player["rolls"] >= player["busts"] and player["rolls"] > 0
    elif slug == "match":
        assert sum(g["claims"] for g in report["games"]) > 0
        assert all(g["median_seconds"] is None or g["median_seconds"] >= 0 for g in report["games"])


@pytest.mark.parametrize("slug", EDITIONS)
def test_a_game_played_to_the_end_has_its_editions_report(slug, teacher, decks):
    game = play_to_the_end(game_with_computer_seats(slug, teacher, decks))
    response = api_client_for(teacher).get(f"/api/games/{game.pk}/report/")
    assert response.status_code == 200
    report = response.json()
    assert report["edition"] == slug and report["class"] is None and report["game"]["over"]
    assert all(set(team) >= {"name", "points"} for team in report["teams"])
    ranking = store.result_of(game)["ranking"]
    # Numbers: one team of all players, its points the targets hit. The World: a pawn still
    # off the track stands at 0.
    if slug != "numbers":
        assert sorted(t["points"] for t in report["teams"]) == sorted(
            p or 0 for _r, _s, p in ranking
        )
    assert "place_id" not in response.content.decode()  # no database ids leave the server
    _check_edition_part(slug, game, report)
    host = Client()
    host.force_login(teacher)
    page = host.get(f"/play/report/{game.code}/")
    assert page.status_code == 200
    assert report["teams"][0]["name"] in page.content.decode()


def test_only_the_games_teacher_or_an_admin_reads_its_report(teacher, admin_user, decks):
    game = game_with_computer_seats("germany", teacher, decks)
    url = f"/api/games/{game.pk}/report/"
    assert api_client_for(teacher).get(url).status_code == 200
    assert api_client_for(admin_user).get(url).status_code == 200
    colleague = make_user("clara", "Teachers")
    assert api_client_for(colleague).get(url).status_code == 404
    assert api_client_for(None).get(url).status_code == 403
    device = game.teams.get(index=0)
    assert api_client_for(None).get(url, HTTP_X_TEAM_TOKEN=device.token).status_code == 403
    page = Client()
    page.force_login(colleague)
    assert page.get(f"/play/report/{game.code}/").status_code == 404
    assert Client().get(f"/play/report/{game.code}/").status_code == 302  # to the log-in


def test_a_world_game_reports_a_card_only_once_it_is_turned_over(teacher, world3):
    game = world3
    for _ in range(200):
        rnd = game.state["rounds"][-1] if game.state["rounds"] else None
        if rnd and rnd["phase"] == "evaluating":
            break
        game = next_computer_move(game, range(3))
    api = api_client_for(teacher)
    before = api.get(f"/api/games/{game.pk}/report/").json()
    assert before["guesses"] == [] and not before["game"]["over"]
    held = [game.state["cards"][ref] for ref in game.state["rounds"][-1]["held"]]
    text = api.get(f"/api/games/{game.pk}/report/").content.decode()
    assert not any(s in text for card in held for s in card["solutions"])
    game = store.make_move(game, None, "evaluate", {}, teacher=True)  # one card turned over
    after = api.get(f"/api/games/{game.pk}/report/").json()
    assert len(after["guesses"]) == 1
    shown = after["guesses"][0]
    assert shown["place"] in {card["name"] for card in held}


def test_the_report_page_draws_the_map_of_a_germany_game(teacher, big_deck):
    game = store.create_game(
        user=teacher, edition="germany", deck=big_deck, seat_names=["Rot", "Blau"]
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    for _ in range(6):
        game = next_computer_move(game, range(2))
    game = store.make_move(game, None, "reveal", {}, teacher=True)
    host = Client()
    host.force_login(teacher)
    page = host.get(f"/play/report/{game.code}/").content.decode()
    assert '<svg class="report-map"' in page
    names = [game.state["cards"][ref]["name"] for ref in game.state["rounds"][0]["places"]]
    assert all(name in page for name in names)
    assert "läuft noch" in page  # the site speaks German unless asked otherwise


def test_the_projectors_game_over_screen_has_a_review_button(teacher, big_deck):
    game = store.create_game(
        user=teacher, edition="germany", deck=big_deck, seat_names=["Rot", "Blau"]
    )
    store.make_move(game, None, "end", {}, teacher=True)
    host = Client()
    host.force_login(teacher)
    page = host.get(f"/play/host/{game.code}/").content.decode()
    assert f'href="/play/report/{game.code}/"' in page
    listing = host.get("/play/").content.decode()
    assert f'href="/play/report/{game.code}/"' in listing


def test_a_grid_edition_games_report_draws_that_countrys_map(teacher, austria_deck):
    game = store.create_game(
        user=teacher, edition="germany", deck=austria_deck, seat_names=["Rot", "Blau"]
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    for _ in range(6):
        game = next_computer_move(game, range(2))
    game = store.make_move(game, None, "reveal", {}, teacher=True)
    report = api_client_for(teacher).get(f"/api/games/{game.pk}/report/").json()
    assert len(report["tips"]) == 6
    host = Client()
    host.force_login(teacher)
    page = host.get(f"/play/report/{game.code}/").content.decode()
    assert "<title>Österreich</title>" in page
