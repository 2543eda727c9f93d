"""Game machinery shared by every edition: creating games, teams and devices, locking, totals.

Changes other than moves (a device joining or kicked, the mode, the end, an undo) run under the
game row's lock (``locked_game``) and bump its version; moves are written by ``play.games`` only
if the version is still the one they were worked out on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.utils import timezone

from cards.models import Deck
from cards.roles import can_run_games
from play import registry
from play.fastpoll import team_cookie_name
from play.models import Game, Mode, Status, Team, new_token
from play.rules_common import RoundClosed, RuleViolation

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
            # The set-up state is read only to replay the log (undo): not on every move.
            game = Game.objects.select_for_update().defer("initial").get(pk=game_id)
        except Game.DoesNotExist:
            raise RuleViolation("unknown_game", "There is no such game.") from None
        if game.is_finished and not allow_finished:
            raise RoundClosed("game_finished", "This game has ended.")
        yield game
        if not getattr(game, "unchanged", False):
            game.bump()


def create_game(
    *,
    user: Any,
    edition: str,
    deck: Deck,
    team_names: Sequence[Any],
    starting_team: int = 0,
    mode: str = Mode.DEVICES,
    options: dict | None = None,
    language: str | None = None,
    **settings: Any,
) -> Game:
    """The Germany and World way of creating a game (team names, a starting team, settings
    such as ``face_down``), on the engine like every other edition."""
    from play import games  # games imports this module

    return games.create_game(
        user=user,
        edition=edition,
        seat_names=list(team_names),
        deck=deck,
        options={**(options or {}), **settings, "starting_team": starting_team},
        mode=mode,
        language=language or deck.language,
    )


def set_mode(game: Game, mode: str) -> Game:
    if mode not in Mode.values:
        raise RuleViolation("unknown_mode", f"Unknown mode {mode!r}.")
    if mode != Mode.DEVICES and getattr(registry.get(game.edition), "devices_only", False):
        raise RuleViolation("devices_only", "Every team plays this game on a device of its own.")
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


def cookie_name(game: Game) -> str:
    return team_cookie_name(game.code)
