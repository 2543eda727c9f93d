"""Computer teams for Spot On: Germany, and the teacher's steps when the computer runs the table.

A computer team knows its geography: of the tips it may still play, it plays one that is right
for some laid-out place (furthest north, most inhabitants …), else the first legal one. Its tips
say no more about the backs than a well-read team's would.
"""

from __future__ import annotations

from typing import Any

from play.core.engine import BotMove, RuleViolation, is_over
from play.editions.germany import rules
from play.editions.germany.moves import current_round, round_state

State = dict[str, Any]
DELAY = 1.0  # seconds, so a class can see a computer team's tip arrive


def _facts(state: State, refs: list[str]) -> list[rules.PlaceFacts]:
    cards = state["cards"]
    return [
        rules.PlaceFacts(ref, cards[ref]["ns"], cards[ref]["we"], cards[ref]["population"] or 0)
        for ref in refs
    ]


def bot(state: State, seat: int) -> BotMove | None:
    rnd = current_round(state)
    if rnd is None or rnd["revealed"] or is_over(state):
        return None
    table = round_state(state, rnd)
    if table.next_team() != seat:
        return None
    facts = _facts(state, rnd["places"])
    legal = []
    for tip in table.available_tips(seat):
        for place in facts:
            try:
                table.check_tip(seat, place.place_id, tip)
            except RuleViolation:
                continue
            if rules.is_correct(tip, place, facts):
                return BotMove("tip", {"place": place.place_id, "tip": tip.value}, DELAY)
            legal.append((place.place_id, tip.value))
    if not legal:
        return None
    place, tip = legal[0]
    return BotMove("tip", {"place": place, "tip": tip}, DELAY)


def teacher_bot(state: State) -> BotMove | None:
    """The teacher's next step: lay out a round, reveal it once every tip is placed, and end
    the game when the deck runs out."""
    if is_over(state):
        return None
    rnd = current_round(state)
    if rnd is not None and not rnd["revealed"]:
        return BotMove("reveal") if round_state(state, rnd).is_complete() else None
    if len(state["stock"]) < rules.places_for(state["teams"]):
        return BotMove("end")
    return BotMove("lay_out")
