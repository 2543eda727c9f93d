"""The edition as the core sees it: options, views per viewer (no leaks), bots, whole matches."""

from __future__ import annotations

import json
import random

import pytest
from django.utils import translation

from play.core.engine import Viewer, as_json, clean_options
from play.core.errors import RuleViolation
from play.editions.match import rules
from play.editions.match.deck import deck_data
from play.editions.match.edition import EDITION
from tests.play.match.helpers import Table, island_cards


def viewers(table: Table) -> list[Viewer]:
    seats = [Viewer.of_seat(s) for s in range(len(table.names))]
    return [Viewer.projector(), Viewer.teacher(), *seats]


def hidden_cards(state) -> list[int]:
    """Every face-down card: the seats' piles and the teams' piles."""
    piles = [c for seat in state["seats"] for c in seat["pile"]]
    return piles + [c for team in state["teams"] for c in team["pile"]]


def test_it_fits_the_team_layout_to_the_number_of_devices():
    assert clean_options(EDITION, {}, 5)["layout"] == "auto"
    assert rules.layout_for("auto", 5) == (2, 2, 1)
    assert rules.layout_for("2-2", 4) == (2, 2)
    with pytest.raises(RuleViolation) as refused:
        clean_options(EDITION, {"layout": "2-2-2"}, 4)
    assert refused.value.code == "bad_layout"
    with pytest.raises(RuleViolation):
        clean_options(EDITION, {"lock": 11}, 2)


def test_it_reads_team_cards_given_as_team_and_colour():
    cards = [
        {"symbols": c["symbols"], "role": "team", "colour": c["role"]}
        if c["role"] in rules.COLOURS
        else c
        for c in island_cards()
    ]
    data = deck_data(cards)
    assert data["roles"].count("orange") == 16 and len(data["cards"]) == 73
    rules.check_deck(data)


def test_it_refuses_a_deck_that_is_not_the_island_deck():
    table = Table()
    cards = [
        {"symbols": card, "role": role}
        for card, role in zip(table.state["cards"], table.state["roles"], strict=True)
    ]
    cards[0] = {"symbols": cards[1]["symbols"], "role": "island"}
    with pytest.raises(RuleViolation, match="share one symbol"):
        EDITION.setup(table.state["options"], cards, table.names, random.Random(1))
    with pytest.raises(RuleViolation, match="19 island"):
        EDITION.setup(table.state["options"], cards[1:], table.names, random.Random(1))


@pytest.mark.parametrize(("seats", "game"), [(2, 1), (4, 2), (5, 3), (3, 2), (6, 5)])
def test_it_never_sends_a_face_down_card(seats, game):
    table = Table(seats=seats, game=game)
    table.move(0, "start")
    for _ in range(6):
        bot_moves = [EDITION.bot(table.state, s) for s in range(seats)]
        seat, chosen = next((s, m) for s, m in enumerate(bot_moves) if m is not None)
        table.move(seat, chosen.move, chosen.args)
    state = table.state
    assert state["phase"] == "play"
    secret = hidden_cards(state)
    assert len(secret) > 10
    for viewer in viewers(table):
        text = json.dumps(EDITION.view(state, viewer))
        for card in secret:
            assert state["refs"][card] not in text
            assert json.dumps(state["cards"][card]) not in text
        assert '"pile": [' not in text


@pytest.mark.parametrize("game", [1, 4])
def test_it_shows_a_turned_up_card_to_its_own_team_only(game):
    table = Table(seats=4, game=game)
    table.move(0, "start")
    state = table.state
    for seat in range(4):
        ref = state["refs"][rules.own_card(state, seat)]
        seen_by = [
            v.role if v.seat is None else v.seat
            for v in viewers(table)
            if ref in json.dumps(EDITION.view(state, v))
        ]
        team = state["teams"][state["seats"][seat]["team"]]
        assert seen_by == (team["seats"] if game == 4 else [seat])


def test_it_shows_a_seat_its_card_its_targets_and_its_pile_count():
    table = Table(seats=2, game=2)
    table.move(0, "start")
    me = EDITION.view(table.state, Viewer.of_seat(0))["me"]
    assert me["card"]["ref"] == table.ref(table.card(0))
    assert me["targets"] == [table.ref(table.top(9))]
    assert me["pile"] == 15
    shown = EDITION.view(table.state, Viewer.projector())
    assert "me" not in shown
    assert [len(port["symbols"]) for port in shown["ports"]] == [9] * 6
    assert [team["left"] for team in shown["teams"]] == [16, 16]


def test_it_draws_new_card_references_for_every_game():
    table = Table(seats=2, game=5, points=2)
    table.move(0, "start")
    first = list(table.state["refs"])
    table.play_bots()
    table2 = Table(seats=2, game=5, points=2, seed=99)
    table2.move(0, "start")
    assert first != table2.state["refs"]
    assert first != sorted(first)


def test_it_shows_the_same_view_after_a_json_round_trip():
    table = Table(seats=3, game=5)
    table.move(0, "start")
    for viewer in viewers(table):
        shown = EDITION.view(table.state, viewer)
        assert shown == json.loads(json.dumps(shown))
        assert EDITION.view(as_json(table.state), viewer) == shown


def test_it_makes_the_same_bot_move_from_the_same_state():
    table = Table(seats=3)
    table.move(0, "start")
    assert EDITION.bot(table.state, 1) == EDITION.bot(as_json(table.state), 1)
    assert 4.0 <= EDITION.bot(table.state, 1).delay <= 6.0
    assert EDITION.bot(Table(seats=3).state, 1) is None  # no game running yet


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_it_plays_an_adventure_to_ten_points_and_replays_it(seats):
    table = Table(seats=seats, mode="adventure", seed=seats)
    table.play_bots()
    state = table.state
    games = [entry["game"] for entry in state["history"]]
    assert games == list(range(1, len(games) + 1))
    scores = [team["score"] for team in state["teams"]]
    assert max(scores) >= 10
    per_game = [entry["points"] for entry in state["history"]]
    assert [sum(points) for points in zip(*per_game, strict=True)] == scores
    assert not any(event["kind"] == "wrong" for event in state["events"])
    result = EDITION.result(state)
    best = [n for n, score in enumerate(scores) if score == max(scores)]
    assert result["winners"] == [s for n in best for s in state["teams"][n]["seats"]]
    assert [row[1] for row in result["ranking"]] == sorted(
        range(seats), key=lambda s: (-scores[state["seats"][s]["team"]], s)
    )
    assert table.replayed() == state


def test_it_repeats_the_beginners_game():
    table = Table(seats=2, mode="beginner", game=4)
    table.play_bots()
    assert {entry["game"] for entry in table.state["history"]} == {4}
    assert len(table.state["history"]) >= 5  # at most 2 points a game
    assert table.replayed() == table.state


def test_it_exports_a_row_per_device_with_each_games_points():
    table = Table(seats=5, mode="adventure")
    table.play_bots()
    with translation.override("en"):
        rows = [
            [str(c) if not isinstance(c, int) else c for c in r] for r in EDITION.rows(table.state)
        ]
    assert rows[0][:4] == ["Seat", "Name", "Team", "Score"]
    assert rows[0][4] == "Game 1: Welcome to the island"
    assert [row[2] for row in rows[1:]] == ["orange", "orange", "blue", "blue", "red"]
    assert [row[0] for row in rows[1:]] == [1, 2, 3, 4, 5]  # as the screens number seats
    for row in rows[1:]:
        team = table.state["teams"][table.state["seats"][row[0] - 1]["team"]]
        assert row[3] == team["score"]
