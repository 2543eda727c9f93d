"""The rules of Spot On: The World as plain data and functions (no Django).

Conventions:
- Teams are 0..teams-1 in clockwise order; ``youngest`` is the team that starts round 1.
- A pawn's position is ``None`` in the start area, ``ARROW`` (0) on the arrow space,
  1..``track.length`` on the track and ``track.length + k`` on final space k
  (k = 1..``track.final_spaces``). Higher is further ahead. Positions are passed as a list
  indexed by team.

A round: ``play_order`` gives the round's order (computed once at the start of the round and
used for choosing, exchanging and evaluating); ``Choosing`` and ``Exchanging`` walk through the
first two phases; ``Guess`` validates a guess; ``evaluate_team`` (or ``evaluate_round``) turns
guesses into pawn moves and kept cards; ``game_over`` then ``colour_bonus`` end the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from play.core.errors import RoundClosed, RuleViolation
from play.core.ranking import final_ranking, winners
from play.editions.world.guess import (
    BOARDS,
    COLUMNS,
    LETTERS,
    ROWS,
    Guess,
    matching_solution,
    stone_results,
)

__all__ = [
    "ARROW",
    "BOARDS",
    "COLUMNS",
    "FINAL_SPACES",
    "KEEP_THRESHOLD",
    "LETTERS",
    "MAX_EXCHANGES",
    "MAX_TEAMS",
    "MIN_TEAMS",
    "ROWS",
    "BonusMove",
    "CardColour",
    "CardFacts",
    "Choosing",
    "Evaluation",
    "Exchanging",
    "Guess",
    "GuessResult",
    "Position",
    "Track",
    "check_team_count",
    "colour_bonus",
    "end_position",
    "evaluate_round",
    "evaluate_team",
    "game_over",
    "judge_guess",
    "keeps_card",
    "kept_counts",
    "move_pawn",
    "play_order",
    "ranking",
    "world_winners",
]

MIN_TEAMS = 2
MAX_TEAMS = 6
MAX_EXCHANGES = 2
ARROW = 0
# Dark-blue final spaces after the track, numbered 1..FINAL_SPACES as printed. Six, so that the
# longer variant's end space (numbered with the number of teams, at most 6) exists. A pawn is
# never stopped there: the final spaces go on as far as any pawn needs (7, 8, …), so no step, and
# no colour bonus, is ever lost at the end of the board.
FINAL_SPACES = 6
BONUS_MOST = 5
BONUS_TIED = 2

Position = int | None


class CardColour(StrEnum):
    YELLOW = "yellow"
    ORANGE = "orange"
    GREEN = "green"


# Correct stones needed to keep a card (and only when no stone was wrong).
KEEP_THRESHOLD = {CardColour.YELLOW: 4, CardColour.ORANGE: 3, CardColour.GREEN: 2}
BONUS_COLOURS = (CardColour.YELLOW, CardColour.ORANGE, CardColour.GREEN)


@dataclass(frozen=True)
class Track:
    length: int = 40
    final_spaces: int = FINAL_SPACES

    @property
    def last(self) -> int:
        """The last printed final space (pawns may go beyond it)."""
        return self.length + self.final_spaces


def check_team_count(teams: int) -> None:
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise RuleViolation("team_count", f"A world game has {MIN_TEAMS} to {MAX_TEAMS} teams.")


# --- order ------------------------------------------------------------------------------------


def play_order(positions: Sequence[Position], youngest: int) -> list[int]:
    """Furthest behind first; pawns in the start area before all others, among themselves
    clockwise from the youngest team.

    In round 1 every pawn is in the start area, so this is "clockwise from the youngest" there,
    as the rules say. Pawns never share a track space (occupied spaces are skipped), so the
    clockwise tie-break only matters in the start area.
    """
    teams = len(positions)
    seat = {(youngest + i) % teams: i for i in range(teams)}
    return sorted(range(teams), key=lambda t: (_rank_value(positions[t]), seat[t]))


def _rank_value(position: Position) -> int:
    return -1 if position is None else position


# --- choosing and exchanging ------------------------------------------------------------------


@dataclass
class Choosing:
    """Teams take one laid-out card each, in ``order``; the last team gets the card left."""

    order: list[int]
    cards: list[int]
    chosen: dict[int, int] = field(default_factory=dict)  # team -> card id

    def __post_init__(self) -> None:
        if len(self.cards) != len(self.order) or len(set(self.cards)) != len(self.cards):
            raise RuleViolation("card_count", "Lay out one distinct card per team.")

    def remaining_cards(self) -> list[int]:
        return [c for c in self.cards if c not in self.chosen.values()]

    def is_complete(self) -> bool:
        return len(self.chosen) == len(self.order)

    def next_team(self) -> int | None:
        return next((t for t in self.order if t not in self.chosen), None)

    def check_choice(self, team: int, card: int) -> None:
        if team not in self.order:
            raise RuleViolation("unknown_team", "That team does not play in this game.")
        if self.is_complete():
            raise RoundClosed("choosing_complete", "Every team has its card.")
        # Whose turn it is the core checks (``moves.TURN``), before the move.
        if card not in self.remaining_cards():
            raise RuleViolation("card_not_available", "That card is not laid out or is taken.")

    def choose(self, team: int, card: int) -> dict[int, int]:
        """Record a choice; returns the assignments made, including the leader's last card."""
        self.check_choice(team, card)
        self.chosen[team] = card
        made = {team: card}
        if len(self.remaining_cards()) == 1:
            last_team, last_card = self.next_team(), self.remaining_cards()[0]
            self.chosen[last_team] = last_card
            made[last_team] = last_card
        return made


@dataclass
class Exchanging:
    """Each team, in ``order``, exchanges its card (spending a token) or passes.

    ``used`` holds how many exchanges each team made earlier in the game (team -> count).
    """

    order: list[int]
    used: Mapping[int, int] = field(default_factory=dict)
    decisions: dict[int, bool] = field(default_factory=dict)  # team -> exchanged?

    def tokens_left(self, team: int) -> int:
        return MAX_EXCHANGES - self.used.get(team, 0) - int(self.decisions.get(team, False))

    def is_complete(self) -> bool:
        return len(self.decisions) == len(self.order)

    def next_team(self) -> int | None:
        return next((t for t in self.order if t not in self.decisions), None)

    def check(self, team: int, exchange: bool) -> None:
        if team not in self.order:
            raise RuleViolation("unknown_team", "That team does not play in this game.")
        if self.is_complete():
            raise RoundClosed("exchange_complete", "Every team has decided on exchanging.")
        # Whose turn it is the core checks (``moves.TURN``), before the move.
        if exchange and self.tokens_left(team) <= 0:
            raise RuleViolation(
                "no_exchange_tokens", f"A team can exchange at most {MAX_EXCHANGES} times a game."
            )

    def decide(self, team: int, exchange: bool) -> None:
        self.check(team, exchange)
        self.decisions[team] = exchange


# --- evaluation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardFacts:
    """The solution side of a place card."""

    card_id: int
    colour: CardColour
    solutions: tuple[str, ...]  # e.g. ("EU-O-M-C", "EU-O-M-D")


@dataclass(frozen=True)
class GuessResult:
    correct: bool  # every placed stone right (for some listed solution)
    stones: int
    steps: int  # spaces to move before skipping: stones if correct, else 0
    kept: bool
    solution: str | None  # the matched solution, if any
    stone_results: tuple[bool, ...]  # per stone, for display only


@dataclass(frozen=True)
class Evaluation:
    team: int
    card_id: int
    guess: Guess | None
    result: GuessResult
    start: Position
    end: Position


def keeps_card(colour: CardColour | str, correct_stones: int, any_wrong: bool) -> bool:
    """Yellow needs 4 correct stones, orange 3, green 2, and no stone may be wrong."""
    return not any_wrong and correct_stones >= KEEP_THRESHOLD[CardColour(colour)]


def judge_guess(guess: Guess | None, card: CardFacts) -> GuessResult:
    """All or nothing: a guess counts if it matches a prefix of any listed solution.

    ``None`` (a team that placed no stones) is judged as wrong: no move, card not kept.
    """
    if guess is None:
        return GuessResult(False, 0, 0, False, None, ())
    solution = matching_solution(guess, card.solutions)
    correct = solution is not None
    return GuessResult(
        correct=correct,
        stones=guess.stones,
        steps=guess.stones if correct else 0,
        kept=keeps_card(card.colour, guess.stones, any_wrong=not correct),
        solution=solution,
        stone_results=stone_results(guess, card.solutions),
    )


def move_pawn(positions: Sequence[Position], team: int, steps: int, track: Track) -> Position:
    """Where ``team``'s pawn ends after ``steps`` steps.

    Each step goes to the next space not occupied by another pawn (occupied spaces are
    skipped, not counted); the first step from the start area goes to the arrow space. Steps
    are never lost: past the last printed final space the final spaces go on (``track`` only
    names the board).
    """
    position = positions[team]
    occupied = {p for t, p in enumerate(positions) if t != team and p is not None}
    for _ in range(steps):
        step = ARROW if position is None else position + 1
        while step in occupied:
            step += 1
        position = step
    return position


def evaluate_team(
    positions: list[Position], team: int, guess: Guess | None, card: CardFacts, track: Track
) -> Evaluation:
    """Judge one team's guess and move its pawn in ``positions`` (updated in place)."""
    result = judge_guess(guess, card)
    start = positions[team]
    positions[team] = move_pawn(positions, team, result.steps, track)
    return Evaluation(team, card.card_id, guess, result, start, positions[team])


def evaluate_round(
    positions: Sequence[Position],
    order: Sequence[int],
    guesses: Mapping[int, Guess | None],
    cards: Mapping[int, CardFacts],
    track: Track,
) -> tuple[list[Evaluation], list[Position]]:
    """Evaluate every team in ``order`` (the round's order); returns evaluations and the new
    positions. Teams missing from ``guesses`` placed no stones."""
    now = list(positions)
    evaluations = [evaluate_team(now, t, guesses.get(t), cards[t], track) for t in order]
    return evaluations, now


# --- end of the game --------------------------------------------------------------------------


def end_position(track: Track, teams: int, longer_variant: bool = False) -> int:
    """The first position that ends the game (after the current round is finished).

    Normal game: the first dark-blue final space. Longer variant (3+ teams): the rules say "a
    pawn reaches or passes the track space numbered with the number of players". We read the
    final spaces as numbered 1, 2, 3, … after the track, so the variant ends on final space
    number ``teams`` (a literal track space 3 would make the game shorter, not longer).
    """
    if not longer_variant:
        return track.length + 1
    if teams < 3:
        raise RuleViolation("variant_needs_three", "The longer game needs 3 or more teams.")
    if teams > track.final_spaces:
        raise ValueError("the track has fewer final spaces than teams")
    return track.length + teams


def game_over(positions: Sequence[Position], track: Track, longer_variant: bool = False) -> bool:
    """Whether the game ends once the current round is finished."""
    goal = end_position(track, len(positions), longer_variant)
    return any(p is not None and p >= goal for p in positions)


@dataclass(frozen=True)
class BonusMove:
    colour: CardColour
    team: int
    steps: int
    start: Position
    end: Position


def colour_bonus(
    positions: Sequence[Position],
    kept: Sequence[Mapping[str, int]],
    track: Track,
    youngest: int = 0,
) -> tuple[list[BonusMove], list[Position]]:
    """Move pawns for the colour bonus; returns the moves and the final positions.

    ``kept[team]`` maps colour (``CardColour`` or its value) to the number of cards kept. For
    yellow, then orange, then green: the single team with the most cards of that colour moves
    5 spaces; if several tie for the most, each moves 2, furthest behind first. Nobody gets a
    bonus for a colour nobody kept.
    """
    now = list(positions)
    moves: list[BonusMove] = []
    for colour in BONUS_COLOURS:
        counts = [_count(k, colour) for k in kept]
        best = max(counts, default=0)
        if best == 0:
            continue
        leaders = [t for t, c in enumerate(counts) if c == best]
        steps = BONUS_MOST if len(leaders) == 1 else BONUS_TIED
        for team in play_order(now, youngest):
            if team in leaders:
                start = now[team]
                now[team] = move_pawn(now, team, steps, track)
                moves.append(BonusMove(colour, team, steps, start, now[team]))
    return moves, now


def _count(kept: Mapping[str, int], colour: CardColour) -> int:
    return sum(n for key, n in kept.items() if CardColour(key) == colour)


def ranking(positions: Sequence[Position]) -> list[tuple[int, int, Position]]:
    """``(rank, team, position)`` best first; only pawns still in the start area can tie."""
    return final_ranking(positions, key=_rank_value)


def world_winners(positions: Sequence[Position]) -> list[int]:
    """Whoever is furthest ahead (after the bonus) wins."""
    return winners(positions, key=_rank_value)


def kept_counts(colours: Iterable[CardColour | str]) -> dict[CardColour, int]:
    """Turn the colours of a team's kept cards into counts for ``colour_bonus``."""
    counts = dict.fromkeys(CardColour, 0)
    for colour in colours:
        counts[CardColour(colour)] += 1
    return counts
