"""What an edition's report reads: a game as it was played (pure, no Django).

An edition's ``report(played)`` is a pure function of this: the state now, the state after
setup, the move log and the seed. ``steps`` replays the log one move at a time, for reports
that need to know what each move did (a wrong tap, a bust) and not only where the game ended.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from play.core.engine import Context, LoggedMove, as_json, move_rng

State = dict[str, Any]


@dataclass(frozen=True)
class Played:
    state: State
    initial: State
    log: Sequence[LoggedMove]
    seed: int
    names: Sequence[str]

    def steps(self, moves: Mapping[str, Any]) -> Iterator[tuple[LoggedMove, State, State]]:
        """Each logged move with the state before and after it, replayed with ``moves`` (the
        edition's own). Moves change the state they are given, so each gets a copy."""
        state = as_json(self.initial)
        for entry in self.log:
            ctx = Context(move_rng(self.seed, entry.number), entry.at, entry.teacher)
            after = moves[entry.name](as_json(state), entry.seat, dict(entry.args), ctx)
            yield entry, state, after
            state = after


def share(right: int, asked: int) -> float | None:
    """Right answers as a share of those asked, or None when nothing was asked."""
    return round(right / asked, 3) if asked else None
