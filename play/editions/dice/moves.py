"""Dice moves on plain data: move arguments turned into rule calls, the die drawn from the
move's own generator (so the log replays to the same rolls)."""

from __future__ import annotations

from typing import Any

from play.core.engine import Context, RuleViolation, TurnOrder, arg_choice, arg_int, move
from play.editions.dice import rules

State = dict[str, Any]


def setup(options: dict[str, Any], deck: list[dict] | None, seat_names: list[str], rng) -> State:
    state = rules.new_game(seat_names, rng, mix=options["mix"], first=options["first"])
    state["bot_level"] = options["bot"]
    return state


@move(args=("edge", "index"))
def move_place(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    edge = arg_choice(args, "edge", rules.EDGES)
    index = arg_int(args, "index", 0, rules.SIZE - 1)
    return rules.place_pawn(state, seat, edge, index)


@move()
def move_roll(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    # Check the phase before drawing (the core checked the turn), then draw from the move's
    # own generator: replays agree.
    rules.check_phase(state, ("roll", "decide"))
    return rules.roll(state, seat, ctx.rng.randint(1, 6))


@move()
def move_stop(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    return rules.stop(state, seat)


def check_options(options: dict[str, Any], seats: int) -> None:
    if seats != 2:
        raise RuleViolation("bad_seats", "Spot On is a game for two players.")


MOVES = {"place": move_place, "roll": move_roll, "stop": move_stop}
# The two players take turns; all their moves are made in turn.
TURN = TurnOrder(
    current=rules.whose_turn,
    moves=frozenset(MOVES),
    message=lambda state, seat: "It is the other player's turn.",
)
