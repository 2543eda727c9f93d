"""The classroom shells of games on the engine: the projector (with the teacher's bar) and a
seat's device. Each renders the edition's fragment (``play/<slug>/_projector.html`` or
``_device.html``) inside the shell's stage; the same stage fragment answers polls and moves.
"""

from __future__ import annotations

import functools
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware import csrf
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.safestring import SafeString, mark_safe

from play.core import access, parts, push, reads, store
from play.core.engine import Screen, Viewer
from play.core.presentation import game_url, push_url, qr_svg
from play.models import STATE_FIELDS, Game, Mode, Team
from play.shells.announce import last_move


def run_due_bots(game: Game) -> Game:
    return store.run_due_bots(game)


class OncePerKey:
    """Values made once per key in this process and kept (the newest ``kept``): a thread
    asking for a key being made waits for the thread making it."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.values: OrderedDict[tuple, Any] = OrderedDict()
        self.making: dict[tuple, threading.Event] = {}
        self.lock = threading.Lock()

    def get(self, key: tuple, make: Callable[[], Any]) -> Any:
        while True:
            with self.lock:
                if key in self.values:
                    self.values.move_to_end(key)
                    return self.values[key]
                making = self.making.get(key)
                if making is None:  # this thread makes it; the others wait for it
                    making = self.making[key] = threading.Event()
                    break
            making.wait(5)
        try:
            value = make()
            self.put(key, value)
        finally:
            with self.lock:
                del self.making[key]
            making.set()
        return value

    def put(self, key: tuple, value: Any) -> None:
        with self.lock:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.kept:
                self.values.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.values.clear()


# Every change to a seat (a device joining, a kick, the mode) runs under the game's lock and
# bumps the version: a game's seats at a version are the same for every screen.
_seats = OncePerKey(4096)


def seats_of(game: Game) -> list[Team]:
    """A game's seats as of its version: each screen's redraw after a change asks the database
    once per server process instead of once per screen."""
    key = (game.pk, game.code, game.version)
    return list(_seats.get(key, lambda: tuple(reads.seats(game.pk))))


# The move log as of a version, the same for every screen of the game: its last move standing
# (the screen reader's sentence) and whether the projector may undo. Read once per version and
# process instead of once per screen (a World change redrew seven screens, each asking).
_logs = OncePerKey(4096)


def log_of(game: Game) -> tuple[tuple[int | None, str] | None, bool]:
    """The game's last move standing and whether a move people made can be undone."""
    key = (game.pk, game.code, game.version)
    return _logs.get(key, lambda: reads.move_log(game.pk))


def seat_data(team: Team) -> dict[str, Any]:
    return {
        "id": team.pk,
        "index": team.index,
        "name": team.name,
        "colour": team.colour,
        "letter": team.letter,
        "shape": team.shape,
        "is_bot": team.is_bot,
        "device_joined": team.device_joined,
    }


def _local_seat_views(game: Game, seats: list[Team], view: dict) -> list[dict]:
    """Seats acting now that play on the projector: no device of their own, not a computer."""
    active = view.get("active_seats") or []
    local = []
    waits_for_devices = game.mode == Mode.DEVICES and store.edition_of(game).secret_seats
    for team in seats:
        on_projector = game.mode == Mode.PROJECTOR or not (team.device_joined or waits_for_devices)
        if team.index in active and on_projector and not team.is_bot:
            seat_view = store.view_for(game, Viewer.of_seat(team.index))
            local.append({"seat": seat_data(team), "view": seat_view})
    return local


@functools.lru_cache(maxsize=64)
def over_fragment(slug: str) -> str | None:
    """The edition's standings at the end (``play/<slug>/_over.html``), if it has its own; the
    core's game-over panel shows the plain ranking otherwise."""
    name = f"play/{slug}/_over.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


def outcome(game: Game) -> dict[str, Any] | None:
    """The edition's result once the game is over; for a game the expiry ended for idling
    (its state left running), the seats as they are, without a winner."""
    result = store.result_of(game)
    if result is None and game.is_finished:
        seats = range(len(seats_of(game)))
        return {"winners": [], "ranking": [[1, seat, ""] for seat in seats]}
    return result


def projector_context(request: HttpRequest, game: Game, error: str = "") -> dict[str, Any]:
    seats = seats_of(game)
    seat_dicts = [seat_data(t) for t in seats]
    result = outcome(game)
    move, can_undo = log_of(game)
    screen = Screen(game.code, game.language, seat_dicts, result)
    view = store.view_for(game, Viewer.teacher(), screen)
    context = {
        "game": game,
        "edition": store.edition_of(game),
        "view": view,
        "seats": seat_dicts,
        "local_seats": [] if game.is_finished else _local_seat_views(game, seats, view),
        "result": result,
        "over_fragment": over_fragment(game.edition),
        "error": error,
        "is_teacher": True,
        "move_url": game_url("play:host_move", game.code),
        "poll_url": game_url("play:host_state", game.code),
        "push_url": push_url(game.code, host=True),
        "fragment": f"play/{game.edition}/_projector.html",
        "can_undo": can_undo,
        "turn": store.whose_turn(game),
        "announcement": last_move(move, [t.name for t in seats]),
    }
    if game.mode == Mode.DEVICES and not game.is_finished:
        join_url = request.build_absolute_uri(game_url("play:team", game.code))
        context["join_url"] = join_url
        context["qr"] = qr_svg(join_url)
    return context


# The pupil's table on a phone is open: the phone's script keeps this cookie as the pupil left
# the table (its socket is told of each change too), so a folded table is not drawn.
TABLE_COOKIE = "spoton_table"


def table_open(request: HttpRequest) -> bool:
    """Whether the screen asking has its table (what the projector shows) open."""
    return request.COOKIES.get(TABLE_COOKIE) == "1"


def device_context(
    game: Game, me: Team, error: str = "", mirror: bool = True, table_open: bool = False
) -> dict[str, Any]:
    """``mirror=False``: without the projector's copy for a screen reader (the solo screen
    shows the projector's own fragment instead). The copy is drawn where it is read: on a
    phone whose pupil opened it (``table_open``) and on every phone while the teacher has the
    table open on all of them; folded, the table is drawn empty and fetched when opened (it
    was a quarter to a third of every phone's redraw, for the few pupils who open it)."""
    seat_dicts = [seat_data(t) for t in seats_of(game)]
    mine, result = seat_data(me), outcome(game)
    table = mirror and not result
    screen = Screen(game.code, game.language, seat_dicts, result, mine)
    return {
        "game": game,
        "edition": store.edition_of(game),
        "view": store.view_for(game, Viewer.of_seat(me.index), screen),
        "seats": seat_dicts,
        "me": mine,
        "result": result,
        "over_fragment": over_fragment(game.edition),
        "error": error,
        "is_teacher": False,
        "move_url": game_url("play:team_move", game.code),
        "poll_url": game_url("play:team_state", game.code),
        "push_url": push_url(game.code, host=False),
        "fragment": f"play/{game.edition}/_device.html",
        "announcement": last_move(log_of(game)[0], [seat["name"] for seat in seat_dicts]),
        "table": table,
        "mirror_html": mirror_html(game, seat_dicts)
        if table and (table_open or game.table_on_phones)
        else "",
    }


# What the projector shows, for a pupil who cannot see it, drawn once per game version and
# language in each process for every phone of the game (it was each phone's redraw's largest
# part): the projector's own view, so no seat's secret is in it. It sits inert under the
# phone's stage and its forms are never sent: drawn without a CSRF token, nothing in it
# belongs to one browser.
_mirrors = OncePerKey(512)


class _NoToken(str):
    """An empty token that ``{% csrf_token %}`` draws as an empty field (it skips a false one
    with a warning)."""

    def __bool__(self) -> bool:
        return True


NO_TOKEN = _NoToken("")


def mirror_html(game: Game, seat_dicts: list[dict[str, Any]]) -> str:
    key = (game.pk, game.code, game.version, translation.get_language())

    def draw() -> str:
        screen = Screen(game.code, game.language, seat_dicts, None)
        context = {
            "game": game,
            "edition": store.edition_of(game),
            "view": store.view_for(game, Viewer.projector(), screen),
            "seats": seat_dicts,
            "result": None,
            "is_teacher": False,
            "local_seats": None,
            "me": None,
            "move_url": game_url("play:team_move", game.code),
            "csrf_token": NO_TOKEN,
        }
        return readable_copy(render_to_string(f"play/{game.edition}/_projector.html", context))

    return _mirrors.get(key, draw)


_FORMS = re.compile(r"<form\b.*?</form>", re.S)
_LIVE = re.compile(r'\s(?:aria-live|autofocus|role="(?:status|alert)")(?:="[^"]*")?(?=[\s>/])')
_ID_REFS = re.compile(r'\s(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]*)"')


def readable_copy(html: str) -> SafeString:
    """The projector's screen as a phone's screen reader reads it: its text, without the
    teacher's forms, without live regions (the phone's own regions already speak each move:
    a copy would say it twice), with its ids apart from the phone's own. Not ``inert``: an
    inert subtree is left out of the accessibility tree, which is the one reader it is for."""
    html = _LIVE.sub("", _FORMS.sub("", html))
    html = _ID_REFS.sub(
        lambda m: f' {m[1]}="{" ".join("table-" + name for name in m[2].split())}"', html
    )
    return mark_safe(html)


def in_game_language(view):
    """A game's screens speak the game's language (the one it was made in), on the projector
    and on every device alike, whatever language the viewer's browser or session asks for."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, game: Game, *args, **kwargs):
        with translation.override(game.language):
            return view(request, game, *args, **kwargs)

    return wrapper


def _render(request: HttpRequest, page: str, context: dict, status: int = 200) -> HttpResponse:
    template = "play/_stage.html" if request.htmx else page
    if not request.htmx:
        # The page's id, named by its socket and its moves: a move's answer is the new stage,
        # so the page's socket does not send it again (play.core.push.answering).
        context = {**context, "screen_id": secrets.token_hex(8)}
    response = render(request, template, context, status=status)
    # A device's page holds its hand, the projector's the teacher's view: kept by no cache.
    patch_cache_control(response, no_store=True, private=True)
    return response


@in_game_language
def render_projector(request: HttpRequest, game: Game, error: str = "", status: int = 200):
    return _render(
        request, "play/shell_projector.html", projector_context(request, game, error), status
    )


@in_game_language
def render_device(request: HttpRequest, game: Game, me: Team, error: str = "", status: int = 200):
    context = device_context(game, me, error, table_open=table_open(request))
    return _render(request, "play/shell_device.html", context, status)


def answering(request: HttpRequest) -> AbstractContextManager[None]:
    """Around a move whose answer is the new stage (htmx swaps it in): its page's socket is
    told it has that version already. A page's own reload answers no stage: nothing to say."""
    return push.answering(request.headers.get("X-Screen", "") if request.htmx else "")


def move_args(request: HttpRequest) -> dict[str, Any]:
    """A move's arguments from a form: every field but the move's name, seat and CSRF token;
    fields named ``x[]`` give lists."""
    args: dict[str, Any] = {}
    for key in request.POST:
        if key in ("move", "seat", "team", "csrfmiddlewaretoken", "idempotency_key"):
            continue
        if key.endswith("[]"):
            args[key[:-2]] = request.POST.getlist(key)
        else:
            args[key] = request.POST.get(key)
    return args


def idempotency_key(request: HttpRequest) -> str | None:
    """A move's idempotency key: the header the shell's script sends (one per button press), or
    a form's ``idempotency_key`` field."""
    return access.idempotency_key(request) or request.POST.get("idempotency_key") or None


# What the screens' sockets draw (play/shells/sockets.py): the stage a poll would answer, drawn
# once per view and version in each process with a stand-in for the CSRF token, which each
# socket fills with a token of its own browser's (freshly masked for every message).
CSRF_STAND_IN = "csrf-token-of-this-screen"
_drawn = OncePerKey(2048)
# A game with its seats as read after an announcement of a version, by (code, version): the
# screens of a class that heard of the same change read the database once in each process.
# Its siblings use a read within moments, and a game's state can be large (a Germany game holds
# its whole deck): only the newest few are kept.
_heard = OncePerKey(128)


def forget_drawn_stages() -> None:
    """Forget the stages and projector copies drawn in this process: the next screen asking
    draws its own afresh (the part-key tests compare such a drawing with one made by reuse)."""
    _drawn.clear()
    _mirrors.clear()


def _stage_parts(key: tuple, game: Game, context: Callable[[], dict[str, Any]]) -> list:
    """The stage drawn once per key, as its plain HTML and parts (``play.core.parts``)."""

    def draw() -> list:
        with translation.override(game.language):
            made = {**context(), "csrf_token": CSRF_STAND_IN}
            return parts.parse(render_to_string("play/_stage.html", made))

    return _drawn.get(key, draw)


@dataclass(frozen=True)
class Drawn:
    """A socket's stage: drawn once for every screen of its view, and its own CSRF token."""

    pieces: list
    token: str

    def message(self, sent: parts.Sent) -> str:
        """What the socket sends, the parts it sent with its last stage as references."""
        return sent.message(self.pieces, lambda html: html.replace(CSRF_STAND_IN, self.token))

    def html(self) -> str:
        """The whole stage, as a poll would answer it."""
        return parts.Sent().message(
            self.pieces, lambda html: html.replace(CSRF_STAND_IN, self.token)
        )


def _game_with_seats(code: str, heard: int) -> tuple[Game, tuple[Team, ...]] | None:
    """The game as of ``heard`` or later (0: as it is now) and its seats as of then or later
    (they check a socket's token). What is read is kept for the other screens that heard of the
    same version."""

    def read() -> tuple[Game, tuple[Team, ...]] | None:
        found = reads.game_with_seats(code, "moving_initial")
        if found is not None:
            game, seats = found
            _seats.put((game.pk, game.code, game.version), seats)  # the stages' seats too
            if not heard:  # read after its version was committed
                _heard.put((code, game.version), found)
        return found

    if not heard:
        return read()
    return _heard.get((code, heard), read)


# A socket's handshake asks who may watch, not what the stage shows: it reads the game without
# its state and start, which hold its whole deck (a Germany game's some 190 KB). A page just
# drawn is up to date and needs no stage; one that is behind is drawn from a read of its own.
HANDSHAKE = STATE_FIELDS


def _socket_seat(
    request: HttpRequest, code: str, heard: int = 0, *, handshake: bool = False
) -> tuple[Game, Team] | None:
    """The game and the seat the socket's team token holds in it, or None."""
    token = request.COOKIES.get(access.team_cookie_name(code))
    if not token:
        return None
    if handshake:  # only a game on the engine (its state not null) has seats to hold
        seat = reads.seat_with_game(code, token, *HANDSHAKE)
        return None if seat is None else (seat.game, seat)
    found = _game_with_seats(code, heard)
    if found is None or found[0].state is None:  # no game, or not one on the engine
        return None
    seat = next((s for s in found[1] if s.token == token and not s.is_bot), None)
    return None if seat is None else (found[0], seat)


def _socket_host_game(
    request: HttpRequest, code: str, heard: int = 0, *, handshake: bool = False
) -> Game | None:
    """The teacher's game while the socket's session still lives (a log-out on any server
    ends it) and its user still runs the game."""
    session = request.session
    if session is None or not session.session_key or not session.exists(session.session_key):
        return None
    if handshake:
        game = reads.game_by_code(code, *HANDSHAKE)
    else:
        found = _game_with_seats(code, heard)
        game = None if found is None else found[0]
    if game is None or not access.can_manage(request.user, game):
        return None
    return game


def socket_game(request: HttpRequest, code: str, host: bool) -> tuple[int, int] | None:
    """The game a socket may watch and its version now (id, version), looked up, counted and
    refused like the screen's polls."""
    try:
        if host:
            game = _socket_host_game(request, code, handshake=True)
            if game is None:  # the teacher's own game is never refused
                access.check_code_lookups(request)
                if not Game.objects.filter(code=code).exists():
                    access.count_code_miss(request)
        else:
            seat = _socket_seat(request, code, handshake=True)
            if seat is None and request.COOKIES.get(access.team_cookie_name(code)):
                access.check_code_lookups(request)
                access.count_code_miss(request)  # a code and a token that do not match
            game = None if seat is None else seat[0]
    except access.TooManyGuesses:
        return None
    return None if game is None else (game.pk, game.version)


# The version, the stage (None: the screen shows this version already), when a computer move
# falls due.
Stage = tuple[int, Drawn | None, float | None]


def socket_stage(
    request: HttpRequest, code: str, host: bool, shown: int = -1, heard: int = 0
) -> Stage | None:
    """A socket's stage as it is now (at least as of version ``heard``, the newest it was told
    of; 0: look it up), or None when its screen may no longer watch (kicked, logged out). No
    stage (None) while the game is no newer than version ``shown``, the one the screen has: a
    socket opened by a page just drawn, or told of a change it has already drawn, sends
    nothing, so it draws nothing either."""
    if host:
        game = _socket_host_game(request, code, heard)
        if game is None:
            return None
        if game.version <= shown:
            return game.version, None, game.bot_due_at
        key = (game.pk, game.version, "projector", request.get_host())
        pieces = _stage_parts(key, game, lambda: projector_context(request, game))
    else:
        found = _socket_seat(request, code, heard)
        if found is None:
            return None
        game, seat = found
        if game.version <= shown:
            return game.version, None, game.bot_due_at
        table = table_open(request)
        key = (game.pk, game.version, seat.index, table)
        pieces = _stage_parts(key, game, lambda: device_context(game, seat, table_open=table))
    # No CSRF cookie, no token: an empty field lets Django read the header htmx sends.
    token = csrf.get_token(request) if "CSRF_COOKIE" in request.META else ""
    return game.version, Drawn(pieces, token), game.bot_due_at


def socket_stages(
    code: str, asked: list[tuple[HttpRequest, bool, int]], heard: int = 0
) -> list[Stage | Exception | None]:
    """``socket_stage`` for each of a game's screens in this process (request, whether it is
    the projector, the version it shows), in turn: one read of the game serves them all. A
    screen whose stage could not be drawn gets the error, the others their stages."""
    stages: list[Stage | Exception | None] = []
    for request, host, shown in asked:
        try:
            stage = socket_stage(request, code, host, shown, heard)
        except Exception as error:
            stages.append(error)
            continue
        stages.append(stage)
        if not heard and stage is not None:  # a look-up: the next screens use what it read
            heard = stage[0]
    return stages


def socket_bots(game_id: int) -> None:
    game = reads.game_by_id(game_id, "moving_initial")
    if game is not None:
        run_due_bots(game)
