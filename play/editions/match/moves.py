"""Match on the play core: set-up, moves and result on plain data (the rules are in
``rules.py``)."""

from __future__ import annotations

import random
from typing import Any

from play.core.engine import Context
from play.core.errors import RuleViolation
from play.core.ranking import final_ranking, no_winner_unless_scored
from play.editions.match import pace, rules
from play.editions.match.deck import deck_data
from play.editions.match.rules import State


def check_options(options: dict[str, Any], seats: int) -> None:
    rules.layout_for(options["layout"], seats)


def island_deck() -> dict[str, Any]:
    """The built-in island deck: the plane of order 8 with the island symbols (German and
    English names), built by the card database's pure modules."""
    try:
        from cards.matchdeck import deck_from_symbols, island_symbols
    except ImportError:  # a checkout without symbol decks
        raise RuleViolation("no_deck", "The island games need the island deck.") from None
    deck = deck_from_symbols("Island", 8, island_symbols(), seed=1)
    names = {symbol.index: symbol for symbol in deck.symbols}
    return deck_data(
        {
            "symbols": list(card.symbols),
            "role": card.role,
            "colour": card.colour,
            "names": [names[s].display_name("de") for s in card.symbols],
            "names_en": [names[s].display_name("en") for s in card.symbols],
        }
        for card in deck.cards
    )


def setup(
    options: dict[str, Any], deck: list[dict] | None, names: list[str], rng: random.Random
) -> State:
    data = deck_data(deck) if deck is not None else island_deck()
    return rules.new_match(data, options, names, rng)


def result(state: State) -> dict[str, Any] | None:
    if state["phase"] != "over":
        return None
    ranked = final_ranking(rules.standings(state))
    rank_of = {team: rank for rank, team, _score in ranked}
    seats = sorted(
        range(len(state["seats"])), key=lambda s: (rank_of[state["seats"][s]["team"]], s)
    )
    result = {
        "winners": [s for s in seats if rank_of[state["seats"][s]["team"]] == 1],
        "ranking": [
            [
                rank_of[state["seats"][s]["team"]],
                s,
                state["teams"][state["seats"][s]["team"]]["score"],
            ]
            for s in seats
        ],
        "teams": [[rank, state["teams"][team]["colour"], score] for rank, team, score in ranked],
        # Ended by the teacher before a team had the points to win: the screens say who was
        # ahead, not who won.
        "early": bool(state.get("ended_early")),
    }
    return no_winner_unless_scored(result, any(team["score"] for team in state["teams"]))


def end(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    """The teacher ends the match early: it stands as the scores say."""
    state["phase"] = "over"
    state["ended_early"] = True
    return state


MOVES = {"start": pace.start, "claim": pace.claim, "end": end}
TEACHER_MOVES = frozenset({"end"})
# The arguments each move takes: any other name is refused.
MOVE_ARGS = {
    name: frozenset(names)
    for name, names in {"start": set(), "claim": {"symbol", "target", "card"}, "end": set()}.items()
}
