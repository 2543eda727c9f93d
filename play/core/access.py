"""Who may do what in a game: the teacher running it, a seat's device (its token), and the abuse
limits for the parts of play that need no account (join codes, team ids, polls).

A join code is short enough to read off a projector, so guessing must be slow. A whole school
reaches the server from one address, so the limit cannot be the address alone: every look-up of
a code that does not exist counts against the **device** (a random id in a signed cookie, set
on its first visit to a code route) and against its **address** (``config.client``:
``TRUSTED_PROXIES``, IPv6 by /64). A device that misses ``PLAY_CODE_MISSES_ALLOWED`` times in
``PLAY_CODE_MISS_WINDOW`` is refused every code look-up for the rest of the window; its
neighbours go on. An address is refused only past ``PLAY_CODE_MISSES_PER_ADDRESS`` in the
window or ``PLAY_CODE_MISSES_PER_ADDRESS_DAY`` in a day, which stops a guesser that drops its
cookie (the README works the numbers out from the code space). A right code never counts, and
a teacher is never refused the games they run. The counters live in Django's cache
(``config.counters``).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from cards.roles import can_run_games
from config import client as config_client
from config.counters import count, peek
from play.core.errors import TooFast, TurnConflict
from play.models import Game, Status, Team

HOST_COOKIE_SALT = "play.fastpoll.projector"  # kept: changing it would log every projector out

MAX_DATABASE_ID = 2**63 - 1


def parse_id(value: object) -> int | None:
    """A database id from a form or URL, or None: never a number the database cannot hold."""
    text = str(value or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 19:
        return None
    number = int(text)
    return number if 0 < number <= MAX_DATABASE_ID else None


def parse_index(value: object, limit: int = 99) -> int | None:
    """A seat's index (0, 1, …) from a form, or None: ASCII digits only (``"²".isdigit()`` is
    true, but ``int("²")`` fails)."""
    text = str(value or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        return None
    number = int(text)
    return number if number <= limit else None


class TooManyGuesses(Exception):
    """This client tried too many unknown codes: every code look-up is refused for a while.
    ``by`` says whose count is full: ``"device"`` or ``"network"`` (the address)."""

    def __init__(self, by: str) -> None:
        super().__init__(by)
        self.by = by


def client_address(request: HttpRequest) -> str:
    """The client as the deployment defines it (``TRUSTED_PROXIES``; an IPv6 /64)."""
    return config_client.client_address(request)


DEVICE_COOKIE = "spoton_device"
DEVICE_COOKIE_SALT = "play.device"
DEVICE_COOKIE_AGE = 60 * 60 * 24 * 365
DAY = 60 * 60 * 24


def device_id(request: HttpRequest) -> str:
    """The device's own id from its signed cookie; a new one (to be set on the answer by
    ``remember_device``) when it has none or a forged one."""
    known = getattr(request, "_spoton_device", None)
    if known is None:
        known = request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_COOKIE_SALT)
        if not known:
            known = secrets.token_urlsafe(16)
            request._spoton_new_device = True
        request._spoton_device = known
    return known


def signed_device(cookie: str) -> str:
    """The device id in a device cookie's value, or "" for a forged or broken one (as
    ``request.get_signed_cookie`` reads it, for a caller without a request)."""
    request = HttpRequest()  # Django's own reading of a signed cookie, salt and all
    request.COOKIES = {DEVICE_COOKIE: cookie}
    return request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_COOKIE_SALT)


def remember_device(request: HttpRequest, response: HttpResponse) -> None:
    """Give a device its id's cookie when this request made one up."""
    if getattr(request, "_spoton_new_device", False):
        response.set_signed_cookie(
            DEVICE_COOKIE,
            request._spoton_device,
            salt=DEVICE_COOKIE_SALT,
            max_age=DEVICE_COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )


def _limits(request: HttpRequest) -> list[tuple[str, str, int, int]]:
    """Each counter of a code miss: whose it is, its key, its limit, its window."""
    address = client_address(request)
    window = settings.PLAY_CODE_MISS_WINDOW
    device = f"play:code-misses:device:{device_id(request)}"
    return [
        ("device", device, settings.PLAY_CODE_MISSES_ALLOWED, window),
        ("network", f"play:code-misses:{address}", settings.PLAY_CODE_MISSES_PER_ADDRESS, window),
        (
            "network",
            f"play:code-misses-day:{address}",
            settings.PLAY_CODE_MISSES_PER_ADDRESS_DAY,
            DAY,
        ),
    ]


def code_lookups_blocked(request: HttpRequest) -> str | None:
    """Whose count of wrong codes is full (``"device"``, ``"network"``), or None."""
    for by, key, limit, _window in _limits(request):
        if peek(key) >= limit:
            return by
    return None


def count_code_miss(request: HttpRequest) -> None:
    for _by, key, _limit, window in _limits(request):
        count(key, window)


def check_code_lookups(request: HttpRequest) -> None:
    if by := code_lookups_blocked(request):
        raise TooManyGuesses(by)


def game_by_code(request: HttpRequest, code: str, queryset: QuerySet | None = None) -> Game:
    """The game with this join code, for every route that takes one: refused while the client
    is blocked (but never to the teacher who runs it), and an unknown code counts against the
    client."""
    queryset = Game.objects.all() if queryset is None else queryset
    game = queryset.filter(code=str(code).upper()[:16]).first()
    if game is not None and can_manage(request.user, game):
        return game
    check_code_lookups(request)
    if game is None:
        count_code_miss(request)
        raise Http404("There is no game with that code.")
    return game


MOVE_WINDOW = 60


def check_move_rate(game_id: int, seat: int | None) -> None:
    """At most ``PLAY_MOVES_PER_MINUTE`` moves per minute from one seat (``None``: the
    teacher); more are refused (429) until the minute is over."""
    who = "t" if seat is None else str(seat)
    if count(f"play:moves:{game_id}:{who}", MOVE_WINDOW) > settings.PLAY_MOVES_PER_MINUTE:
        raise TooFast("too_fast", "Too many moves in a short time. Wait a moment.")


def check_new_game(user: Any) -> None:
    """A teacher starts at most ``PLAY_GAMES_PER_HOUR`` games an hour (counted when started, so
    deleting games does not reset it) and has at most ``PLAY_OPEN_GAMES`` running."""
    # Homework attempts are the pupils', limited by their assignments: not counted here.
    running = Game.objects.filter(
        created_by=user, status=Status.ACTIVE, archived=False, solo=False
    ).count()
    if running >= settings.PLAY_OPEN_GAMES:
        error = TurnConflict(
            "too_many_open_games",
            f"You have {running} games running. End or delete some before starting another.",
        )
        error.params = {"count": running}
        raise error
    hourly = settings.PLAY_GAMES_PER_HOUR
    if count(f"play:new-games:{user.pk}", 3600) > hourly:
        error = TooFast(
            "too_many_games",
            f"You have started {hourly} games in the last hour. Wait a while before starting more.",
        )
        error.params = {"count": hourly}
        raise error


IDEMPOTENCY_HEADER = "HTTP_IDEMPOTENCY_KEY"


def idempotency_key(request: HttpRequest) -> str | None:
    """The client's key for one move: the ``Idempotency-Key`` header (the screens send one per
    button press, the API's clients per request)."""
    return request.META.get(IDEMPOTENCY_HEADER) or None


def can_manage(user: Any, game: Game) -> bool:
    """The teacher who created the game, or an admin, runs it."""
    if not can_run_games(user):
        return False
    return bool(user.is_superuser or game.created_by_id == user.pk)


def team_cookie_name(code: str) -> str:
    return f"spoton_team_{code.upper()}"


def cookie_name(game: Game) -> str:
    return team_cookie_name(game.code)


def team_for_token(game: Game, token: str | None) -> Team | None:
    """The people's seat holding ``token``: a computer seat's token opens nothing."""
    if not token:
        return None
    return Team.objects.filter(game=game, token=token, is_bot=False).first()


def host_cookie_name(code: str) -> str:
    return f"spoton_host_{code.upper()}"


def host_cookie_value(code: str) -> str:
    """What the projector page hands its teacher for one game: it lets the projector's polls be
    told "unchanged" before Django (``fastpoll``), and nothing more (a changed game still goes
    through the teacher's session). Keyed on the code and the server's secret; no row to store."""
    return salted_hmac(HOST_COOKIE_SALT, code.upper(), algorithm="sha256").hexdigest()
