"""Turns in order, the pace where speed does not decide: seats claim one after another, a wrong
claim passes the turn instead of locking, and computer seats wait for their turn."""

from __future__ import annotations

import pytest

from play.core.errors import NotYourTurn
from tests.play.match.helpers import Table


def started(seats=2, **changes) -> Table:
    table = Table(seats=seats, pace="turns", **changes)
    table.move(0, "start")
    return table


def spot_for(table: Table, seat: int) -> int:
    from play.editions.match import rules

    return rules.targets(table.state, seat)[0]


def test_it_lets_only_the_seat_whose_turn_it_is_claim():
    table = started()
    assert table.state["turn"] == 0
    with pytest.raises(NotYourTurn):
        table.move(1, "claim", table.right_claim(1, spot_for(table, 1)))


def test_a_right_claim_scores_and_passes_the_turn_however_long_it_took():
    table = started()
    before = table.card(0)
    table.move(0, "claim", table.right_claim(0, spot_for(table, 0)), at=table.now + 3600)
    assert table.card(0) != before  # covered, and the next card turned up
    assert table.state["turn"] == 1


def test_a_wrong_claim_passes_the_turn_without_a_lock():
    table = started()
    target = spot_for(table, 0)
    args = table.right_claim(0, target) | {"symbol": table.wrong_symbol(0, target)}
    table.move(0, "claim", args)
    assert table.state["turn"] == 1
    assert all(team["locked_until"] == 0 for team in table.state["teams"])


def test_a_whole_match_of_computer_seats_plays_in_turns_and_replays():
    table = started(seats=3)
    table.play_bots()
    claims = [entry for entry in table.log if entry.name == "claim"]
    # Every claim came from the seat whose turn it was: seats take turns in order.
    seats = [entry.seat for entry in claims[:6]]
    assert seats == [0, 1, 2, 0, 1, 2]
    assert table.replayed() == table.state


def test_the_race_is_unchanged():
    table = Table(seats=2)
    table.move(0, "start")
    assert "turn" not in table.state
    table.move(1, "claim", table.right_claim(1, spot_for(table, 1)))
