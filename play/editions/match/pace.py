"""Match without speed: the teacher's "Turns in order" pace. Seats claim one after another, as
long as each needs (no clock unless the teacher sets the bar's timer); a right claim scores as
in the race, a wrong one costs no lock, only the turn. Pure: plain data in, plain data out.

The race (the default pace) is untouched: these wrappers only act when ``pace`` is ``turns``."""

from __future__ import annotations

from typing import Any

from play.core.engine import Context, NotYourTurn
from play.editions.match import rules
from play.editions.match.rules import State

RACE, TURNS = "race", "turns"


def in_turns(state: State) -> bool:
    return state["options"].get("pace", RACE) == TURNS


def _has_card(state: State, seat: int) -> bool:
    return rules.own_card(state, seat) is not None and bool(rules.targets(state, seat))


def pass_turn(state: State, after: int | None, now: float) -> None:
    """The turn goes to the next seat (in seat order, after ``after``) that can claim; the
    seat's clock for a computer's reaction starts now."""
    seats = len(state["seats"])
    first = -1 if after is None else after
    for step in range(1, seats + 1):
        seat = (first + step) % seats
        if _has_card(state, seat):
            state["turn"] = seat
            rules.looking(state, [seat], now)
            return
    state["turn"] = None


def start(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    state = rules.start(state, seat, args, ctx)
    if in_turns(state):
        pass_turn(state, None, ctx.now)
    return state


def claim(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    if not in_turns(state) or seat is None or state["phase"] != "play":
        return rules.claim(state, seat, args, ctx)
    if state.get("turn") != seat:
        raise NotYourTurn("not_your_turn", "Wait for your turn: teams claim one after another.")
    state = rules.claim(state, seat, args, ctx)
    for team in state["teams"]:  # a wrong claim costs the turn, not a lock
        team["locked_until"] = 0
    if state["phase"] == "play":
        pass_turn(state, seat, ctx.now)
    return state


def may_claim(state: State, seat: int) -> bool:
    """Whether a seat may claim now (always in the race; on its turn in turns in order)."""
    return not in_turns(state) or state.get("turn") == seat


def shown(state: State) -> dict[str, Any]:
    """What every screen shows of the pace: the pace and whose turn it is."""
    return {"pace": state["options"].get("pace", RACE), "turn": state.get("turn")}
