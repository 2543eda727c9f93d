"""A game's life besides its moves, the same for every edition: devices joining and kicked, the
mode (projector only or devices), and the end.

Game over has one shape, kept by the core in the state (``engine.GAMEOVER``): read it through
``is_over``, ``ended_by_teacher`` and ``result`` here, never through an edition's own fields.

These changes run under the game row's lock (``store.locked_game``) and bump its version; moves
are written by ``store`` only if the version is still the one they were worked out on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.core import engine, registry, store
from play.core.errors import RoundClosed, RuleViolation
from play.core.store import locked_game
from play.models import Game, Mode, Team, new_token


def _state(game_or_state: Game | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(game_or_state, Game):
        return game_or_state.state or {}
    return game_or_state


def is_over(game_or_state: Game | Mapping[str, Any]) -> bool:
    """Whether the game (or a state of it) is over, by its rules or by the teacher. A game the
    expiry ended for idling (``expiry.expire_games``) is over too, its state left as it was."""
    if isinstance(game_or_state, Game) and game_or_state.is_finished:
        return True
    return engine.is_over(_state(game_or_state))


def ended_by_teacher(game_or_state: Game | Mapping[str, Any]) -> bool:
    """Whether the teacher ended it before its rules did (the leaders were ahead, not winners)."""
    return engine.ended_by_teacher(_state(game_or_state))


def result(game: Game) -> dict[str, Any] | None:
    """The game's result from its edition (``winners``, ``ranking``, ``early``, and what else
    the edition adds), or ``None`` while it runs and for a game ended idle (it has none)."""
    return store.result_of(game)


def set_mode(game: Game, mode: str) -> Game:
    if mode not in Mode.values:
        raise RuleViolation("unknown_mode", f"Unknown mode {mode!r}.")
    if mode != Mode.DEVICES and getattr(registry.get(game.edition), "devices_only", False):
        raise RuleViolation("devices_only", "Every team plays this game on a device of its own.")
    with locked_game(game.pk, with_state=False) as locked:
        locked.mode = mode
        locked.save(update_fields=["mode"])
    return locked


def show_table_on_phones(game: Game, on: bool) -> Game:
    """The teacher's switch: every device opens the table (what the projector shows) or leaves
    it folded, as its pupils choose."""
    with locked_game(game.pk, with_state=False) as locked:
        locked.table_on_phones = on
        locked.save(update_fields=["table_on_phones"])
    return locked


def join_team(game: Game, team: Team) -> str:
    """Claim a team for a device; returns the token for its cookie.

    A team holds one device at a time: a second device is refused until the teacher kicks the
    first (a device that only reloaded still has its cookie and never comes here). A computer
    seat holds none: its device would see the computer's private hand and move for it.
    """
    with locked_game(game.pk, with_state=False) as locked:
        team = Team.objects.select_for_update().get(pk=team.pk, game=locked)
        if team.is_bot:
            raise RoundClosed("computer_seat", "The computer plays this seat: choose another.")
        if locked.mode == Mode.PROJECTOR:
            raise RoundClosed("projector_only", "This game is played on the projector only.")
        if team.device_joined:
            raise RoundClosed("team_taken", "Another device already plays for this team.")
        team.device_joined = True
        team.save(update_fields=["device_joined"])
    return team.token


def kick_device(game: Game, team: Team) -> None:
    """Forget a team's device: its cookie stops working and the team can join again."""
    with locked_game(game.pk, allow_finished=True, with_state=False) as locked:
        Team.objects.filter(pk=team.pk, game=locked).update(token=new_token(), device_joined=False)


def end_game(game: Game) -> Game:
    """The teacher's "End game", the core's action for every edition: logged like a move (so
    undo takes it back), after which the edition's result gives the standings as they are."""
    return store.make_move(game, None, engine.END, {}, teacher=True)
