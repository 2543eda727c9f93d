"""Numbers on the play core: set-up and moves on plain data (the rules are in ``rules.py``)."""

from __future__ import annotations

import random
from typing import Any

from play.core.engine import Context, RuleViolation
from play.editions.numbers import rules

State = dict[str, Any]


def check_options(options: dict[str, Any], seats: int) -> None:
    if not rules.MIN_PLAYERS <= seats <= rules.MAX_PLAYERS:
        raise RuleViolation("bad_players", "Numbers is for 2 to 4 players.")


def setup(
    options: dict[str, Any], deck: list[dict] | None, seat_names: list[str], rng: random.Random
) -> State:
    state = rules.new_game(
        len(seat_names),
        rng,
        level=options.get("level", "normal"),
        signals=options.get("signals", True),
        open_hands=options.get("open_hands", False),
        endless=options.get("endless", False),
        small=options.get("small", False),
    )
    state["names"] = list(seat_names)
    return state


def end(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    """The teacher ends the game early: it counts the targets hit so far."""
    if state["status"] == "playing":
        state["status"] = "over"
        state["reason"] = "ended"
    return state


MOVES = {"show": rules.show, "play": rules.play, "pass": rules.pass_, "end": end}
TEACHER_MOVES = frozenset({"end"})
# The arguments each move takes: any other name is refused.
MOVE_ARGS = {
    name: frozenset(names)
    for name, names in {
        "show": {"card"},
        "play": {"card", "op", "value"},
        "pass": {"card"},
        "end": set(),
    }.items()
}
