"""Scoring the island games: what each team's visible cards (or collected cards) are worth.

``metrics`` measures every team on the island as the game leaves it; ``game_points`` turns the
measures into points: 1 for the team that played all its cards (games 1-3) and 2 for every team
with the highest measure (ties share it). In the five-player variant the solo team's measure
counts double (games 1-4).
"""

from __future__ import annotations

from collections.abc import Sequence

from play.editions.match.island import largest_group, ports_touched, positions_where

FINISH_POINTS = 1
BEST_POINTS = 2


def tops(island: Sequence[Sequence[int]]) -> list[int | None]:
    """The visible card of each position (``None`` where a position is empty)."""
    return [stack[-1] if stack else None for stack in island]


def owned_positions(
    island: Sequence[Sequence[int]], roles: Sequence[str], colour: str
) -> list[int]:
    """Positions whose visible card is a team card of this colour (whoever played it)."""
    return positions_where(tops(island), lambda card: roles[card] == colour)


def metric(
    game: int,
    island: Sequence[Sequence[int]],
    roles: Sequence[str],
    colour: str,
    collected: int = 0,
) -> int:
    """One team's measure for a game, before the five-player doubling."""
    if game == 4:
        return collected
    owned = owned_positions(island, roles, colour)
    if game == 1:
        return len(owned)
    if game == 2:
        return ports_touched(owned)
    if game == 3:
        return largest_group(owned)
    raise ValueError(f"game {game} has no island measure")


def metrics(
    game: int,
    island: Sequence[Sequence[int]],
    roles: Sequence[str],
    teams: Sequence[dict],
) -> list[int]:
    """Every team's measure, doubled for a solo team of the five-player variant."""
    return [
        metric(game, island, roles, team["colour"], team.get("collected", 0))
        * (2 if team.get("solo") else 1)
        for team in teams
    ]


def game_points(measures: Sequence[int], finisher: int | None) -> list[int]:
    """Points for each team: the finisher's 1 and the best measure's 2 (ties: 2 each).

    The rule book's tie rule holds when the best measure is 0 too: every team with 0 then
    scores the 2 points (Ports, nobody touching a port).
    """
    points = [0] * len(measures)
    if finisher is not None:
        points[finisher] += FINISH_POINTS
    best = max(measures, default=0)
    for team, value in enumerate(measures):
        if value == best:
            points[team] += BEST_POINTS
    return points
