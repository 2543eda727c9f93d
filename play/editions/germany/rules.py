"""The rules of Spot On: Germany as plain data and functions (no Django).

A view loads a round from its rows into ``RoundState`` (teams, starting team, laid-out place ids,
tips so far), asks ``check_tip`` whether a team may play a tip, records the ``Tip`` that ``play``
returns, and after ``check_reveal`` scores the round with ``score_round``.

Conventions:
- Teams are 0..teams-1 in clockwise order; "to the left" of a team is the next one clockwise.
- ``Tip.order`` is the tip's position in the round's play order (0 for the first tip). It fixes
  both the turn sequence and each stack's order (a stack grows downwards in play order).
- Rows are 1-based: row 1 lies directly under the place card.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from play.core.errors import NotYourTurn, RoundClosed, RuleViolation
from play.core.ranking import final_ranking, winners

__all__ = [
    "MAX_TEAMS",
    "MIN_TEAMS",
    "ROW_POINTS",
    "TIPS_PER_ROUND",
    "NotYourTurn",
    "PlaceFacts",
    "RoundClosed",
    "RoundResult",
    "RoundState",
    "RuleViolation",
    "ScoredTip",
    "Tip",
    "TipCard",
    "check_new_places",
    "final_ranking",
    "is_correct",
    "physical_card",
    "places_for",
    "rounds_for",
    "score_round",
    "starting_team_for_round",
    "winners",
]

MIN_TEAMS = 2
MAX_TEAMS = 4
TIPS_PER_ROUND = 3
# Points by row after wrong tips are removed: row 1 = 3, row 2 = 2, row 3 = 1, deeper = 0.
ROW_POINTS = (3, 2, 1)


class TipCard(StrEnum):
    N = "N"
    S = "S"
    W = "W"
    M = "M"
    O = "O"  # noqa: E741 - the rulebook's name: Ost (east)
    MOST = "MOST"
    FEWEST = "FEWEST"


def physical_card(tip: TipCard) -> str:
    """The printed card a tip uses: ``W`` and ``M`` are two sides of one card ("W/M")."""
    return "W/M" if tip in (TipCard.W, TipCard.M) else tip.value


@dataclass(frozen=True)
class PlaceFacts:
    """What the back of a place card says that matters for scoring."""

    place_id: Hashable
    ns: int  # 0 far north .. 150 far south
    we: int  # 0 far west .. 90 far east
    population: int


@dataclass(frozen=True)
class Tip:
    team: int
    place_id: Hashable
    tip: TipCard
    order: int


def _check_teams(teams: int) -> None:
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise RuleViolation("team_count", f"A game has {MIN_TEAMS} to {MAX_TEAMS} teams.")


def places_for(teams: int) -> int:
    """Laid-out place cards per round: one more than there are teams."""
    _check_teams(teams)
    return teams + 1


def rounds_for(teams: int) -> int:
    """Rounds in a game: 6 with 2 or 3 teams, 8 with 4."""
    _check_teams(teams)
    return 8 if teams == 4 else 6


def starting_team_for_round(first_starting_team: int, round_index: int, teams: int) -> int:
    """The starting team of round ``round_index`` (0-based): it passes one team clockwise."""
    _check_teams(teams)
    return (first_starting_team + round_index) % teams


def check_new_places(teams: int, places: Sequence[int], used_in_game: Iterable[int]) -> None:
    """Raise unless ``places`` is a valid layout: teams + 1 distinct places, none used before."""
    if len(places) != places_for(teams):
        raise RuleViolation(
            "place_count", f"With {teams} teams a round lays out {teams + 1} place cards."
        )
    if len(set(places)) != len(places):
        raise RuleViolation("place_repeated", "A place card can be laid out only once.")
    reused = sorted(set(places) & set(used_in_game))
    if reused:
        raise RuleViolation(
            "place_reused", f"Places already used in this game cannot come back: {reused}."
        )


@dataclass
class RoundState:
    """One round's table: the laid-out places and the tips played so far."""

    teams: int
    starting_team: int
    places: list[int]
    tips: list[Tip] = field(default_factory=list)
    revealed: bool = False

    def __post_init__(self) -> None:
        _check_teams(self.teams)
        if not 0 <= self.starting_team < self.teams:
            raise RuleViolation("unknown_team", "The starting team is not in this game.")
        if len(self.places) != places_for(self.teams) or len(set(self.places)) != len(self.places):
            raise RuleViolation("place_count", f"A round lays out {self.teams + 1} places.")
        self.tips = sorted(self.tips, key=lambda t: t.order)

    # --- reading the table -------------------------------------------------------------

    def is_complete(self) -> bool:
        return len(self.tips) >= self.teams * TIPS_PER_ROUND

    def next_team(self) -> int | None:
        """The team to play now, or ``None`` when every team has played its 3 tips."""
        if self.is_complete():
            return None
        return (self.starting_team + len(self.tips)) % self.teams

    def tips_of(self, team: int) -> list[Tip]:
        return [t for t in self.tips if t.team == team]

    def tips_left(self, team: int) -> int:
        return TIPS_PER_ROUND - len(self.tips_of(team))

    def stack(self, place_id: int) -> list[Tip]:
        """The tips under a place, top (row 1) first."""
        return [t for t in self.tips if t.place_id == place_id]

    def available_tips(self, team: int) -> list[TipCard]:
        """Tips ``team`` could still legally play this round (ignoring whose turn it is)."""
        result = []
        for tip in TipCard:
            try:
                self._check_card(team, tip)
            except RuleViolation:
                continue
            result.append(tip)
        return result

    # --- acting --------------------------------------------------------------------------

    def check_tip(self, team: int, place_id: int, tip: TipCard | str) -> None:
        """Raise ``TurnConflict`` (409) or ``RuleViolation`` (400) unless the move is legal."""
        if not 0 <= team < self.teams:
            raise RuleViolation("unknown_team", "That team does not play in this game.")
        if self.revealed:
            raise RoundClosed("round_revealed", "This round has been revealed.")
        if self.is_complete():
            raise RoundClosed("round_complete", "Every team has placed its 3 tips.")
        # Whose turn it is the core checks (``moves.TURN``), before the move.
        tip = _as_tip(tip)
        if place_id not in self.places:
            raise RuleViolation(
                "place_not_laid_out", "A tip can only go under a laid-out place card."
            )
        self._check_card(team, tip)

    def play(self, team: int, place_id: int, tip: TipCard | str) -> Tip:
        """Check and record a tip; returns the new ``Tip`` (to store)."""
        self.check_tip(team, place_id, tip)
        new = Tip(team=team, place_id=place_id, tip=_as_tip(tip), order=len(self.tips))
        self.tips.append(new)
        return new

    def check_reveal(self) -> None:
        """Raise ``RoundClosed`` (409) unless the round may be revealed now."""
        if self.revealed:
            raise RoundClosed("round_revealed", "This round has already been revealed.")
        if not self.is_complete():
            raise RoundClosed("round_incomplete", "Not every team has placed its 3 tips yet.")

    def _check_card(self, team: int, tip: TipCard) -> None:
        own = self.tips_of(team)
        if len(own) >= TIPS_PER_ROUND:
            raise RoundClosed("no_tips_left", "This team has placed its 3 tips this round.")
        for played in own:
            if played.tip == tip:
                raise RuleViolation(
                    "card_already_used", f"Team {team} has already played {tip} this round."
                )
            if physical_card(played.tip) == physical_card(tip):
                raise RuleViolation(
                    "wm_card_used",
                    f"W and M are one card; team {team} already played it as {played.tip}.",
                )
        if self.teams == 2:
            for played in self.tips:
                if played.team != team and played.tip == tip:
                    raise RuleViolation(
                        "two_player_rule",
                        f"With two teams both must play different tips; {tip} is taken.",
                    )


def _as_tip(tip: TipCard | str) -> TipCard:
    try:
        return TipCard(tip)
    except ValueError:
        raise RuleViolation(
            "unknown_tip", f"Unknown tip {tip!r}; use one of {[t.value for t in TipCard]}."
        ) from None


# --- scoring ---------------------------------------------------------------------------------


def is_correct(tip: TipCard | str, place: PlaceFacts, all_places: Sequence[PlaceFacts]) -> bool:
    """Whether ``tip`` under ``place`` is right among the laid-out ``all_places``.

    A place tied for an extreme counts as that extreme, so a directional tip on any tied place
    is correct, and ``M`` on it is wrong (it is "the furthest" in that direction).
    """
    tip = TipCard(tip)
    if tip == TipCard.M:
        return not any(is_correct(d, place, all_places) for d in "NSWO")
    value, pick = {
        TipCard.N: (lambda p: p.ns, min),
        TipCard.S: (lambda p: p.ns, max),
        TipCard.W: (lambda p: p.we, min),
        TipCard.O: (lambda p: p.we, max),
        TipCard.MOST: (lambda p: p.population, max),
        TipCard.FEWEST: (lambda p: p.population, min),
    }[tip]
    return value(place) == pick(value(p) for p in all_places)


@dataclass(frozen=True)
class ScoredTip:
    tip: Tip
    correct: bool
    placed_row: int  # row when played (1-based)
    row: int | None  # row after wrong tips dropped away; None for a wrong tip
    points: int


@dataclass(frozen=True)
class RoundResult:
    stacks: dict[int, list[ScoredTip]]  # place id -> tips top first, wrong ones included
    team_points: dict[int, int]  # every team of the round, 0 if it scored nothing

    def scored_tips(self) -> list[ScoredTip]:
        """All tips in play order."""
        return sorted(
            (s for stack in self.stacks.values() for s in stack), key=lambda s: s.tip.order
        )


def points_for_row(row: int) -> int:
    return ROW_POINTS[row - 1] if 1 <= row <= len(ROW_POINTS) else 0


def score_round(
    places: Sequence[PlaceFacts], tips: Iterable[Tip], teams: int | None = None
) -> RoundResult:
    """Score a revealed round: drop wrong tips, move the rest up, pay 3/2/1/0 by row.

    ``teams`` (optional) makes ``team_points`` list every team, not only those with tips.
    """
    by_id: Mapping[int, PlaceFacts] = {p.place_id: p for p in places}
    stacks: dict[int, list[Tip]] = {p.place_id: [] for p in places}
    for tip in sorted(tips, key=lambda t: t.order):
        if tip.place_id not in by_id:
            raise ValueError(f"tip on place {tip.place_id}, which is not laid out")
        stacks[tip.place_id].append(tip)

    team_points: dict[int, int] = defaultdict(int)
    for team in range(teams or 0):
        team_points[team] = 0
    scored: dict[int, list[ScoredTip]] = {}
    for place_id, stack in stacks.items():
        scored[place_id] = []
        row = 0
        for placed_row, tip in enumerate(stack, start=1):
            correct = is_correct(tip.tip, by_id[place_id], places)
            if correct:
                row += 1
            points = points_for_row(row) if correct else 0
            scored[place_id].append(
                ScoredTip(tip, correct, placed_row, row if correct else None, points)
            )
            team_points[tip.team] += points
    return RoundResult(stacks=scored, team_points=dict(sorted(team_points.items())))
