"""The Numbers edition through the play engine: views per viewer, bots, replay, CSV."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from play.core.engine import (
    Context,
    GameOver,
    LoggedMove,
    NotYourTurn,
    RuleViolation,
    Viewer,
    apply_move,
    as_json,
    clean_options,
    move_rng,
    replay,
    setup_rng,
)
from play.editions.numbers.edition import EDITION

SEED = 424242


def new_game(players=2, **options):
    cleaned = clean_options(EDITION, options, players)
    names = [f"P{seat}" for seat in range(players)]
    return as_json(EDITION.setup(cleaned, None, names, setup_rng(SEED)))


def bot_game(players=2, **options):
    """A whole game of computer seats through ``apply_move``, with its log."""
    state = new_game(players, **options)
    initial, log = state, []
    while EDITION.result(state) is None:
        seat = state["turn"]
        move = EDITION.bot(state, seat)
        entry = LoggedMove(len(log) + 1, seat, move.move, move.args, 1000.0 + len(log))
        ctx = Context(rng=move_rng(SEED, entry.number), now=entry.at)
        state = as_json(apply_move(EDITION, state, seat, move.move, move.args, ctx))
        log.append(entry)
    return initial, log, state


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"level": "easy"}), (4, {"level": "expert"}), (2, {"small": True}),
     (3, {"endless": True}), (2, {"open_hands": True, "signals": False})],
)  # fmt: skip
def test_it_plays_computer_games_to_their_end_and_replays_them(players, options):
    initial, log, final = bot_game(players, **options)
    assert final["status"] in ("won", "lost", "over")
    assert log, "some moves were made"
    assert replay(EDITION, initial, log, SEED) == final
    result = EDITION.result(final)
    assert result["targets_hit"] == final["hits"]
    assert EDITION.bot(final, 0) is None


def _all_hand_ids(state):
    return {card for hand in state["hands"] for card in hand}


def test_it_shows_a_hand_only_to_its_seat():
    state = new_game(3)
    for seat in range(3):
        seen = json.dumps(EDITION.view(state, Viewer.of_seat(seat)))
        for other in range(3):
            for card in state["hands"][other]:
                assert (card in seen) is (other == seat)
    for viewer in (Viewer.projector(), Viewer.teacher()):
        data = EDITION.view(state, viewer)
        seen = json.dumps(data)
        assert "hand" not in data and "hands" not in data
        assert not any(card in seen for card in _all_hand_ids(state))
        assert not any(card in seen for card in state["stock"])
        assert data["hand_counts"] == [4, 4, 4]


def test_it_never_shows_the_stock_or_the_hands_at_a_target_s_start_while_playing():
    state = new_game(2)
    for viewer in (Viewer.projector(), Viewer.of_seat(0)):
        data = EDITION.view(state, viewer)
        assert data["stock"] == len(state["stock"])
        assert "review" not in data
        assert all(set(entry) == {"target", "hit"} for entry in data["history"])


def test_it_shows_every_hand_with_open_hands():
    state = new_game(2, open_hands=True)
    data = EDITION.view(state, Viewer.projector())
    assert [len(hand) for hand in data["hands"]] == [5, 5]
    assert not any(card in json.dumps(data) for card in _all_hand_ids(state))


def test_it_shows_the_projector_the_shown_cards_and_the_chain_with_each_calculation():
    state = new_game(2)
    hand = state["hands"][0]
    ctx = Context(rng=move_rng(SEED, 1), now=0.0)
    state = apply_move(EDITION, state, 0, "show", {"card": hand[0]}, ctx)
    value = state["cards"][hand[1]][0] or 5
    args = {"card": hand[1], "op": "+", "value": 5}
    state = apply_move(EDITION, state, 0, "play", args, ctx)
    data = EDITION.view(state, Viewer.projector())
    assert data["shown"][0] is not None and data["shown"][1] is None
    assert data["chain"][0]["text"].startswith(f"0 + {value}")
    assert data["chain"][0]["total"] == value == data["total"]
    assert data["turn"] == 1


def test_it_refuses_moves_with_the_right_errors():
    state = new_game(2)
    ctx = Context(rng=move_rng(SEED, 1), now=0.0)
    with pytest.raises(NotYourTurn) as refused:
        apply_move(EDITION, state, 1, "pass", {"card": state["hands"][1][0]}, ctx)
    assert refused.value.http_status == 409
    with pytest.raises(RuleViolation) as refused:
        apply_move(EDITION, state, 0, "play", {"card": state["hands"][0][0], "op": "^"}, ctx)
    assert refused.value.http_status == 400
    _initial, _log, final = bot_game(2)
    with pytest.raises(GameOver):
        apply_move(EDITION, final, final["turn"], "pass", {"card": "x"}, ctx)


def test_it_reviews_each_target_after_the_game_with_the_shortest_way_in_hindsight():
    _initial, _log, final = bot_game(2)
    data = EDITION.view(final, Viewer.projector())
    assert len(data["review"]) == len(final["history"])
    for entry in data["review"]:
        if entry["shortest"] is None:
            continue
        steps = entry["shortest"]
        assert steps[-1]["total"] == entry["target"]
        assert steps[0]["op"] == "+"
        assert len(steps) <= len(entry["chain"]) or not entry["hit"]
    from django.utils import translation

    with translation.override("en"):
        rows = EDITION.rows(final)
    assert rows[0] == ["Target", "hit", "Chain played", "Shortest way with the hands at its start"]
    assert {row[1] for row in rows[1:]} <= {"yes", "no"}
    assert len(rows) == len(final["history"]) + 1


def test_it_checks_the_options():
    with pytest.raises(RuleViolation):
        clean_options(EDITION, {"level": "insane"}, 2)
    with pytest.raises(RuleViolation):
        clean_options(EDITION, {}, 5)
    assert clean_options(EDITION, {}, 2)["level"] == "normal"


def test_it_finds_the_hindsight_way_among_the_cards_held_at_the_start():
    _initial, _log, final = bot_game(3, level="expert")
    for entry in EDITION.view(final, Viewer.projector())["review"]:
        if entry["shortest"] is None:
            continue
        used = Counter(step["card"] for step in entry["shortest"])
        held = Counter(entry["hands"])
        assert all(held[card] >= count for card, count in used.items())
