"""Games between computer players end, in every edition, within a bound: no pairing of bot
kinds, seat count, options or seed may loop for ever (a class would wait for ever, the
simulator would hang). Pure: the editions' own setup, moves and bots, no database."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.core import registry
from play.core.engine import Context, Edition, apply_move, clean_options, move_rng, setup_rng
from tests.play.match.helpers import island_cards

# Far beyond the longest game of 1,000 random ones per edition (1,119 moves, a Match to 30
# points; most end within a few hundred): reaching it is a loop.
MAX_MOVES = 4_000
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def germany_deck(n: int = 40) -> list[dict[str, Any]]:
    return [
        {
            "id": 1 + i,
            "name": f"Ort {i}",
            "state": ("Bayern", "Hessen", "Sachsen", "Berlin")[i % 4],
            "description": "",
            "population": 1_000 + 7_919 * i,
            "ns": (i * 37) % 151,
            "we": (i * 53) % 91,
            "latitude": 50.0,
            "longitude": 10.0,
        }
        for i in range(n)
    ]


def world_deck(n: int = 40) -> list[dict[str, Any]]:
    return [
        {
            "id": 1 + i,
            "name": f"Place {i}",
            "colour": ("yellow", "orange", "green")[i % 3],
            "board": ("EU", "AS", "AF")[i % 3],
            "solutions": [f"{('EU', 'AS', 'AF')[i % 3]}-{'WMO'[i % 3]}-{'NMS'[i % 3]}-A"],
            "latitude": 50.0,
            "longitude": 10.0,
        }
        for i in range(n)
    ]


def play_out(slug: str, seats: int, options: dict[str, Any], deck: Any, seed: int) -> int:
    """Every seat a computer player, the teacher's steps by the edition's ``teacher_bot``;
    moves fall due as the core schedules them. Returns the number of moves to the end."""
    edition: Edition = registry.get(slug)
    names = [f"Seat {i}" for i in range(seats)]
    state = edition.setup(clean_options(edition, options, seats), deck, names, setup_rng(seed))
    clock = 1_000.0
    for number in range(1, MAX_MOVES + 1):
        if edition.result(state) is not None:
            return number - 1
        due = []
        for seat in range(seats):
            move = edition.bot(state, seat)
            if move is not None:
                due.append((move.at if move.at is not None else clock + move.delay, seat, move))
        teacher = not due
        if teacher:
            move = edition.teacher_bot(state) if edition.teacher_bot else None
            assert move is not None, f"{slug}: nobody can move"
            due.append((clock + move.delay, None, move))
        at, seat, move = min(due, key=lambda item: (item[0], -1 if item[1] is None else item[1]))
        clock = max(clock, at)
        ctx = Context(move_rng(seed, number), clock, teacher)
        state = apply_move(edition, state, seat, move.move, dict(move.args), ctx)
    raise AssertionError(f"{slug} with {seats} seats, {options}, seed {seed}: no end")


seeds = st.integers(0, 2**31 - 1)


@PROPERTY
@given(
    seats=st.integers(2, 4),
    level=st.sampled_from(["easy", "normal", "hard", "expert"]),
    flags=st.fixed_dictionaries(
        {
            "signals": st.booleans(),
            "open_hands": st.booleans(),
            "endless": st.booleans(),
            "small": st.booleans(),
        }
    ),
    seed=seeds,
)
def test_numbers_games_between_computer_players_end(seats, level, flags, seed):
    play_out("numbers", seats, {"level": level, **flags}, None, seed)


@PROPERTY
@given(
    bot=st.sampled_from(["strong", "cautious", "random"]),
    mix=st.sampled_from(["standard", "fours"]),
    first=st.integers(0, 1),
    seed=seeds,
)
def test_dice_games_between_computer_players_end(bot, mix, first, seed):
    play_out("dice", 2, {"bot": bot, "mix": mix, "first": first}, None, seed)


@PROPERTY
@given(
    layout=st.sampled_from(["1-1", "2-2", "1-1-1", "2-2-2", "2-2-1", "2-1", "2-1-1"]),
    mode=st.sampled_from(["beginner", "adventure"]),
    game=st.integers(1, 5),
    points=st.integers(1, 12),
    seed=seeds,
)
def test_match_games_between_computer_players_end(layout, mode, game, points, seed):
    seats = sum(int(n) for n in layout.split("-"))
    options = {"layout": layout, "mode": mode, "game": game, "points": points}
    play_out("match", seats, options, island_cards(), seed)


@PROPERTY
@given(
    teams=st.integers(2, 4),
    rounds=st.integers(0, 8),
    face_down=st.booleans(),
    draw=st.sampled_from(["random", "picked"]),
    seed=seeds,
)
def test_germany_games_between_computer_players_end(teams, rounds, face_down, draw, seed):
    options = {"rounds": rounds, "face_down": face_down and teams >= 3, "draw": draw}
    play_out("germany", teams, options, germany_deck(), seed)


@PROPERTY
@given(
    teams=st.integers(2, 4),
    track=st.integers(10, 30),
    longer=st.booleans(),
    seed=seeds,
)
def test_world_games_between_computer_players_end(teams, track, longer, seed):
    options = {"track_length": track, "longer_game": longer and teams >= 3}
    play_out("world", teams, options, world_deck(), seed)
