"""Numbers on the play core: set-up and moves on plain data (the rules are in ``rules.py``)."""

from __future__ import annotations

import random
from typing import Any

from play.core.engine import RuleViolation, TurnOrder, move
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


# Players take turns clockwise; every move of theirs is made in turn.
TURN = TurnOrder(
    current=lambda state: state["turn"] if state["status"] == "playing" else None,
    moves=frozenset({"show", "play", "pass"}),
)

# The rules' moves, with the arguments each takes (any other name is refused).
MOVES = {
    "show": move(args=("card",))(rules.show),
    "play": move(args=("card", "op", "value"))(rules.play),
    "pass": move(args=("card",))(rules.pass_),
}
