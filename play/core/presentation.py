"""What the shells show besides an edition's view: game URLs, the join QR code, refusals in the
screen's language."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

import segno
from django.conf import settings
from django.core.cache import cache
from django.urls import get_script_prefix, reverse
from django.utils.translation import gettext_lazy as _


def game_url(name: str, code: str) -> str:
    """``reverse(name, args=[code])``, remembered: every redraw of a screen names several of its
    game's URLs, and reversing one costs about as much as drawing a card. Play's URLs are the
    same in every language; the script prefix is part of the key."""
    return _game_url(get_script_prefix(), name, code)


def push_url(code: str, *, host: bool) -> str:
    """Where a screen's socket connects (play/shells/socket_urls.py), or "" without push."""
    if not settings.PLAY_PUSH:
        return ""
    return f"{get_script_prefix()}ws/play/{'host/' if host else ''}{code}/"


@lru_cache(maxsize=8192)
def _game_url(prefix: str, name: str, code: str) -> str:
    return reverse(name, args=[code])


@lru_cache(maxsize=4096)
def qr_svg(url: str) -> str:
    # Kept for more games than a server runs at once (some 1.5 KB each): with fewer, a socket
    # server drawing 600 projectors in turn found none kept and asked Redis for every redraw.
    # Also in the shared cache: every server process draws the join panel of every new game,
    # and encoding a QR code costs more than the rest of the projector's stage. Drawn with a
    # viewBox and no fixed size, so each panel scales it to its room.
    key = "play.qr.v2." + hashlib.sha256(url.encode()).hexdigest()
    return cache.get_or_set(
        key,
        lambda: segno.make(url, error="m").svg_inline(
            scale=6, border=2, dark="#1d2330", omitsize=True
        ),
    )


# What a person reads for the refusals of the core itself; an edition's own sentences are in its
# ``Edition.messages`` (the API keeps the rules' English messages).
ERROR_TEXT = {
    "not_your_turn": _("It is not this team’s turn."),
    "devices_only": _("Every team plays this game on a device of its own."),
    "game_finished": _("This game has ended."),
    "game_over": _("This game has ended."),
    "team_count": _("This game is for %(low)s to %(high)s teams."),
    "player_count": _("This game is for %(low)s to %(high)s players."),
    "team_name": _("Every team needs its own name."),
    # A code's refusals that differ in their reason (``params["reason"]``).
    ("team_name", "character"): _(
        "Team names cannot contain invisible or control characters (%(code)s)."
    ),
    ("team_name", "twin"): _("Two teams cannot have names that look the same: %(name)s."),
    "unknown_team": _("That team does not play in this game."),
    "unknown_seat": _("That team does not play in this game."),
    "nothing_to_undo": _("There is no move to take back."),
    "teacher_only": _("Only the teacher may do that."),
    "too_fast": _("Too many moves in a short time. Wait a moment."),
    "too_many_open_games": _(
        "You have %(count)s games running. End or delete some before starting another."
    ),
    "too_many_games": _(
        "You have started %(count)s games in the last hour. Wait a while before starting more."
    ),
}


def error_text(error: Any, edition: Any = None) -> str:
    """A translated sentence for a ``RuleViolation``: the edition's own, the core's, or the
    English message as a fallback."""
    own = getattr(edition, "messages", None) or {}
    params = getattr(error, "params", None)
    text = own.get((error.code, error.message)) or own.get(error.code)
    text = text or ERROR_TEXT.get((error.code, (params or {}).get("reason")))
    text = text or ERROR_TEXT.get(error.code)
    if text is None:
        return error.message
    return str(text) % params if params else str(text)
