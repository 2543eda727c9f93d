"""A class's report across its games (places missed most, weak tip kinds, share right per game)
and its practice deck of the most-missed places, which prints and plays like any deck."""

from __future__ import annotations

import types
from collections import Counter

import pytest
from django.test import Client

from cards.models import Deck
from play.core import store
from play.models import Class, Game, GameSummary, Mode
from play.reports import build
from tests.conftest import api_client_for, make_user
from tests.play.reports.helpers import next_computer_move

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


def _wrong_tips(teacher, games) -> tuple[Counter, Counter]:
    asked, missed = Counter(), Counter()
    api = api_client_for(teacher)
    for game in games:
        for tip in api.get(f"/api/games/{game.pk}/report/").json()["tips"]:
            asked[tip["place"]] += 1
            missed[tip["place"]] += not tip["correct"]
    return asked, missed


def test_the_class_report_counts_every_tip_and_puts_the_most_missed_first(teacher, seven_b, played):
    report = api_client_for(teacher).get(f"/api/classes/{seven_b.pk}/report/").json()
    assert report["games"] == 3
    asked, missed = _wrong_tips(teacher, played)
    assert 0 < sum(missed.values()) < sum(asked.values())
    assert {p["name"]: (p["asked"], p["missed"]) for p in report["places"]} == {
        name: (asked[name], missed[name]) for name in asked
    }
    order = [(-p["missed"] / p["asked"], -p["missed"]) for p in report["places"]]
    assert order == sorted(order)
    assert all(set(p) >= {"name", "asked", "missed", "last_asked"} for p in report["places"])
    assert "place_id" not in str(report)
    kinds = {k["kind"]: k for k in report["kinds"]}
    assert sum(k["right"] + k["wrong"] for k in kinds.values()) == sum(asked.values())
    shares = [g["share_right"] for g in report["game_list"]]
    assert len(shares) == 3 and all(0 <= s <= 1 for s in shares)


def test_the_class_report_keeps_a_summary_per_game_and_renews_it_after_an_undo(
    teacher, seven_b, played
):
    api = api_client_for(teacher)
    api.get(f"/api/classes/{seven_b.pk}/report/")
    assert GameSummary.objects.count() == 3
    last = played[-1]
    store.undo(last)  # the last reveal taken back: the game runs again
    report = api.get(f"/api/classes/{seven_b.pk}/report/").json()
    assert report["games"] == 2  # a running game is not in the class's report


def test_practise_the_missed_places_makes_a_deck_of_the_most_missed(teacher, seven_b, played):
    api = api_client_for(teacher)
    ranked = api.get(f"/api/classes/{seven_b.pk}/report/").json()["places"]
    missed = [p["name"] for p in ranked if p["missed"]]
    assert len(missed) > 5
    response = api.post(f"/api/classes/{seven_b.pk}/practice-deck/", {"size": 5}, format="json")
    assert response.status_code == 201, response.json()
    deck = Deck.objects.get(slug=response.json()["slug"])
    assert deck.edition == "germany" and "7b Erdkunde" in deck.name
    names = [card.place.name for card in deck.cards.select_related("place").order_by("position")]
    assert names == missed[:5]
    # It plays like any deck, and prints.
    game = store.create_game(user=teacher, edition="germany", deck=deck, seat_names=["A", "B"])
    assert len(game.state["cards"]) == 5
    host = Client()
    host.force_login(teacher)
    assert host.get(f"/print/{deck.slug}/").status_code == 200


def test_the_practice_deck_takes_twenty_places_unless_told(teacher, seven_b, played):
    api = api_client_for(teacher)
    missed = sum(
        1 for p in api.get(f"/api/classes/{seven_b.pk}/report/").json()["places"] if p["missed"]
    )
    response = api.post(f"/api/classes/{seven_b.pk}/practice-deck/", {}, format="json")
    assert response.status_code == 201
    assert response.json()["places"] == min(20, missed)
    for size in (0, -3, "many", 201):
        refused = api.post(
            f"/api/classes/{seven_b.pk}/practice-deck/", {"size": size}, format="json"
        )
        assert refused.status_code == 400 and refused.json()["code"] == "bad_size"


def test_a_class_without_games_has_no_practice_deck_and_another_teacher_none(teacher, seven_b):
    api = api_client_for(teacher)
    response = api.post(f"/api/classes/{seven_b.pk}/practice-deck/", {}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "no_games"
    colleague = api_client_for(make_user("clara", "Teachers"))
    assert colleague.post(f"/api/classes/{seven_b.pk}/practice-deck/", {}).status_code == 404


def test_the_class_page_shows_its_games_chart_map_and_missed_places(teacher, seven_b, played):
    host = Client()
    host.force_login(teacher)
    page = host.get(f"/play/classes/{seven_b.pk}/").content.decode()
    assert '<svg class="report-chart"' in page and '<svg class="report-map"' in page
    assert page.count('href="/play/report/') == 3
    ranked = api_client_for(teacher).get(f"/api/classes/{seven_b.pk}/report/").json()["places"]
    assert ranked[0]["name"] in page
    response = host.post(f"/play/classes/{seven_b.pk}/practice/", {"size": "3"})
    assert response.status_code == 302 and response["Location"].startswith("/print/")


def test_a_class_game_keeps_its_summary_as_it_ends_and_a_game_without_a_class_none(
    teacher, seven_b, big_deck, django_capture_on_commit_callbacks
):
    games = {}
    for school_class in (seven_b, None):
        game = store.create_game(
            user=teacher,
            edition="germany",
            deck=big_deck,
            seat_names=["A", "B"],
            school_class=school_class,
        )
        with django_capture_on_commit_callbacks(execute=True):
            games[school_class] = store.make_move(game, None, "end", {}, teacher=True)
    kept = GameSummary.objects.get()  # made by the end itself, before anyone opened a report
    ended = Game.objects.get(pk=games[seven_b].pk)
    assert kept.game_id == ended.pk and kept.version == ended.version
    assert kept.data == build.summary(ended)


def test_reviewing_a_finished_game_keeps_its_summary_for_the_class_page(teacher, big_deck):
    running = store.create_game(
        user=teacher, edition="germany", deck=big_deck, seat_names=["A", "B"]
    )
    api = api_client_for(teacher)
    api.get(f"/api/games/{running.pk}/report/")
    assert not GameSummary.objects.exists()  # a running game's report changes yet
    ended = store.make_move(running, None, "end", {}, teacher=True)
    host = Client()
    host.force_login(teacher)
    host.get(f"/play/report/{ended.code}/")
    assert GameSummary.objects.get().version == Game.objects.get(pk=ended.pk).version


def test_a_world_classs_practice_deck_is_a_world_deck_with_coloured_cards(teacher, world_big):
    world_class = Class.objects.create(teacher=teacher, name="8a Erdkunde")
    game = store.create_game(
        user=teacher,
        edition="world",
        deck=world_big,
        seat_names=["Rot", "Blau", "Grün"],
        bots=[1, 2],
        mode=Mode.DEVICES,
        options={"track_length": 10},
        school_class=world_class,
    )
    for _ in range(600):
        if store.result_of(game) is not None:
            break
        moved = next_computer_move(game, range(1))
        game = moved or store.run_due_bots(Game.objects.get(pk=game.pk))
    api = api_client_for(teacher)
    places = api.get(f"/api/classes/{world_class.pk}/report/").json()["places"]
    missed = [p["name"] for p in places if p["missed"]]
    assert missed, "the computer players missed nothing this time"
    response = api.post(f"/api/classes/{world_class.pk}/practice-deck/", {}, format="json")
    assert response.status_code == 201
    deck = Deck.objects.get(slug=response.json()["slug"])
    assert deck.edition == "world"
    cards = list(deck.cards.select_related("place").order_by("position"))
    assert [c.place.name for c in cards] == missed[:20]
    assert all(c.colour in ("yellow", "orange", "green") for c in cards)
