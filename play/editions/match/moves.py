"""Match on the play core: set-up, moves and result on plain data (the rules are in
``rules.py``)."""

from __future__ import annotations

import random
from typing import Any

from play.core.engine import ended_by_teacher, is_over, move
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
        from cards.symbols.decks import deck_from_symbols, island_symbols
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


def end_if(state: State) -> dict[str, Any] | None:
    """Over when a game of the match brought a team to the points that win it."""
    return {} if state["phase"] == "over" else None


def on_end(state: State) -> None:
    """The teacher ends the match early: it stands as the scores say, and no game follows."""
    state["phase"] = "over"


def result(state: State) -> dict[str, Any] | None:
    if not is_over(state):
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
        "early": ended_by_teacher(state),
    }
    return no_winner_unless_scored(result, any(team["score"] for team in state["teams"]))


MOVES = {
    "start": move()(pace.start),
    "claim": move(args=("symbol", "target", "card"))(pace.claim),
}
