"""Game machinery shared by every edition: creating games, teams and devices, locking, totals.

Edition-specific moves (a Germany tip, a world guess) live in their own modules and call
``locked_game`` so that every change runs under the game row's lock and bumps its version.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone

from cards.models import Deck, Edition
from cards.roles import can_run_games
from play.models import Game, Mode, Status, Team, new_token
from play.rules_common import RoundClosed, RuleViolation

# Team counts per edition (the rules modules check them again).
TEAM_LIMITS = {Edition.GERMANY: (2, 4), Edition.WORLD: (2, 6)}
TEAM_NAME_MAX = 40


def can_manage(user: Any, game: Game) -> bool:
    """The teacher who created the game, or an admin, runs it."""
    if not can_run_games(user):
        return False
    return bool(user.is_superuser or game.created_by_id == user.pk)


@contextmanager
def locked_game(game_id: int, *, allow_finished: bool = False) -> Iterator[Game]:
    """Run a change under the game row's lock (PostgreSQL row lock; SQLite takes the write lock
    up front because the connection uses IMMEDIATE transactions)."""
    with transaction.atomic():
        try:
            game = Game.objects.select_for_update().get(pk=game_id)
        except Game.DoesNotExist:
            raise RuleViolation("unknown_game", "There is no such game.") from None
        if game.is_finished and not allow_finished:
            raise RoundClosed("game_finished", "This game has ended.")
        yield game
        if not getattr(game, "unchanged", False):
            game.bump()


def clean_team_names(edition: str, names: Sequence[Any]) -> list[str]:
    low, high = TEAM_LIMITS[Edition(edition)]
    if not isinstance(names, list | tuple) or not low <= len(names) <= high:
        raise RuleViolation("team_count", f"A game has {low} to {high} teams.")
    cleaned = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("team_name", "Every team needs a name.")
        if len(name.strip()) > TEAM_NAME_MAX:
            raise RuleViolation("team_name", f"Team names have at most {TEAM_NAME_MAX} characters.")
        cleaned.append(name.strip())
    if len({n.casefold() for n in cleaned}) != len(cleaned):
        raise RuleViolation("team_name", "Two teams cannot have the same name.")
    return cleaned


def create_game(
    *,
    user: Any,
    edition: str,
    deck: Deck,
    team_names: Sequence[Any],
    starting_team: int = 0,
    mode: str = Mode.PROJECTOR,
    face_down: bool = False,
    draw: str = "random",
    options: dict | None = None,
    language: str | None = None,
) -> Game:
    """Create a game and its teams; raises ``RuleViolation`` for bad settings."""
    if edition not in Edition.values:
        raise RuleViolation("unknown_edition", f"Unknown edition {edition!r}.")
    if deck.edition != edition:
        raise RuleViolation("deck_edition", f"Deck {deck.slug!r} is not a {edition} deck.")
    names = clean_team_names(edition, team_names)
    if not isinstance(starting_team, int) or not 0 <= starting_team < len(names):
        raise RuleViolation("unknown_team", "The starting team must be one of the teams.")
    if face_down and len(names) < 3:
        raise RuleViolation("face_down_teams", "Face-down tips are a variant for 3 or 4 teams.")
    if mode not in Mode.values:
        raise RuleViolation("unknown_mode", f"Unknown mode {mode!r}.")
    if draw not in ("random", "picked"):
        raise RuleViolation("unknown_draw", f"Unknown draw {draw!r}.")
    if edition == Edition.WORLD:
        from play.world import clean_options  # world imports this module

        options = clean_options(len(names), options)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                game = Game.objects.create(
                    edition=edition,
                    deck=deck,
                    mode=mode,
                    starting_team=starting_team,
                    face_down=bool(face_down),
                    draw=draw,
                    options=options or {},
                    language=language or deck.language,
                    created_by=user,
                )
                Team.objects.bulk_create(
                    Team(game=game, index=i, name=name) for i, name in enumerate(names)
                )
                return game
        except IntegrityError:  # a join code or token collided; draw new ones
            continue
    raise RuntimeError("could not find a free join code")


def set_mode(game: Game, mode: str) -> Game:
    if mode not in Mode.values:
        raise RuleViolation("unknown_mode", f"Unknown mode {mode!r}.")
    with locked_game(game.pk) as locked:
        locked.mode = mode
        locked.save(update_fields=["mode"])
    return locked


def join_team(game: Game, team: Team) -> str:
    """Claim a team for a device; returns the token for its cookie.

    A team holds one device at a time: a second device is refused until the teacher kicks the
    first (a device that only reloaded still has its cookie and never comes here).
    """
    with locked_game(game.pk) as locked:
        team = Team.objects.select_for_update().get(pk=team.pk, game=locked)
        if locked.mode == Mode.PROJECTOR:
            raise RoundClosed("projector_only", "This game is played on the projector only.")
        if team.device_joined:
            raise RoundClosed("team_taken", "Another device already plays for this team.")
        team.device_joined = True
        team.save(update_fields=["device_joined"])
    return team.token


def kick_device(game: Game, team: Team) -> None:
    """Forget a team's device: its cookie stops working and the team can join again."""
    with locked_game(game.pk, allow_finished=True) as locked:
        Team.objects.filter(pk=team.pk, game=locked).update(token=new_token(), device_joined=False)


def end_game(game: Game) -> Game:
    with locked_game(game.pk) as locked:
        locked.status = Status.FINISHED
        locked.finished_at = timezone.now()
        locked.save(update_fields=["status", "finished_at"])
    return locked


def team_for_token(game: Game, token: str | None) -> Team | None:
    if not token:
        return None
    return Team.objects.filter(game=game, token=token).first()


def totals(game: Game) -> dict[int, int]:
    """Points so far per team index (revealed rounds only)."""
    result = {t.index: 0 for t in game.teams.all()}
    rows = (
        game.teams.filter(tips__round__revealed=True)
        .values_list("index")
        .annotate(points=Sum("tips__points"))
    )
    for index, points in rows:
        result[index] = points or 0
    return result


def cookie_name(game: Game) -> str:
    return f"spoton_team_{game.code}"
