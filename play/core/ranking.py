"""Rankings every edition uses: seats ranked by their totals, ties sharing a rank.

Seats are numbered 0..n-1 in seating order everywhere in the rules modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

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


def no_winner_unless_scored(result: dict[str, Any], scored: bool) -> dict[str, Any]:
    """``result`` as it stands, or, for a game ended before anything was scored, with no
    winner and ``unscored`` set: every team at nought would otherwise share a win nobody
    played for (the game-over panel says the game ended before anything was scored)."""
    return result if scored else {**result, "winners": [], "unscored": True}


def winners(
    totals: Mapping[int, K] | Sequence[K], key: Callable[[K], float] | None = None
) -> list[int]:
    """All teams ranked first (a tie for first means every tied team wins)."""
    return [team for rank, team, _ in final_ranking(totals, key) if rank == 1]
