"""Guesses and solutions of Spot On: The World (no Django).

A guess is 1 to 4 stones placed strictly in order: board (required), column W/M/O, row N/M/S
(only with a column), rectangle A–D (only with a row). It is written like a solution,
``BOARD-COLUMN-ROW-LETTER``, cut short after the last stone: ``EU``, ``EU-O``, ``EU-O-M-C``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from play.core.errors import RuleViolation

BOARDS = ("NA", "EU", "AS", "SA", "AF", "AU")
COLUMNS = ("W", "M", "O")
ROWS = ("N", "M", "S")
LETTERS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Guess:
    board: str
    column: str | None = None
    row: str | None = None
    letter: str | None = None

    def __post_init__(self) -> None:
        if not self.board:
            raise RuleViolation("board_required", "Place the first stone on a board.")
        if self.board not in BOARDS:
            raise RuleViolation("unknown_board", f"Unknown board {self.board!r}.")
        if self.column is not None and self.column not in COLUMNS:
            raise RuleViolation("unknown_column", f"Unknown column {self.column!r}.")
        if self.row is not None and self.row not in ROWS:
            raise RuleViolation("unknown_row", f"Unknown row {self.row!r}.")
        if self.letter is not None and self.letter not in LETTERS:
            raise RuleViolation("unknown_letter", f"Unknown rectangle {self.letter!r}.")
        if self.row is not None and self.column is None:
            raise RuleViolation("row_needs_column", "A row stone needs a column stone first.")
        if self.letter is not None and self.row is None:
            raise RuleViolation("letter_needs_row", "A rectangle stone needs a row stone first.")

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(p for p in (self.board, self.column, self.row, self.letter) if p)

    @property
    def stones(self) -> int:
        return len(self.parts)

    def __str__(self) -> str:
        return "-".join(self.parts)

    @classmethod
    def parse(cls, text: str) -> Guess:
        """``"EU-O-M"`` → ``Guess("EU", "O", "M")``; raises ``RuleViolation`` when malformed."""
        parts = [p.strip().upper() for p in str(text).split("-")] if text else []
        if not parts or not parts[0]:
            raise RuleViolation("board_required", "Place the first stone on a board.")
        if len(parts) > 4 or not all(parts):
            raise RuleViolation("malformed_guess", f"Write a guess like EU-O-M-C, not {text!r}.")
        return cls(*parts)


def parse_solution(text: str) -> tuple[str, ...]:
    """A solution's parts; raises ``ValueError`` (bad data, not a player's mistake)."""
    try:
        return Guess.parse(text).parts
    except RuleViolation as err:
        raise ValueError(f"bad solution {text!r}: {err.message}") from None


def matching_solution(guess: Guess, solutions: Iterable[str]) -> str | None:
    """The first listed solution that every placed stone agrees with, or ``None``."""
    for solution in solutions:
        parts = parse_solution(solution)
        if parts[: guess.stones] == guess.parts and len(parts) >= guess.stones:
            return solution
    return None


def stone_results(guess: Guess, solutions: Iterable[str]) -> tuple[bool, ...]:
    """Per stone, right or wrong against the closest solution (for showing the evaluation).

    Scoring never uses this: one wrong stone makes the whole guess wrong.
    """
    best: tuple[bool, ...] = (False,) * guess.stones
    for solution in solutions:
        parts = parse_solution(solution)
        marks = tuple(i < len(parts) and parts[i] == g for i, g in enumerate(guess.parts))
        if sum(marks) > sum(best):
            best = marks
    return best
