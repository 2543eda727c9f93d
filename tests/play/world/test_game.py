"""Whole world games on the engine: end conditions, colour bonus, tokens, the end, CSV, undo."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from play.core import store
from play.core.engine import Viewer
from play.editions.world import moves as world
from play.editions.world import rules

pytestmark = pytest.mark.django_db


def _game(teacher, deck, teams=3, language="de", **options):
    names = ["Adler", "Bären", "Dachse", "Elche"][:teams]
    opts = {"track_length": 10, **options}
    return store.create_game(
        user=teacher,
        edition="world",
        seat_names=names,
        deck=deck,
        options=opts,
        mode="projector",
        language=language,
    )


def _place(game, positions):
    """Put the pawns somewhere (set-up for a test: the initial state, so replays agree)."""
    game.initial = {**game.initial, "positions": list(positions)}
    game.state = {**game.state, "positions": list(positions)}
    game.save(update_fields=["moving_initial", "moving_state"])


def _teacher(game, name, **args):
    return store.make_move(game, None, name, args, teacher=True)


def _round(game, *, right=(), exchange=()):
    """Play a round: teams in ``right`` guess their card fully right, the others wrongly."""
    game = _teacher(game, "lay_out")
    while (rnd := world.current(game.state))["phase"] == world.CHOOSING:
        team = world.next_team(rnd)
        card = next(r for r in rnd["table"] if r not in rnd["chosen"])
        game = store.make_move(game, team, "choose", {"card": card})
    while (rnd := world.current(game.state))["phase"] == world.EXCHANGING:
        team = world.next_team(rnd)
        game = store.make_move(game, team, "exchange", {"exchange": team in exchange})
    rnd = world.current(game.state)
    for team, ref in enumerate(rnd["held"]):
        solution = game.state["cards"][ref]["solutions"][0]
        wrong = "AU" if not solution.startswith("AU") else "EU"
        guess = solution if team in right else wrong
        game = store.make_move(game, team, "guess", {"guess": guess, "lock": True})
    game = _teacher(game, "close_guessing")
    return _teacher(game, "evaluate", every=True)


def test_the_round_is_finished_then_the_colour_bonus_decides(teacher, world_big):
    game = _game(teacher, world_big)
    _place(game, [8, 9, None])
    game = _round(game, right=(0, 1))
    assert game.status == "finished"
    before = game.state["before_bonus"]
    assert before[0] is not None and before[0] > 10  # reached the final spaces
    kept = game.state["kept"]
    assert sum(kept[0].values()) + sum(kept[1].values()) >= 1
    assert game.state["bonus"], "someone kept a card, so someone gets a bonus"
    for move in game.state["bonus"]:
        assert move["steps"] in (2, 5)
    result = store.result_of(game)
    assert result["winners"] == rules.world_winners(game.state["positions"])
    assert result["ranking"][0][0] == 1


def test_the_game_goes_on_below_the_final_spaces(teacher, world_big):
    game = _game(teacher, world_big)
    _place(game, [2, 4, None])
    assert _round(game, right=(0,)).status == "active"


def test_the_longer_game_ends_on_the_final_space_numbered_with_the_teams(teacher, world_big):
    game = _game(teacher, world_big, longer_game=True)
    assert store.view_for(game, Viewer.projector())["track"]["end"] == 13
    _place(game, [8, 1, None])
    game = _round(game, right=(0,))  # 8 → 12: final space 2, not yet 3
    assert game.status == "active"
    game = _round(game, right=(0,))  # 12 → 16: past the end, every step counted
    assert game.status == "finished"
    assert game.state["before_bonus"][0] == 16


def test_a_pawn_past_the_last_printed_final_space_keeps_its_steps_and_bonus(teacher, world_big):
    game = _game(teacher, world_big, teams=2)
    last = 10 + rules.FINAL_SPACES
    _place(game, [last, last - 1])
    game = _round(game, right=(0, 1))
    before = game.state["before_bonus"]
    assert before[0] > last and before[1] > last  # no step lost at the end of the board
    moves = game.state["bonus"]
    assert moves and all(m["end"] - m["start"] >= m["steps"] for m in moves)
    view = store.view_for(game, Viewer.projector())
    assert view["track"]["shown_finals"] >= max(game.state["positions"]) - 10
    assert store.result_of(game)["winners"] == rules.world_winners(game.state["positions"])


def test_exchange_tokens_last_the_whole_game(teacher, world_big):
    game = _game(teacher, world_big, teams=2)
    game = _round(game, exchange=(0,))
    assert store.view_for(game, Viewer.teacher())["teams"][0]["exchanges_left"] == 1
    game = _round(game, exchange=(0,))
    assert store.view_for(game, Viewer.teacher())["teams"][0]["exchanges_left"] == 0
    game = _round(game)  # team 0 is no longer asked
    assert world.current(game.state)["exchanges"][0] is False
    exchanged = [r for rnd in game.state["rounds"] for r in rnd["exchanged"]]
    assert len(exchanged) == 2
    assert all(rnd["chosen"][0] in rnd["exchanged"] for rnd in game.state["rounds"][:2])


def test_ending_after_a_round_counts_the_bonus_and_exports_it(teacher, world_big):
    game = _game(teacher, world_big, language="en")
    game = _round(game, right=(0, 1, 2))
    client = Client(headers={"accept-language": "en"})
    client.force_login(teacher)
    client.post(f"/play/host/{game.code}/end/")
    game.refresh_from_db()
    assert game.status == "finished" and game.state["bonus"]
    rows = list(csv.reader(io.StringIO(client.get(f"/play/host/{game.code}/results.csv").text)))
    labels = [r[0] for r in rows]
    assert labels.count("1") == 3 and "Colour bonus" in labels
    assert labels[-3:] == ["Final"] * 3
    page = client.get(f"/play/host/{game.code}/").content.decode()
    assert 'class="bonus"' in page and "winner" in page


def test_ending_in_the_middle_of_a_round_gives_no_bonus(teacher, world_big):
    game = _game(teacher, world_big)
    game = _round(game, right=(0, 1, 2))
    game = _teacher(game, "lay_out")
    game = _teacher(game, "end")
    assert game.status == "finished" and game.state["bonus"] == []


def test_undo_restores_the_previous_view(teacher, world_big):
    game = _game(teacher, world_big)
    game = _teacher(game, "lay_out")
    before = store.view_for(game, Viewer.teacher())
    rnd = world.current(game.state)
    game = store.make_move(game, world.next_team(rnd), "choose", {"card": rnd["table"][0]})
    assert store.view_for(game, Viewer.teacher()) != before
    game = store.undo(game)
    assert store.view_for(game, Viewer.teacher()) == before


def test_the_pages_speak_german(teacher, world_big):
    game = _teacher(_game(teacher, world_big), "lay_out")
    client = Client(headers={"accept-language": "de"})
    client.force_login(teacher)
    page = client.get(f"/play/host/{game.code}/").content.decode()
    assert "Karte wählen:" in page and "Startbereich" in page
