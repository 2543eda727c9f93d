"""Unchanged polls, answered before Django's routing and middleware.

Every screen of a game (projector and team devices) asks once a second whether anything
changed, and nearly every answer is "no" (204). Those answers cost one indexed look-up of
``Game.version``; the rest of the request cycle would cost several times that and dominate the
server's load in a busy school. So this WSGI wrapper answers them itself and hands everything
else — a changed version, an unknown game, every other URL — to Django untouched: the views stay
the one place that renders a game.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

# Devices' polls only: a projector's poll needs its teacher's session, which Django checks (one
# projector per classroom, against dozens of devices).
POLL_PATH = re.compile(r"^/play/([A-Za-z0-9]{3,16})/state/$")


def current_version(code: str, token: str) -> int | None:
    """The game's version for a device holding one of its team tokens, or None when Django
    must answer (unknown game or token, a computer move due). Checking the token here keeps
    the answer from telling a code guesser which codes exist."""
    from play.models import Game

    row = (
        Game.objects.filter(code=code.upper(), teams__token=token)
        .values_list("version", "bot_due_at")
        .first()
    )
    if row is None or (row[1] is not None and row[1] <= time.time()):
        return None
    return row[0]


def team_token(environ: dict, code: str) -> str:
    header = environ.get("HTTP_X_TEAM_TOKEN", "")
    if header:
        return header
    cookies = SimpleCookie()
    try:
        cookies.load(environ.get("HTTP_COOKIE", ""))
    except CookieError:
        return ""
    morsel = cookies.get(f"spoton_team_{code.upper()}")
    return morsel.value if morsel else ""


class UnchangedPollShortcut:
    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            match = POLL_PATH.match(environ.get("PATH_INFO", ""))
            if match:
                seen = parse_qs(environ.get("QUERY_STRING", "")).get("v", [""])[0]
                token = team_token(environ, match.group(1))
                try:
                    unchanged = (
                        bool(token)
                        and seen.isdigit()
                        and int(seen) == current_version(match.group(1), token)
                    )
                except Exception:
                    unchanged = False
                if unchanged:
                    start_response("204 No Content", [("Cache-Control", "no-store")])
                    return []
        return self.app(environ, start_response)
