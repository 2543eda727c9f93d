"""Unchanged polls, answered before Django's routing and middleware.

Every screen of a game (projector and team devices) asks once a second whether anything
changed, and nearly every answer is "no" (204). Those answers cost one indexed look-up of
``Game.version``; the rest of the request cycle would cost several times that and dominate the
server's load in a busy school. So this WSGI wrapper answers them itself and hands everything
else — a changed version, an unknown game, every other URL — to Django untouched: the views stay
the one place that renders a game. A device proves itself with its team token; a projector with
the signed cookie its teacher's page set for that one game (``host_cookie_value``).
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

DEVICE_POLL = re.compile(r"^/play/([A-Za-z0-9]{3,16})/state/$")
PROJECTOR_POLL = re.compile(r"^/play/host/([A-Za-z0-9]{3,16})/state/$")
HOST_COOKIE_SALT = "play.fastpoll.projector"


def team_cookie_name(code: str) -> str:
    return f"spoton_team_{code.upper()}"


def host_cookie_name(code: str) -> str:
    return f"spoton_host_{code.upper()}"


def host_cookie_value(code: str) -> str:
    """What the projector page hands its teacher for one game: it lets the projector's polls be
    told "unchanged" here, and nothing more (a changed game still goes through the teacher's
    session in Django). Keyed on the code and the server's secret; no row to store."""
    from django.utils.crypto import salted_hmac

    return salted_hmac(HOST_COOKIE_SALT, code.upper(), algorithm="sha256").hexdigest()


def projector_version(code: str, token: str) -> int | None:
    from django.utils.crypto import constant_time_compare

    if not constant_time_compare(token, host_cookie_value(code)):
        return None
    return _version(code, None)


@functools.cache
def _version_sql(with_team: bool) -> str:
    # Written out once rather than built by the ORM per poll: compiling the query would cost
    # more than running it, on the one request every screen makes several times a minute.
    from django.db import connection

    from play.models import Game, Team

    q = connection.ops.quote_name
    game, team = q(Game._meta.db_table), q(Team._meta.db_table)
    sql = f"SELECT g.{q('version')}, g.{q('bot_due_at')} FROM {game} g"
    if with_team:
        sql += f" JOIN {team} t ON t.{q('game_id')} = g.{q('id')} AND t.{q('token')} = %s"
    return sql + f" WHERE g.{q('code')} = %s"


def _version(code: str, team_token: str | None) -> int | None:
    from django.db import connection

    params = [code.upper()] if team_token is None else [team_token, code.upper()]
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(team_token is not None), params)
        row = cursor.fetchone()
    if row is None or (row[1] is not None and row[1] <= time.time()):
        return None
    return row[0]


def current_version(code: str, token: str) -> int | None:
    """The game's version for a device holding one of its team tokens, or None when Django
    must answer (unknown game or token, a computer move due). Checking the token here keeps
    the answer from telling a code guesser which codes exist."""
    return _version(code, token)


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
            version = None
            try:
                if seen.isdigit() and (match := DEVICE_POLL.match(path)):
                    token = team_token(environ, match.group(1))
                    version = current_version(match.group(1), token) if token else None
                elif seen.isdigit() and (match := PROJECTOR_POLL.match(path)):
                    token = _cookie(environ, host_cookie_name(match.group(1)))
                    version = projector_version(match.group(1), token) if token else None
            except Exception:  # Django answers (and reports) whatever went wrong here
                version = None
            if version is not None and int(seen) == version:
                start_response("204 No Content", [("Cache-Control", "no-store")])
                return []
        return self.app(environ, start_response)
