"""Unchanged polls, answered before Django's routing and middleware.

Every screen of a game (projector and team devices) asks once a second whether anything
changed, and nearly every answer is "no" (204). Those answers cost one indexed look-up of
``Game.version``; the rest of the request cycle would cost several times that and dominate the
server's load in a busy school. So this WSGI wrapper answers them itself and hands everything
else — a changed version, an unknown game, every other URL — to Django untouched: the views stay
the one place that renders a game. A device proves itself with its team token; a projector with
the signed cookie its teacher's page set for that one game (``host_cookie_value``); a pupil's
homework screen with its device cookie, which must hold an attempt at that assignment.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

from django.utils.crypto import constant_time_compare

from play.core.access import (
    DEVICE_COOKIE,
    host_cookie_name,
    host_cookie_value,
    signed_device,
    team_cookie_name,
)
from play.core.engine import is_digits
from play.core.reads import game_version, homework_version

DEVICE_POLL = re.compile(r"^/play/([A-Za-z0-9]{3,16})/state/$")
PROJECTOR_POLL = re.compile(r"^/play/host/([A-Za-z0-9]{3,16})/state/$")
HOMEWORK_POLL = re.compile(r"^/play/homework/([A-Za-z0-9]{3,16})/state/$")


def _cookie(environ: dict, name: str) -> str:
    cookies = SimpleCookie()
    try:
        cookies.load(environ.get("HTTP_COOKIE", ""))
    except CookieError:
        return ""
    morsel = cookies.get(name)
    return morsel.value if morsel else ""


def team_token(environ: dict, code: str) -> str:
    return environ.get("HTTP_X_TEAM_TOKEN", "") or _cookie(environ, team_cookie_name(code))


class UnchangedPollShortcut:
    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            path = environ.get("PATH_INFO", "")
            seen = parse_qs(environ.get("QUERY_STRING", "")).get("v", [""])[0]
            if seen == "0":  # a page's first load: no game is at version 0, nothing to ask
                return self.app(environ, start_response)
            version = None
            try:
                if is_digits(seen) and (match := DEVICE_POLL.match(path)):
                    token = team_token(environ, match.group(1))
                    version = game_version(match.group(1), token) if token else None
                elif is_digits(seen) and (match := PROJECTOR_POLL.match(path)):
                    token = _cookie(environ, host_cookie_name(match.group(1)))
                    known = token and constant_time_compare(
                        token, host_cookie_value(match.group(1))
                    )
                    version = game_version(match.group(1), None) if known else None
                elif is_digits(seen) and (match := HOMEWORK_POLL.match(path)):
                    # 300 pupils at home poll once a second each: measured, the view's unchanged
                    # answer cost 13 ms (two reads of a 190 KB state among them) where this
                    # costs one query (bench/play_load.py --homework).
                    device = signed_device(_cookie(environ, DEVICE_COOKIE))
                    version = homework_version(match.group(1), device) if device else None
            except Exception:  # Django answers (and reports) whatever went wrong here
                version = None
            if version is not None and int(seen) == version:
                start_response("204 No Content", [("Cache-Control", "no-store")])
                return []
        return self.app(environ, start_response)
