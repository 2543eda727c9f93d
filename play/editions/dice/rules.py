"""Spot On (Reiner Knizia, 1995): the press-your-luck grid game, as pure functions of plain data.

Two players, 36 playing cards face up in a 6 × 6 grid, one die, a pawn and 12 counters each.
A turn: put the pawn at one end of a row or column, roll, count that many cards from the pawn
(the card next to the pawn is 1; past the far end the count wraps to the near end; gaps left by
taken cards are skipped), put a counter spot up on the card reached. Roll again or stop. Stop:
the turn's counters turn spot down, opponents' counters under them go back, the player takes
every court card among them and every black value of which they now hold all the cards. Bust
(the die reaches a card with one of your own counters): the turn's counters go back, nothing
else changes. The game ends when the last court card is taken. Sets score their value, courts
score 1 each or 12 for seven or more.

Decisions where the published summary is silent or inconsistent (printed on the rules sheet
too, ``printing/dice_kit.py``):

1. **Cards.** The summary's "black 3 to 9" gives 33 cards, too few for 6 × 6: the default mix is
   three black cards of each value 2–9 and the 12 red court cards. A game may instead use the
   ``fours`` mix: all four black cards of each value 4–9 (sets of four) and the 12 courts.
2. **The turn's first roll is compulsory.** Stop is possible only after at least one counter has
   been placed this turn; the pawn stays where it was put for the whole turn.
3. **A line may not be chosen** if it has no cards, or if every card in it already holds one of
   the player's own counters (every roll would bust).
4. **Landing on your own counter busts**, whether it is spot down from an earlier turn or spot
   up from this turn. A card can hold at most two counters: an opponent's spot-down counter with
   the player's spot-up counter on top.
5. **A set is complete** when the player has counters on every black card of that value (three
   in the default mix). Sets can only be completed by stopping; counters of both players on
   taken cards go back to their owners.
6. **Running out.** A player who places their last counter stops at once (automatically).
   A player who starts a turn with no counter in supply (all on unfinished sets) first takes all
   of their counters back from the grid; otherwise both players could be stuck for ever.
7. **End.** The game ends as soon as the last court card is taken (at that stop). Equal
   totals share the win.
8. **A stalled game ends.** If ``STALL_TURNS`` turns in a row (30 each) go by without anyone
   taking a card, the game ends at the end of that turn and is scored as it stands. Without it
   two players can capture each other's counter on the last cards of a value for ever (two
   cautious computer players did: each stacks on the other's 9 and stops). Taking a card is the
   game's only progress — every take removes cards, and the game ends when the courts are gone —
   so a take resets the count and at most ``max_turns`` turns can ever be played. A repetition
   rule would not do: a bust leaves the table as it was, so positions recur by the die alone.
   Measured over 1,500 games of each computer pairing, the longest run without a take in a game
   that ended by its courts was 62 turns (two random players), 61 (strong against cautious);
   most games never pass 20.
9. **The teacher's end** (a lesson's bell, not a rule) scores the game as it stands; the screens
   say the game was ended and who was ahead, not who won (``result["end"] == "teacher"``).
"""

from __future__ import annotations

import random
from typing import Any

from cards.games.dice import DICE_COURT_RANKS, DICE_GRID, DICE_MIXES, DICE_STALL_TURNS, dice_deck
from play.core.engine import ended_by_teacher
from play.core.errors import RoundClosed, RuleViolation
from play.core.ranking import final_ranking, no_winner_unless_scored, winners

State = dict[str, Any]

# The cards themselves are the card database's (printed and played alike).
SIZE = DICE_GRID
MIXES = DICE_MIXES
COURT_RANKS = DICE_COURT_RANKS
COUNTERS = 12
EDGES = ("left", "right", "top", "bottom")
SEVEN_COURTS = 7
SEVEN_COURTS_SCORE = 12
STALL_TURNS = DICE_STALL_TURNS  # turns in a row (both players') without a take end the game


# --- cards and the grid -------------------------------------------------------------------


def deck_for(mix: str) -> list[dict[str, Any]]:
    """The 36 cards of a mix, in a fixed order (rank, suit; value for black cards)."""
    if mix not in MIXES:
        raise RuleViolation("bad_option", f"mix must be one of {', '.join(MIXES)}.")
    return dice_deck(mix)


def is_court(card: dict[str, Any]) -> bool:
    return card["value"] is None


def line_cells(edge: str, index: int) -> list[int]:
    """The grid cells (row * 6 + column) of a line, in counting order from the pawn's edge."""
    if edge == "left":
        return [index * SIZE + col for col in range(SIZE)]
    if edge == "right":
        return [index * SIZE + col for col in reversed(range(SIZE))]
    if edge == "top":
        return [row * SIZE + index for row in range(SIZE)]
    if edge == "bottom":
        return [row * SIZE + index for row in reversed(range(SIZE))]
    raise RuleViolation("bad_args", f"edge must be one of {', '.join(EDGES)}.")


def present_cells(grid: list, edge: str, index: int) -> list[int]:
    """The line's cells that still hold a card (gaps are skipped when counting)."""
    return [cell for cell in line_cells(edge, index) if grid[cell] is not None]


def target_cell(grid: list, edge: str, index: int, die: int) -> tuple[int, list[int]]:
    """Where a roll of ``die`` ends, and the counting path (wrapping round the line)."""
    cells = present_cells(grid, edge, index)
    if not cells:
        raise RuleViolation("empty_line", "This line has no cards left.")
    path = [cells[i % len(cells)] for i in range(die)]
    return path[-1], path


def holds(card: dict[str, Any] | None, seat: int) -> bool:
    return card is not None and any(owner == seat for owner, _up in card["counters"])


def line_choosable(grid: list, seat: int, edge: str, index: int) -> bool:
    cells = present_cells(grid, edge, index)
    return bool(cells) and not all(holds(grid[cell], seat) for cell in cells)


def choosable_lines(grid: list, seat: int) -> list[tuple[str, int]]:
    return [
        (edge, index)
        for edge in EDGES
        for index in range(SIZE)
        if line_choosable(grid, seat, edge, index)
    ]


def supply(state: State, seat: int) -> int:
    on_grid = sum(
        1 for card in state["grid"] if card for owner, _up in card["counters"] if owner == seat
    )
    return state["counters"] - on_grid


# --- setup and scoring --------------------------------------------------------------------


def new_game(
    players: list[str], rng: random.Random, *, mix: str = "standard", first: int = 0
) -> State:
    """A shuffled grid; card references are drawn from ``rng`` so they say nothing of position."""
    if len(players) != 2:
        raise RuleViolation("bad_seats", "Spot On is a game for two players.")
    if first not in (0, 1):
        raise RuleViolation("bad_option", "first must be 0 or 1.")
    cards = deck_for(mix)
    rng.shuffle(cards)
    refs = rng.sample(range(16**4), len(cards))
    grid = [
        {**card, "ref": f"c{ref:04x}", "counters": []}
        for card, ref in zip(cards, refs, strict=True)
    ]
    return {
        "players": list(players),
        "mix": mix,
        "seed": rng.randrange(2**31),
        "counters": COUNTERS,
        "grid": grid,
        "taken": [[], []],
        "turn": _fresh_turn(first, 1),
        "first": first,
        "last": None,
        "events": [],
        "step": 0,
        "quiet": 0,  # turns since a card was last taken (rule 8)
        # How the rules ended the game: "courts" or "stalled" (the teacher's end is the core's,
        # kept in ``gameover``; ``how_it_ended`` reads both).
        "end": None,
    }


def max_turns(mix: str) -> int:
    """No game lasts longer: each take removes a card, and a take comes at least every
    ``STALL_TURNS`` turns or the game ends."""
    return (len(deck_for(mix)) + 1) * (STALL_TURNS + 1)


def _fresh_turn(seat: int, number: int) -> dict[str, Any]:
    return {"seat": seat, "number": number, "phase": "place", "pawn": None, "placed": []}


def court_points(courts: int) -> int:
    return SEVEN_COURTS_SCORE if courts >= SEVEN_COURTS else courts


def score(taken: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's points from the cards taken: each set its value, courts 1 each or 12 for 7+."""
    courts = sum(1 for card in taken if is_court(card))
    values = sorted({card["value"] for card in taken if not is_court(card)})
    sets = sum(values)
    return {
        "courts": courts,
        "court_points": court_points(courts),
        "sets": values,
        "set_points": sets,
        "total": sets + court_points(courts),
    }


def courts_left(state: State) -> int:
    return sum(1 for card in state["grid"] if card is not None and is_court(card))


def how_it_ended(state: State) -> str | None:
    """``courts``, ``stalled`` or ``teacher``; ``None`` while the game runs."""
    if state["end"] is not None:
        return state["end"]
    return "teacher" if ended_by_teacher(state) else None


def end_if(state: State) -> dict[str, Any] | None:
    return None if state["end"] is None else {}


def result(state: State) -> dict[str, Any] | None:
    how = how_it_ended(state)
    if how is None:
        return None
    scores = [score(taken) for taken in state["taken"]]
    totals = [s["total"] for s in scores]
    result = {
        "winners": winners(totals),
        "ranking": [list(row) for row in final_ranking(totals)],
        "scores": scores,
    }
    result["end"] = how
    # The teacher's end is no end of the rules: the screens say who was ahead, not who won.
    result["early"] = result["end"] == "teacher"
    if result["end"] == "stalled":
        result["stall_turns"] = STALL_TURNS
    return no_winner_unless_scored(result, any(state["taken"]))


# --- moves --------------------------------------------------------------------------------


def whose_turn(state: State) -> int | None:
    """The player whose turn it is (the core refuses the other one: ``moves.TURN``)."""
    return None if state["turn"]["phase"] == "over" else state["turn"]["seat"]


def check_phase(state: State, phases: tuple[str, ...]) -> dict[str, Any]:
    """The current turn, if it is in one of ``phases``; else a 409."""
    turn = state["turn"]
    if turn["phase"] not in phases:
        messages = {
            "place": "Put the pawn at the end of a line first.",
            "roll": "Roll the die at least once before you stop.",
            "decide": "The pawn stays where it is until the turn ends.",
        }
        raise RoundClosed("wrong_phase", messages.get(turn["phase"], "This game has ended."))
    return turn


def place_pawn(state: State, seat: int | None, edge: str, index: int) -> State:
    turn = check_phase(state, ("place",))
    if edge not in EDGES:
        raise RuleViolation("bad_args", f"edge must be one of {', '.join(EDGES)}.")
    if not 0 <= index < SIZE:
        raise RuleViolation("bad_args", f"index must be between 0 and {SIZE - 1}.")
    cells = present_cells(state["grid"], edge, index)
    if not cells:
        raise RuleViolation("empty_line", "This line has no cards left.")
    if all(holds(state["grid"][cell], seat) for cell in cells):
        raise RuleViolation("line_all_yours", "Every card in this line holds your counter.")
    turn["pawn"] = {"edge": edge, "index": index}
    turn["phase"] = "roll"
    state["step"] += 1
    return state


def roll(state: State, seat: int | None, die: int) -> State:
    """Apply a roll of ``die`` (1–6, drawn by the caller from the move's rng)."""
    turn = check_phase(state, ("roll", "decide"))
    if not 1 <= die <= 6:
        raise ValueError(f"a die shows 1 to 6, not {die}")
    pawn = turn["pawn"]
    cell, path = target_cell(state["grid"], pawn["edge"], pawn["index"], die)
    card = state["grid"][cell]
    state["step"] += 1
    if holds(card, seat):
        state["last"] = _event(state, "bust", die=die, path=path, cell=cell)
        _clear_turn_counters(state, seat)
        if not _stalled(state, took=False):
            _next_turn(state)
        return state
    card["counters"].append([seat, True])
    turn["placed"].append(cell)
    turn["phase"] = "decide"
    state["last"] = _event(state, "placed", die=die, path=path, cell=cell)
    if supply(state, seat) == 0:
        _stop(state, seat, forced=True)
    return state


def stop(state: State, seat: int | None) -> State:
    check_phase(state, ("decide",))
    state["step"] += 1
    _stop(state, seat, forced=False)
    return state


def _event(state: State, kind: str, **data: Any) -> dict[str, Any]:
    turn = state["turn"]
    event = {"kind": kind, "seat": turn["seat"], "turn": turn["number"], **data}
    state["events"] = [*state["events"], event][-12:]  # a short public history for the screens
    return event


def _clear_turn_counters(state: State, seat: int) -> None:
    for cell in state["turn"]["placed"]:
        counters = state["grid"][cell]["counters"]
        counters[:] = [c for c in counters if not (c[0] == seat and c[1])]


def _stop(state: State, seat: int, *, forced: bool) -> None:
    grid = state["grid"]
    placed = state["turn"]["placed"]
    taken: list[dict[str, Any]] = []
    removed = 0
    for cell in placed:
        card = grid[cell]
        removed += sum(1 for owner, _up in card["counters"] if owner != seat)
        card["counters"] = [[seat, False]]
    for cell in placed:
        if is_court(grid[cell]):
            taken.append(_take(state, seat, cell))
    for value in sorted({grid[cell]["value"] for cell in placed if grid[cell] is not None}):
        cells = [i for i, card in enumerate(grid) if card is not None and card["value"] == value]
        if all(holds(grid[i], seat) for i in cells):
            taken += [_take(state, seat, i) for i in cells]
    state["last"] = _event(
        state,
        "stop",
        forced=forced,
        cells=list(placed),
        taken=[card["ref"] for card in taken],
        removed=removed,
    )
    if courts_left(state) == 0:
        end(state, "courts")
        return
    if not _stalled(state, took=bool(taken)):
        _next_turn(state)


def end(state: State, how: str) -> None:
    """The rules end the game: by its last court or a stall (rule 8)."""
    state["end"] = how
    close_turn(state)


def close_turn(state: State) -> None:
    """No turn follows: the game is over (by its rules or the teacher)."""
    state["turn"]["phase"] = "over"


def _stalled(state: State, *, took: bool) -> bool:
    """Count a finished turn toward the stall (rule 8); ``True`` if it ended the game."""
    state["quiet"] = 0 if took else state.get("quiet", 0) + 1
    if state["quiet"] < STALL_TURNS:
        return False
    _event(state, "stalled", turns=STALL_TURNS)
    end(state, "stalled")
    return True


def _take(state: State, seat: int, cell: int) -> dict[str, Any]:
    card = state["grid"][cell]
    state["grid"][cell] = None  # its counters, of both players, go back to their supplies
    kept = {key: value for key, value in card.items() if key != "counters"}
    state["taken"][seat].append(kept)
    return kept


def _next_turn(state: State) -> None:
    turn = state["turn"]
    seat = 1 - turn["seat"]
    state["turn"] = _fresh_turn(seat, turn["number"] + 1)
    if supply(state, seat) == 0:
        for card in state["grid"]:
            if card is not None:
                card["counters"] = [c for c in card["counters"] if c[0] != seat]
        _event(state, "reclaim")


# --- figures for screens and bots ---------------------------------------------------------


def bust_chance(state: State, seat: int, edge: str, index: int) -> tuple[int, int]:
    """Out of six die faces, how many bust on this line now (turn counters included)."""
    grid = state["grid"]
    cells = present_cells(grid, edge, index)
    if not cells:
        return 6, 6
    return sum(1 for die in range(1, 7) if holds(grid[cells[(die - 1) % len(cells)]], seat)), 6
