"""The Germany rules on any grid-edition deck: an Austria game from the starter deck, played
to its end by computer teams, scored with Austria's grid numbers and drawn on Austria's map."""

from __future__ import annotations

import re
import types

import pytest
from django.test import Client
from django.utils import translation

from cards.grids.models import germany_edition
from cards.models import Deck, Place
from cards.snapshot import grid_data
from geo.grid import germany_grid
from geo.maps import germany_map
from geo.svg import render_svg
from play.core import store
from play.core.engine import Viewer
from play.core.forms import engine_game_form
from play.core.parts import OPEN, unmark
from play.editions.germany import rules
from play.editions.germany.edition import EDITION, round_map_html, round_map_svg
from play.models import Game, Mode

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


def _play_to_the_end(game: Game) -> Game:
    for _ in range(1000):
        if store.result_of(game) is not None:
            return game
        move = EDITION.bot(game.state, 0)
        if move is not None:
            game = store.make_move(game, 0, move.move, dict(move.args))
            continue
        move = EDITION.teacher_bot(game.state)
        assert move is not None, f"nobody can move in {game.state}"
        game = store.make_move(game, None, move.move, dict(move.args), teacher=True)
    raise AssertionError("the game did not end")


def test_an_austria_game_is_scored_with_austrias_grid_numbers(teacher, austria_deck):
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=austria_deck,
        seat_names=["Rot", "Blau", "Grün"],
        bots=[1, 2],
        mode=Mode.DEVICES,
    )
    assert game.state["grid"] == grid_data(austria_deck)
    assert game.state["grid"]["slug"] == "austria"
    game = _play_to_the_end(game)
    stored = Game.objects.get(pk=game.pk)
    assert stored.is_finished and len(stored.state["rounds"]) == 6
    assert store.replayed_state(stored) == stored.state

    # Every card carries Austria's numbers (0–50 north–south, 0–80 west–east), not Germany's.
    edition = austria_deck.grid
    places = Place.objects.in_bulk([card["id"] for card in stored.state["cards"].values()])
    austrian = {pk: tuple(edition.numbers(place)) for pk, place in places.items()}
    for card in stored.state["cards"].values():
        assert (card["ns"], card["we"]) == austrian[card["id"]]
        assert 0 <= card["ns"] <= 50 and 0 <= card["we"] <= 80
    differs = [
        card
        for card in stored.state["cards"].values()
        if (card["ns"], card["we"]) != tuple(germany_grid(card["latitude"], card["longitude"]))
    ]
    assert len(differs) == len(stored.state["cards"])

    # Each round's points are those of the rules on Austria's numbers, worked out again here.
    for rnd in stored.state["rounds"]:
        facts = [
            rules.PlaceFacts(ref, *austrian[card["id"]], card["population"])
            for ref in rnd["places"]
            for card in [stored.state["cards"][ref]]
        ]
        tips = [rules.Tip(t, p, rules.TipCard(v), o) for t, p, v, o in rnd["tips"]]
        scored = rules.score_round(facts, tips, 3)
        assert rnd["points"] == [scored.team_points.get(t, 0) for t in range(3)]
    assert sum(sum(r["points"]) for r in stored.state["rounds"]) > 0


def test_an_austria_round_is_revealed_on_austrias_map(teacher, austria_deck):
    game = store.create_game(
        user=teacher, edition="germany", deck=austria_deck, seat_names=["Rot", "Blau"], bots=[1]
    )
    for _ in range(20):
        rnd = game.state["rounds"][-1] if game.state["rounds"] else None
        if rnd and rnd["revealed"]:
            break
        move = EDITION.bot(game.state, 0) or EDITION.teacher_bot(game.state)
        seat = 0 if EDITION.bot(game.state, 0) else None
        game = store.make_move(game, seat, move.move, dict(move.args), teacher=seat is None)
    with translation.override("de"):
        view = store.view_for(game, Viewer.teacher())
    assert view["title"] == "Spot On: Österreich"
    assert (view["ns_max"], view["we_max"]) == (50, 80)
    places = tuple((p["back"]["latitude"], p["back"]["longitude"]) for p in view["round"]["places"])
    assert unmark(view["map_svg"]) == round_map_svg(
        places, "de", tuple(sorted(grid_data(austria_deck).items()))
    )
    assert unmark(view["map_svg"]) != round_map_svg(places, "de")
    assert "Österreich" in view["map_svg"]

    host = Client()
    host.force_login(teacher)
    html = host.get(f"/play/host/{game.code}/").content.decode()
    assert "Nord–Süd-Zahl (0 Norden … 50 Süden)" in html and 'class="round-map"' in html
    assert "Spot On: Österreich · " in html  # the page's title
    # The word, not a place: Deutschlandsberg is an Austrian town, laid out in some rounds.
    assert not re.search(r"\bDeutschland\b", html)


def test_the_heading_names_the_decks_country(teacher, austria_deck, big_deck):
    host = Client()
    host.force_login(teacher)
    for deck, language, heading in [
        (austria_deck, "de", "Spot On: Österreich"),
        (austria_deck, "en", "Spot On: Austria"),
        (big_deck, "de", "Spot On: Deutschland"),
        (big_deck, "en", "Spot On: Germany"),
    ]:
        game = store.create_game(
            user=teacher,
            edition="germany",
            deck=deck,
            seat_names=["Rot", "Blau"],
            language=language,
        )
        html = host.get(f"/play/host/{game.code}/").content.decode()
        assert f"<h1>{heading}</h1>" in html, (deck.slug, language)


def test_germany_keeps_its_map_exactly():
    places = ((52.52, 13.405), (48.137, 11.575), (53.551, 9.994), (50.938, 6.96))
    dots = [(str(n), lat, lon) for n, (lat, lon) in enumerate(places, 1)]
    drawing = germany_map(
        dots, width_mm=180, language="de", labels="spread", dot_radius=3.0, label_size=9.0
    )
    before = render_svg(drawing).split("?>", 1)[-1].strip()
    before = before.replace("<svg ", '<svg class="round-map" role="img" ', 1)
    grid = tuple(sorted(germany_edition().as_data().items()))
    assert round_map_svg(places, "de") == before
    assert round_map_svg(places, "de", grid) == before


def test_a_germany_deck_game_keeps_germanys_grid(teacher, big_deck):
    game = store.create_game(user=teacher, edition="germany", deck=big_deck, seat_names=["A", "B"])
    assert game.state["grid"]["slug"] == "germany"
    view = EDITION.present(EDITION.view(game.state, Viewer.teacher()))
    assert (view["ns_max"], view["we_max"]) == (150, 90)


def test_the_new_game_form_offers_every_grid_deck(austria_deck, switzerland_deck, big_deck):
    form = engine_game_form(EDITION)()
    assert set(form.fields["deck"].queryset) == {austria_deck, switzerland_deck, big_deck}
    with translation.override("en"):
        helps = form.deck_helps()
    assert helps[str(switzerland_deck.pk)] == {
        "option_starting_team": "Whoever was in another canton most recently."
    }
    assert (
        helps[str(austria_deck.pk)]["option_starting_team"]
        == helps[str(big_deck.pk)]["option_starting_team"]
        == "Whoever was in another federal state most recently."
    )
    with translation.override("de"):
        assert form.deck_helps()[str(switzerland_deck.pk)] == {
            "option_starting_team": "Wer zuletzt in einem anderen Kanton war."
        }


def test_a_world_deck_is_still_refused(teacher, world_deck):
    from play.core.errors import RuleViolation

    with pytest.raises(RuleViolation) as refused:
        store.create_game(user=teacher, edition="germany", deck=world_deck, seat_names=["A", "B"])
    assert refused.value.code == "deck_edition"
    assert Deck.objects.filter(edition="world").exists()


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_screens_round_map_is_the_whole_map_drawn_once(language):
    """A screen's map is the empty map cut where the dots go, with the round's dots between:
    the same SVG as the whole map drawn for the round, close towns and all, and its country,
    grid and notes a part of their own."""
    rounds = [
        ((52.52, 13.405), (48.137, 11.575), (53.551, 9.994), (50.938, 6.96)),
        ((51.34, 12.37), (51.33, 12.39), (51.35, 12.36)),  # three dots on one spot
        ((54.78, 9.43),),
    ]
    for places in rounds:
        html = round_map_html(places, language)
        assert unmark(html) == round_map_svg(places, language), places
        assert html.startswith(OPEN), html[:40]
        assert html.count("<circle") == round_map_svg(places, language).count("<circle")


def test_a_grid_decks_round_map_is_the_whole_map_drawn_once(db):
    from cards import starter

    deck = starter.grid_deck("austria", "AT", "Österreich", 5_000)[0]
    grid = tuple(sorted(grid_data(deck).items()))
    places = ((48.21, 16.37), (47.07, 15.44), (47.27, 11.39))
    assert unmark(round_map_html(places, "de", grid)) == round_map_svg(places, "de", grid)
