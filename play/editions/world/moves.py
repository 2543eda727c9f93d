"""Spot On: The World on the play engine: setup, moves, views and the result on JSON state.

Pure (no Django). The state keeps its own copy of the deck keyed by opaque per-game references
(never the card database's ids in a view), the shuffled stack, the pawns, the exchange tokens
used, the kept cards and every round so far (the last one is the current round). A round walks
through choosing, exchanging, guessing, evaluating and done; the rules themselves are in
``rules.py``.
"""

from __future__ import annotations

import random
from typing import Any

from cards.games.world import WORLD_TRACK_MAX, WORLD_TRACK_MIN
from play.core.engine import Context, RoundClosed, RuleViolation, TurnOrder, move
from play.editions.world import rules
from play.editions.world.guess import Guess

CHOOSING, EXCHANGING, GUESSING, EVALUATING, DONE = (
    "choosing",
    "exchanging",
    "guessing",
    "evaluating",
    "done",
)
COLOURS = ("yellow", "orange", "green")
State = dict[str, Any]


# --- setup ------------------------------------------------------------------------------------


def check_options(options: dict[str, Any], seats: int) -> None:
    rules.check_team_count(seats)
    if not WORLD_TRACK_MIN <= options["track_length"] <= WORLD_TRACK_MAX:
        raise RuleViolation(
            "track_length", f"The track has {WORLD_TRACK_MIN} to {WORLD_TRACK_MAX} spaces."
        )
    if not 0 <= options["starting_team"] < seats:
        raise RuleViolation("unknown_team", "The starting team must be one of the teams.")
    if options["longer_game"] and seats < 3:
        raise RuleViolation("variant_needs_three", "The longer game needs 3 or more teams.")


def setup(
    options: dict[str, Any],
    deck: list[dict] | None,
    seat_names: list[str],
    rng: random.Random,
    final_spaces: int = rules.FINAL_SPACES,
) -> State:
    if not deck:
        raise RuleViolation("deck_required", "This game needs a deck of place cards.")
    rules.check_team_count(len(seat_names))
    refs: list[str] = []
    for _card in deck:
        ref = f"{rng.getrandbits(48):012x}"
        while ref in refs:
            ref = f"{rng.getrandbits(48):012x}"
        refs.append(ref)
    by_ref = dict(zip(refs, deck, strict=True))
    rng.shuffle(refs)
    n = len(seat_names)
    return {
        "names": list(seat_names),
        "starting_team": options["starting_team"],
        "track": {
            "length": options["track_length"],
            "final_spaces": final_spaces,
            "longer_game": options["longer_game"],
        },
        # In stack order, so that nothing about a card can be read from where it sits.
        "cards": {ref: _card_copy(by_ref[ref]) for ref in refs},
        "stack": refs,
        "positions": [None] * n,
        "exchanges_used": [0] * n,
        "kept": [dict.fromkeys(COLOURS, 0) for _ in range(n)],
        "rounds": [],
        "bonus": [],
        "before_bonus": None,
    }


def _card_copy(card: dict) -> dict[str, Any]:
    colour = card.get("colour") or "yellow"
    return {
        "id": card["id"],
        "name": card["name"],
        "colour": colour if colour in COLOURS else "yellow",
        "board": card.get("board") or "",
        "solutions": list(card.get("solutions") or []),
        "latitude": card.get("latitude"),
        "longitude": card.get("longitude"),
    }


def track_of(state: State) -> rules.Track:
    return rules.Track(state["track"]["length"], state["track"]["final_spaces"])


# --- reading the state ------------------------------------------------------------------------


def current(state: State) -> dict[str, Any] | None:
    return state["rounds"][-1] if state["rounds"] else None


def _open_round(state: State, *phases: str) -> dict[str, Any]:
    rnd = current(state)
    if rnd is None:
        raise RoundClosed("no_round", "No round has been laid out yet.")
    if rnd["phase"] not in phases:
        raise RoundClosed("wrong_phase", f"The round is {rnd['phase']}, not {' or '.join(phases)}.")
    return rnd


def _seat(state: State, seat: int | None) -> int:
    if seat is None or not 0 <= seat < len(state["names"]):
        raise RuleViolation("unknown_team", "Say which team makes this move.")
    return seat


def next_team(rnd: dict[str, Any]) -> int | None:
    phase = rnd["phase"]
    if phase == CHOOSING:
        return next((t for t in rnd["order"] if rnd["chosen"][t] is None), None)
    if phase == EXCHANGING:
        return next((t for t in rnd["order"] if rnd["exchanges"][t] is None), None)
    if phase == EVALUATING:
        done = {e["team"] for e in rnd["evaluations"]}
        return next((t for t in rnd["order"] if t not in done), None)
    return None


# --- moves ------------------------------------------------------------------------------------


@move(teacher=True)
def lay_out(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """Lay out as many cards as teams from the top of the stack, and fix the round's order."""
    last = current(state)
    if last is not None and last["phase"] != DONE:
        raise RoundClosed("round_open", "Finish the current round before starting a new one.")
    n = len(state["names"])
    if len(state["stack"]) < n:
        raise RoundClosed("deck_exhausted", "The deck has too few unused place cards left.")
    table, state["stack"] = state["stack"][:n], state["stack"][n:]
    now = list(state["positions"])
    state["rounds"].append(
        {
            "number": len(state["rounds"]) + 1,
            "phase": CHOOSING,
            "order": rules.play_order(now, state["starting_team"]),
            "start": now,
            "table": table,
            "chosen": [None] * n,
            "exchanges": [None] * n,
            "held": [None] * n,
            "exchanged": [],
            "guesses": [None] * n,
            "evaluations": [],
        }
    )
    return state


@move(args=("card",))
def choose(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """A team takes a laid-out card; the leader gets the card that is left."""
    seat = _seat(state, seat)
    rnd = _open_round(state, CHOOSING)
    card = args.get("card")
    if not isinstance(card, str):
        raise RuleViolation("card_not_available", "Choose one of the laid-out cards.")
    choosing = rules.Choosing(
        order=list(rnd["order"]),
        cards=list(rnd["table"]),
        chosen={t: c for t, c in enumerate(rnd["chosen"]) if c is not None},
    )
    for team, ref in choosing.choose(seat, card).items():
        rnd["chosen"][team] = ref
        rnd["held"][team] = ref
    if choosing.is_complete():
        rnd["phase"] = EXCHANGING
        _pass_and_advance(state, rnd)
    return state


def _exchanging(state: State, rnd: dict[str, Any]) -> rules.Exchanging:
    decisions = {t: d for t, d in enumerate(rnd["exchanges"]) if d is not None}
    # This round's exchanges are the rules' "decisions"; earlier ones are "used".
    used = {t: n - int(decisions.get(t, False)) for t, n in enumerate(state["exchanges_used"])}
    return rules.Exchanging(order=list(rnd["order"]), used=used, decisions=decisions)


def _pass_and_advance(state: State, rnd: dict[str, Any]) -> None:
    """Nobody is asked to exchange without a token left; then on to the guessing."""
    exchanging = _exchanging(state, rnd)
    while (team := exchanging.next_team()) is not None and exchanging.tokens_left(team) <= 0:
        exchanging.decide(team, False)
        rnd["exchanges"][team] = False
    if exchanging.is_complete():
        rnd["phase"] = GUESSING


@move(args=("exchange",))
def exchange(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """A team exchanges its card for the top of the stack (spending a token) or keeps it."""
    seat = _seat(state, seat)
    swap = args.get("exchange")
    if swap in ("yes", "true", "1"):
        swap = True
    elif swap in ("no", "false", "0"):
        swap = False
    if not isinstance(swap, bool):
        raise RuleViolation("bad_input", "Say whether to exchange (true) or not (false).")
    rnd = _open_round(state, EXCHANGING)
    _exchanging(state, rnd).decide(seat, swap)
    if swap:
        if not state["stack"]:
            raise RoundClosed("deck_exhausted", "The deck has too few unused place cards left.")
        rnd["exchanged"].append(rnd["held"][seat])
        rnd["held"][seat] = state["stack"].pop(0)
        state["exchanges_used"][seat] += 1
    rnd["exchanges"][seat] = swap
    _pass_and_advance(state, rnd)
    return state


def parse_guess(value: Any) -> Guess:
    """``"EU-O-M"`` or ``{"board": "EU", "column": "O", "row": "M"}`` → a checked ``Guess``."""
    if isinstance(value, dict):
        parts = {k: value.get(k) for k in ("board", "column", "row", "letter")}
        if not all(v is None or isinstance(v, str) for v in parts.values()):
            raise RuleViolation("malformed_guess", "Guess parts are letters, e.g. EU, O, M, C.")
        if not parts["board"]:
            raise RuleViolation("board_required", "Place the first stone on a board.")
        return Guess(**{k: (v.upper() if v else None) for k, v in parts.items()})
    if not isinstance(value, str) or len(value) > 20:
        raise RuleViolation("malformed_guess", "Write a guess like EU-O-M-C.")
    return Guess.parse(value)


def _flag(args: dict, name: str) -> bool:
    value = args.get(name, False)
    if value in (True, "true", "on", "1", 1):
        return True
    if value in (False, "false", "off", "0", 0, "", None):
        return False
    raise RuleViolation("bad_input", f"{name} is true or false.")


@move(args=("guess", "lock"), secret=True)
def guess(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """Place (or change) a team's stones; ``lock`` locks them in. A locked guess stays."""
    seat = _seat(state, seat)
    value = str(parse_guess(args.get("guess")))
    lock = _flag(args, "lock")
    rnd = _open_round(state, GUESSING)
    old = rnd["guesses"][seat]
    if old is not None and old["locked"]:
        if old["guess"] == value:
            return state  # a repeated tap
        raise RoundClosed("guess_locked", "This team has locked its guess in.")
    rnd["guesses"][seat] = {"guess": value, "locked": lock}
    return state


@move()
def lock(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    seat = _seat(state, seat)
    rnd = _open_round(state, GUESSING)
    if rnd["guesses"][seat] is None:
        raise RuleViolation("no_guess", "Place at least the board stone before locking in.")
    rnd["guesses"][seat]["locked"] = True
    return state


@move(teacher=True)
def close_guessing(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """The teacher ends the guessing; teams without stones will not move this round."""
    _open_round(state, GUESSING)["phase"] = EVALUATING
    return state


@move(args=("every",), teacher=True)
def evaluate(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """Turn over the next card in the round's order (``every``: all that are left). After the
    last one, if a pawn reached the end: the colour bonus, and the game is over."""
    every = _flag(args, "every")
    rnd = _open_round(state, EVALUATING)
    track = track_of(state)
    positions = list(state["positions"])
    done = {e["team"] for e in rnd["evaluations"]}
    waiting = [t for t in rnd["order"] if t not in done]
    for team in waiting if every else waiting[:1]:
        ref = rnd["held"][team]
        card = state["cards"][ref]
        entry = rnd["guesses"][team]
        placed = Guess.parse(entry["guess"]) if entry is not None else None
        facts = rules.CardFacts(0, rules.CardColour(card["colour"]), tuple(card["solutions"]))
        ev = rules.evaluate_team(positions, team, placed, facts, track)
        if ev.result.kept:
            state["kept"][team][card["colour"]] += 1
        rnd["evaluations"].append(_record(ev, ref))
    state["positions"] = positions
    if len(rnd["evaluations"]) == len(rnd["order"]):
        rnd["phase"] = DONE
        if rules.game_over(positions, track, state["track"]["longer_game"]):
            _finish(state)
    return state


def _record(ev: rules.Evaluation, ref: str) -> dict[str, Any]:
    r = ev.result
    if ev.end == ev.start:
        skipped = 0
    else:
        travelled = ev.end + 1 if ev.start is None else ev.end - ev.start
        skipped = max(0, travelled - r.steps)
    return {
        "team": ev.team,
        "card": ref,
        "guess": str(ev.guess) if ev.guess else None,
        "correct": r.correct,
        "stones": r.stones,
        "steps": r.steps,
        "kept": r.kept,
        "matched": r.solution,
        "stone_results": list(r.stone_results),
        "start": ev.start,
        "end": ev.end,
        "skipped": skipped,
    }


def _finish(state: State) -> None:
    before = list(state["positions"])
    moves, final = rules.colour_bonus(
        before, state["kept"], track_of(state), state["starting_team"]
    )
    state["bonus"] = [
        {"colour": str(m.colour), "team": m.team, "steps": m.steps, "start": m.start, "end": m.end}
        for m in moves
    ]
    state["before_bonus"] = before
    state["positions"] = final


def end_if(state: State) -> dict[str, Any] | None:
    """Over once the colour bonus is scored: after the round in which a pawn reached the end."""
    return {} if state["before_bonus"] is not None else None


def on_end(state: State) -> None:
    """The teacher ends the game: after a finished round the colour bonus still counts."""
    rnd = current(state)
    if rnd is not None and rnd["phase"] == DONE:
        _finish(state)


MOVES = {
    "lay_out": lay_out,
    "choose": choose,
    "exchange": exchange,
    "guess": guess,
    "lock": lock,
    "close_guessing": close_guessing,
    "evaluate": evaluate,
}


def whose_turn(state: State) -> int | None:
    rnd = current(state)
    return None if rnd is None else next_team(rnd)


def _phase(state: State) -> str | None:
    rnd = current(state)
    return None if rnd is None else rnd["phase"]


# Teams choose and then decide on exchanging one at a time, in the round's order; they guess
# all at once, and the rest are the teacher's steps.
TURN = TurnOrder(
    current=whose_turn,
    moves=frozenset({"choose", "exchange"}),
    phase=_phase,
    phases={CHOOSING: frozenset({"choose"}), EXCHANGING: frozenset({"exchange"})},
    message=lambda state, team: (
        f"Team {team} chooses now." if _phase(state) == CHOOSING else f"Team {team} decides now."
    ),
)
