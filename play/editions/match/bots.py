"""Computer teams: they always name the right symbol; their reaction time is their difficulty.

A computer seat picks the target that leaves its team best placed for the game's scoring (its
measure minus the best other team's), with a state-seeded tie-break, and claims it about
``reaction`` seconds (±20 %, so that two computer teams do not tie every time) after it began
to look at its card: when the game was dealt, or when its own last claim turned up a new card.
People claiming meanwhile change what it claims, not when: measured from the last claim of
anyone, a computer team never got to claim while people claimed faster than it reacts.
"""

from __future__ import annotations

import random
from typing import Any

from play.editions.match.rules import State, own_card, shared_symbol, targets
from play.editions.match.scoring import metrics, tops


def choose(state: State, seat: int) -> int | None:
    """The card this computer seat claims next, or ``None`` when it has nothing to claim."""
    options = targets(state, seat)
    card = own_card(state, seat)
    if not options or card is None:
        return None
    rng = random.Random(f"{state['seed']}:{state['moves']}:{seat}")
    game = state["game"]
    if game in (4, 5):
        return rng.choice(options)
    team = state["seats"][seat]["team"]
    visible = tops(state["island"])
    best, chosen = None, []
    for target in options:
        spot = visible.index(target)
        island = [list(stack) for stack in state["island"]]
        island[spot].append(card)
        measures = metrics(game, island, state["roles"], state["teams"])
        others = [value for number, value in enumerate(measures) if number != team]
        value = measures[team] - max(others, default=0)
        if best is None or value > best:
            best, chosen = value, [target]
        elif value == best:
            chosen.append(target)
    return rng.choice(chosen)


def bot_claim(
    state: State, seat: int, reaction: float
) -> tuple[dict[str, Any], float, float] | None:
    """The claim's arguments, its reaction time in seconds and the moment it falls due (on the
    moves' clock), or ``None``."""
    if state["phase"] != "play":
        return None
    target = choose(state, seat)
    if target is None:
        return None
    card = own_card(state, seat)
    # Seeded by the moment it began to look, so the time stays put while people claim.
    since = state["seats"][seat].get("since", 0.0)
    rng = random.Random(f"{state['seed']}:{since}:{seat}:delay")
    args = {
        "symbol": shared_symbol(state, card, target),
        "target": state["refs"][target],
        "card": state["refs"][card],
    }
    delay = round(reaction * rng.uniform(0.8, 1.2), 2)
    return args, delay, since + delay
