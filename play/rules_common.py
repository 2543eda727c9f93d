"""Pieces shared by the Germany and World rules: errors and rankings.

Teams are numbered 0..n-1 in clockwise seating order everywhere in the rules modules; the app
maps its team rows onto these indices (for example by their creation order).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar


class RuleViolation(Exception):
    """A move the rules forbid. Maps to HTTP 400.

    ``code`` is a stable machine-readable string (for API clients and translations);
    ``message`` is an English sentence for people.
    """

    http_status = 400

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class TurnConflict(RuleViolation):
    """The move may be fine, but not in the game's current state. Maps to HTTP 409.

    Catch this before ``RuleViolation`` (it is a subclass).
    """

    http_status = 409


class NotYourTurn(TurnConflict):
    """Another team is to act first."""


class RoundClosed(TurnConflict):
    """The round (or phase) does not accept this action now: finished, revealed, not ready."""


K = TypeVar("K")


def final_ranking(
    totals: Mapping[int, K] | Sequence[K],
    key: Callable[[K], float] | None = None,
) -> list[tuple[int, int, K]]:
    """Rank teams by their totals, best first, as ``(rank, team, total)`` tuples.

    Tied teams share a rank and the next rank skips (1, 1, 3). Within a tie, teams are listed in
    seating order. ``key`` turns a total into a number to compare (higher is better); the
    default compares the totals themselves.
    """
    items = dict(enumerate(totals)) if isinstance(totals, Sequence) else dict(totals)
    score = key or (lambda v: v)
    ordered = sorted(items, key=lambda team: (-score(items[team]), team))
    ranking: list[tuple[int, int, K]] = []
    for index, team in enumerate(ordered):
        if index and score(items[team]) == score(items[ordered[index - 1]]):
            rank = ranking[-1][0]
        else:
            rank = index + 1
        ranking.append((rank, team, items[team]))
    return ranking


def winners(
    totals: Mapping[int, K] | Sequence[K], key: Callable[[K], float] | None = None
) -> list[int]:
    """All teams ranked first (a tie for first means every tied team wins)."""
    return [team for rank, team, _ in final_ranking(totals, key) if rank == 1]
