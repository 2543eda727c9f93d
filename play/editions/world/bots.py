"""Computer teams for The World, and the teacher's steps when the computer runs the table.

A computer team takes the first card left, never exchanges, and knows its continents: it puts
its first stone on the card's board and the column and row stones where its card's hash says,
so two computer teams seldom guess alike. Its guess tells no more than a well-read team's.
"""

from __future__ import annotations

import zlib
from typing import Any

from play.core.engine import BotMove, is_over
from play.editions.world.moves import (
    CHOOSING,
    DONE,
    EVALUATING,
    EXCHANGING,
    GUESSING,
    current,
    next_team,
)

State = dict[str, Any]
DELAY = 1.0  # seconds, so a class can follow a computer team's move


def bot(state: State, seat: int) -> BotMove | None:
    rnd = current(state)
    if rnd is None or is_over(state):
        return None
    phase = rnd["phase"]
    if phase == CHOOSING and next_team(rnd) == seat:
        card = next(ref for ref in rnd["table"] if ref not in rnd["chosen"])
        return BotMove("choose", {"card": card}, DELAY)
    if phase == EXCHANGING and next_team(rnd) == seat:
        return BotMove("exchange", {"exchange": False}, DELAY)
    if phase == GUESSING and rnd["guesses"][seat] is None:
        ref = rnd["held"][seat]
        board = state["cards"][ref]["solutions"][0][:2]
        spread = zlib.crc32(ref.encode())
        column, row = "WMO"[spread % 3], "NMS"[spread // 3 % 3]
        return BotMove("guess", {"guess": f"{board}-{column}-{row}", "lock": True}, DELAY)
    return None


def teacher_bot(state: State) -> BotMove | None:
    """The teacher's next step: lay out, close the guessing once every team has locked in,
    turn the cards over, and end the game when the stack runs out."""
    if is_over(state):
        return None
    rnd = current(state)
    if rnd is None or rnd["phase"] == DONE:
        if len(state["stack"]) < len(state["names"]):
            return BotMove("end")
        return BotMove("lay_out")
    if rnd["phase"] == GUESSING and all(g and g["locked"] for g in rnd["guesses"]):
        return BotMove("close_guessing")
    if rnd["phase"] == EVALUATING:
        return BotMove("evaluate", {"every": True})
    return None
