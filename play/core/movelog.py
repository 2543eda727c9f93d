"""The move log as its readers get it (the teacher, and everyone once a game is over)."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from play.core.store import edition_of
from play.models import Game


def log_rows(game: Game) -> list[dict[str, Any]]:
    """The move log. While the game runs, the arguments of the edition's ``secret_moves`` (an
    open guess, a face-down tip) are left out, as every view leaves them out: the teacher's
    screen is usually projected."""
    hidden = edition_of(game).secret_moves if not game.is_finished else frozenset()
    rows = []
    for m in game.moves.order_by("number"):
        secret = m.name in hidden and not m.by_teacher
        rows.append(
            {
                "number": m.number,
                "seat": m.seat,
                "move": m.name,
                "args": {} if secret else m.args,
                "hidden": secret,
                "at": m.at.astimezone(UTC).isoformat(),
                "by_teacher": m.by_teacher,
                "by_bot": m.by_bot,
                "undone": m.undone,
            }
        )
    return rows
