"""Spot On: Germany as a game on the play core: setup, moves and result on plain data.

The state keeps the deck's cards under opaque per-game references (drawn from the setup's
random generator), so nothing a viewer receives before a reveal — references, order, sizes —
says anything about a card's back. The rules themselves are in ``rules.py``.
"""

from __future__ import annotations

import random
from typing import Any

from play.core.engine import Context, RoundClosed, RuleViolation, TurnOrder, is_over, move
from play.core.ranking import no_winner_unless_scored
from play.editions.germany import rules

State = dict[str, Any]
BACK_FIELDS = ("state", "description", "population", "ns", "we", "latitude", "longitude")
TIPS = [t.value for t in rules.TipCard]


def new_ref(rng: random.Random, taken: set[str]) -> str:
    while True:
        ref = f"{rng.getrandbits(48):012x}"
        if ref not in taken:
            taken.add(ref)
            return ref


def check_options(options: dict[str, Any], seats: int) -> None:
    if not 0 <= options["starting_team"] < seats:
        raise RuleViolation("unknown_team", "The starting team must be one of the teams.")
    if options["face_down"] and seats < 3:
        raise RuleViolation("face_down_teams", "Face-down tips are a variant for 3 or 4 teams.")


def setup(options: dict[str, Any], deck: list[dict] | dict | None, seats: list[str], rng) -> State:
    """``deck``: the cards, or ``{"cards": …, "grid": …}`` with the deck's grid edition as plain
    data (``cards.snapshot.grid_data``), which the game keeps for its map; without one (or with
    Germany's) the map is Germany's."""
    teams = len(seats)
    grid = deck.get("grid") if isinstance(deck, dict) else None
    deck = deck.get("cards") if isinstance(deck, dict) else deck
    taken: set[str] = set()
    cards = {}
    for card in sorted(deck or [], key=lambda c: c["id"]):
        if card.get("population") is None:
            raise RuleViolation(
                "population_missing", f"{card['name']} has no population; the deck needs one."
            )
        cards[new_ref(rng, taken)] = {k: card.get(k) for k in ("id", "name", *BACK_FIELDS)}
    stock = sorted(cards)
    rng.shuffle(stock)
    rounds = options["rounds"] or rules.rounds_for(teams)
    if len(cards) < rules.places_for(teams):
        raise RuleViolation("deck_exhausted", "The deck has too few places for one round.")
    return {
        "teams": teams,
        "names": list(seats),
        "starting_team": options["starting_team"],
        "face_down": options["face_down"],
        "draw": options["draw"],
        "rounds_total": rounds,
        "cards": cards,
        "stock": stock,
        "rounds": [],
        "grid": grid,
    }


def current_round(state: State) -> dict | None:
    return state["rounds"][-1] if state["rounds"] else None


def round_state(state: State, rnd: dict) -> rules.RoundState:
    return rules.RoundState(
        teams=state["teams"],
        starting_team=rnd["starting_team"],
        places=list(rnd["places"]),
        tips=[rules.Tip(t, p, rules.TipCard(v), o) for t, p, v, o in rnd["tips"]],
        revealed=rnd["revealed"],
    )


@move(args=("places",), teacher=True)
def lay_out(state: State, seat, args: dict, ctx: Context) -> State:
    """The teacher lays out the next round: drawn from the stock, or the places given."""
    last = current_round(state)
    if last is not None and not last["revealed"]:
        raise RoundClosed("round_open", "Reveal the current round before starting a new one.")
    number = len(state["rounds"]) + 1
    if number > state["rounds_total"]:
        raise RoundClosed("no_rounds_left", "Every round of this game has been played.")
    needed = rules.places_for(state["teams"])
    picked = args.get("places")
    if picked is None:
        if len(state["stock"]) < needed:
            raise RoundClosed("deck_exhausted", "The deck has too few unused places left.")
        places = state["stock"][:needed]
    else:
        if not isinstance(picked, list) or not all(isinstance(p, str) for p in picked):
            raise RuleViolation("place_ids", "Choose places from the list.")
        used = {ref for rnd in state["rounds"] for ref in rnd["places"]}
        rules.check_new_places(state["teams"], picked, used)
        unknown = [p for p in picked if p not in state["cards"]]
        if unknown:
            raise RuleViolation("place_not_in_deck", "A chosen place is not in this game's deck.")
        places = list(picked)
        # Hand-picked places leave the stock too; the order of a hand-picked row is the
        # teacher's, which shows nothing the fronts do not.
    state["stock"] = [ref for ref in state["stock"] if ref not in places]
    starting = rules.starting_team_for_round(state["starting_team"], number - 1, state["teams"])
    state["rounds"].append(
        {
            "number": number,
            "starting_team": starting,
            "places": places,
            "tips": [],
            "revealed": False,
        }
    )
    return state


@move(args=("tip", "place"), secret=True)
def tip(state: State, seat, args: dict, ctx: Context) -> State:
    rnd = current_round(state)
    if rnd is None:
        raise RoundClosed("no_round", "No round has been laid out yet.")
    if seat is None:
        raise RuleViolation("unknown_team", "Say which team places the tip.")
    value, place = args.get("tip"), args.get("place")
    if not isinstance(value, str) or not isinstance(place, str):
        raise RuleViolation("bad_input", "Choose a place and a tip card.")
    table = round_state(state, rnd)
    played = table.play(seat, place, value)
    rnd["tips"].append([played.team, played.place_id, played.tip.value, played.order])
    return state


@move(teacher=True)
def reveal(state: State, seat, args: dict, ctx: Context) -> State:
    rnd = current_round(state)
    if rnd is None:
        raise RoundClosed("no_round", "No round has been laid out yet.")
    table = round_state(state, rnd)
    table.check_reveal()
    facts = [
        rules.PlaceFacts(
            ref,
            state["cards"][ref]["ns"],
            state["cards"][ref]["we"],
            state["cards"][ref]["population"] or 0,
        )
        for ref in rnd["places"]
    ]
    result = rules.score_round(facts, table.tips, state["teams"])
    rnd["scored"] = [[s.tip.order, s.correct, s.row, s.points] for s in result.scored_tips()]
    rnd["points"] = [result.team_points.get(t, 0) for t in range(state["teams"])]
    rnd["revealed"] = True
    return state


MOVES = {"lay_out": lay_out, "tip": tip, "reveal": reveal}


def whose_turn(state: State) -> int | None:
    """The team to tip now: clockwise from the round's starting team, until every team has
    placed its tips; nobody's before a round is laid out or after it is revealed."""
    rnd = current_round(state)
    if rnd is None or rnd["revealed"]:
        return None
    return round_state(state, rnd).next_team()


TURN = TurnOrder(
    current=whose_turn,
    moves=frozenset({"tip"}),
    message=lambda state, team: f"It is team {team}'s turn.",
)


def totals(state: State) -> list[int]:
    points = [0] * state["teams"]
    for rnd in state["rounds"]:
        for team, value in enumerate(rnd.get("points") or []):
            points[team] += value
    return points


def end_if(state: State) -> dict[str, Any] | None:
    """Over when the last round has been revealed."""
    last = current_round(state)
    played_out = last is not None and last["revealed"] and last["number"] >= state["rounds_total"]
    return {} if played_out else None


def result(state: State) -> dict[str, Any] | None:
    if not is_over(state):
        return None
    ranking = rules.final_ranking(totals(state))
    result = {
        "winners": [team for rank, team, _points in ranking if rank == 1],
        "ranking": [[rank, team, points] for rank, team, points in ranking],
    }
    return no_winner_unless_scored(result, any(rnd["revealed"] for rnd in state["rounds"]))


def rows(state: State, round_label: str = "Round", total_label: str = "Total") -> list[list]:
    table: list[list[Any]] = [[round_label, *state["names"]]]
    for rnd in state["rounds"]:
        if rnd["revealed"]:
            table.append([rnd["number"], *rnd["points"]])
    table.append([total_label, *totals(state)])
    return table
