"""Computer players for Spot On: random, cautious and strong. Pure and deterministic.

Every bot answers ``choose(state, seat)`` with the next move as ``(name, args)``. Randomness comes
from the state's own seed and step counter, so the same position always gets the same answer.

The strong player values a stop by how much it would change the position: points taken (a set's
value, the court score with its jump to 12 at seven courts), the promise of half-built sets
(its own, and the opponent's that it stacks on and so removes), and a large bonus or penalty
when the stop ends the game. For each of the 24 pawn positions it works out the best
roll-or-stop policy exactly: the cards a line's six die faces reach are fixed for the whole
turn, so the turn is a small tree over subsets of the line's cards (at most 64). At each
node, rolling is worth the average over the six faces (a bust is worth nothing, i.e. the
position as it was), stopping is worth the stop's value, and the bot takes the larger; it puts
the pawn where rolling first is worth most.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import Any

from play.editions.dice.rules import (
    EDGES,
    SIZE,
    State,
    choosable_lines,
    court_points,
    courts_left,
    is_court,
    present_cells,
    score,
    supply,
)

Choice = tuple[str, dict[str, Any]]
LEVELS = ("strong", "cautious", "random")
END_BONUS = 100.0  # winning (losing) the game by a stop outweighs any position


def _rng(state: State, seat: int) -> random.Random:
    return random.Random(f"{state['seed']}:{state['step']}:{seat}")


def _place(line: tuple[str, int]) -> Choice:
    return "place", {"edge": line[0], "index": line[1]}


def random_bot(state: State, seat: int) -> Choice:
    """Any line; after each counter, stop or roll on with even chances."""
    rng = _rng(state, seat)
    phase = state["turn"]["phase"]
    if phase == "place":
        return _place(rng.choice(choosable_lines(state["grid"], seat)))
    if phase == "roll":
        return "roll", {}
    return ("stop", {}) if rng.random() < 0.5 else ("roll", {})


def cautious_bot(state: State, seat: int) -> Choice:
    """The line whose single roll gains most on average; stops after its first counter."""
    phase = state["turn"]["phase"]
    if phase == "place":
        planner = Planner(state, seat)
        return _place(max(choosable_lines(state["grid"], seat), key=planner.one_roll))
    return ("roll", {}) if phase == "roll" else ("stop", {})


def strong_bot(state: State, seat: int) -> Choice:
    """Line by expected gain; roll on while rolling is worth more than stopping."""
    planner = Planner(state, seat)
    turn = state["turn"]
    if turn["phase"] == "place":
        lines = choosable_lines(state["grid"], seat)
        return _place(max(lines, key=lambda line: planner.line_value(line)))
    if turn["phase"] == "roll":
        return "roll", {}
    pawn = turn["pawn"]
    rolling, stopping = planner.decision((pawn["edge"], pawn["index"]), turn["placed"])
    return ("roll", {}) if rolling > stopping else ("stop", {})


BOTS: dict[str, Callable[[State, int], Choice]] = {
    "strong": strong_bot,
    "cautious": cautious_bot,
    "random": random_bot,
}


def choose(state: State, seat: int, level: str) -> Choice:
    if level not in BOTS:
        raise ValueError(f"unknown bot {level!r}; choose one of {', '.join(BOTS)}")
    return BOTS[level](state, seat)


def set_promise(value: int, have: int, size: int) -> float:
    """What ``have`` of a set's ``size`` counters are worth before the set is complete."""
    return value * 0.7 * (have / size) ** 1.5


def exposures(grid: list) -> dict[int, float]:
    """Per card: the best chance, over the lines through it, that one roll reaches it."""
    hits = dict.fromkeys((cell for cell, card in enumerate(grid) if card), 0)
    for edge in EDGES:
        for index in range(SIZE):
            cells = present_cells(grid, edge, index)
            for at, cell in enumerate(cells):
                # Faces 1..6 reach position (face - 1) % n: positions below 6 % n get one more.
                reach = 6 // len(cells) + (1 if at < 6 % len(cells) else 0)
                hits[cell] = max(hits[cell], reach)
    return {cell: count / 6 for cell, count in hits.items()}


class Planner:
    """The position as seen from ``seat`` at the start of its turn (this turn's counters aside)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        grid = state["grid"]
        turn_cells = set(state["turn"]["placed"]) if state["turn"]["seat"] == seat else set()
        # Owners of the counters that lie spot down (the turn's own counters do not count yet).
        self.owner: dict[int, int] = {}
        self.sizes: dict[int, int] = {}
        self.mine: dict[int, int] = {}
        self.theirs: dict[int, int] = {}
        for cell, card in enumerate(grid):
            if card is None:
                continue
            down = [owner for owner, up in card["counters"] if not up]
            if down:
                self.owner[cell] = down[0]
            if not is_court(card):
                value = card["value"]
                self.sizes[value] = self.sizes.get(value, 0) + 1
                if down and down[0] == seat:
                    self.mine[value] = self.mine.get(value, 0) + 1
                elif down:
                    self.theirs[value] = self.theirs.get(value, 0) + 1
        self.turn_cells = turn_cells
        self.safety = {cell: 1 - chance for cell, chance in exposures(grid).items()}
        mine, theirs = (score(taken) for taken in (state["taken"][seat], state["taken"][1 - seat]))
        self.my_courts, self.their_courts = mine["courts"], theirs["courts"]
        self.my_total, self.their_total = mine["total"], theirs["total"]
        self.courts_left = courts_left(state)
        self.supply = supply(state, seat) + len(turn_cells)
        self._stops: dict[frozenset[int] | int, float] = {}

    def stop_value(self, cells: frozenset[int]) -> float:
        """How much stopping with counters on ``cells`` improves the position for the bot."""
        cached = self._stops.get(cells)
        if cached is not None:
            return cached
        grid = self.state["grid"]
        courts = sum(1 for cell in cells if is_court(grid[cell]))
        gain = self._race(courts) - self._race(0)
        added: dict[int, int] = {}
        stacked: dict[int, int] = {}
        for cell in cells:
            value = grid[cell]["value"]
            if value is None:
                continue
            added[value] = added.get(value, 0) + 1
            if self.owner.get(cell, self.seat) != self.seat:
                stacked[value] = stacked.get(value, 0) + 1
        sets = 0
        for value, count in added.items():
            size, have, theirs = (
                self.sizes[value],
                self.mine.get(value, 0),
                self.theirs.get(value, 0),
            )
            if have + count == size:
                sets += value
                gain += value - set_promise(value, have, size) + set_promise(value, theirs, size)
                continue
            # A counter the opponent can easily roll onto next turn promises little.
            safety = sum(self.safety[cell] for cell in cells if grid[cell]["value"] == value)
            grown = set_promise(value, have + count, size) - set_promise(value, have, size)
            gain += grown * safety / count
            if value in stacked:
                left = theirs - stacked[value]
                exposed = sum(
                    self.safety[cell]
                    for cell in cells
                    if grid[cell]["value"] == value and self.owner.get(cell, self.seat) != self.seat
                )
                shrunk = set_promise(value, theirs, size) - set_promise(value, left, size)
                gain += shrunk * exposed / stacked[value]
        if courts == self.courts_left:  # this stop takes the last court: the game is decided
            mine = self.my_total - court_points(self.my_courts)
            mine += court_points(self.my_courts + courts) + sets
            margin = mine - self.their_total
            gain = margin + (END_BONUS if margin > 0 else -END_BONUS if margin < 0 else 0.0)
        self._stops[cells] = gain
        return gain

    def _race(self, courts: int) -> float:
        """The expected court score difference if the bot takes ``courts`` now and the rest are
        shared at even odds: it values a court taken, the jump at seven and the court denied."""
        key = -1 - courts
        cached = self._stops.get(key)
        if cached is None:
            mine, theirs, left = (
                self.my_courts + courts,
                self.their_courts,
                self.courts_left - courts,
            )
            cached = (
                sum(
                    comb(left, k) * (court_points(mine + k) - court_points(theirs + left - k))
                    for k in range(left + 1)
                )
                / 2**left
            )
            self._stops[key] = cached
        return cached

    def _faces(self, line: tuple[str, int]) -> list[tuple[int, int]]:
        """The cards the die can reach on this line, each with how many faces reach it; faces
        that reach one of the bot's old counters (a bust) are left out."""
        cells = present_cells(self.state["grid"], *line)
        n = len(cells)
        return [
            (cell, 6 // n + (1 if at < 6 % n else 0))
            for at, cell in enumerate(cells)
            if self.owner.get(cell) != self.seat
        ]

    def _best(self, faces: list[tuple[int, int]], placed: frozenset[int], memo: dict) -> float:
        """The value of the turn from here, playing the better of rolling and stopping."""
        best = memo.get(placed)
        if best is None:
            rolling = self._roll(faces, placed, memo)
            best = max(rolling, self.stop_value(placed)) if placed else rolling
            memo[placed] = best
        return best

    def _roll(self, faces: list[tuple[int, int]], placed: frozenset[int], memo: dict) -> float:
        total = 0.0
        last = len(placed) + 1 >= self.supply
        for cell, ways in faces:
            if cell in placed:
                continue  # bust: the position stays as it was (worth 0)
            after = placed | {cell}
            # With the last counter the turn stops by itself.
            total += ways * (self.stop_value(after) if last else self._best(faces, after, memo))
        return total / 6

    def line_value(self, line: tuple[str, int]) -> float:
        return self._roll(self._faces(line), frozenset(), {})

    def one_roll(self, line: tuple[str, int]) -> float:
        faces = self._faces(line)
        return sum(ways * self.stop_value(frozenset([cell])) for cell, ways in faces) / 6

    def decision(self, line: tuple[str, int], placed: list[int]) -> tuple[float, float]:
        """(value of rolling on, value of stopping now) with the turn's counters on ``placed``."""
        done = frozenset(placed)
        return self._roll(self._faces(line), done, {}), self.stop_value(done)
