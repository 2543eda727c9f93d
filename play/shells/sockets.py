"""The screens' WebSockets: a projector or a device hears of every change of its game and gets
its new stage as one message, the same HTML a poll would have answered (htmx's ``ws``
extension swaps it in by its id).

A socket proves itself as the screen's polls do: a device with its team token (cookie), the
projector with its teacher's session. Each message is checked again — a device kicked by the
teacher or a teacher logged out (on any server) is closed, and the page's next poll takes it
where a poll would. The screens of a game in one process are a ``Room``: a change is read once
and each view drawn once there (``screens.socket_stages``), however many screens show it.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import re
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import HttpRequest

from play.core import parts, push
from play.core.engine import is_digits
from play.shells import screens

log = logging.getLogger(__name__)

# Close codes the page's script knows: the screen should ask by a poll where it belongs now
# (htmx's extension does not reconnect after these).
GONE = 4001
FORGET = "forget"
TABLE = {"table 1": "1", "table 0": "0"}
CSRF_SECRET = re.compile(r"[a-zA-Z0-9]{32}")


def socket_request(scope: dict[str, Any]) -> HttpRequest:
    """The socket's handshake as a request, for the checks and contexts the views use."""
    request = HttpRequest()
    headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
    for name, value in headers.items():
        request.META["HTTP_" + name.upper().replace("-", "_")] = value
    client = scope.get("client") or ("", 0)
    server = scope.get("server") or ("", 0)
    request.META["REMOTE_ADDR"] = client[0] or ""
    request.META["SERVER_NAME"], request.META["SERVER_PORT"] = server[0] or "", str(server[1])
    request.META["wsgi.url_scheme"] = "https" if scope.get("scheme") == "wss" else "http"
    request.path = request.path_info = scope.get("path", "")
    cookies = SimpleCookie()
    cookies.load(headers.get("cookie", ""))
    request.COOKIES = {key: morsel.value for key, morsel in cookies.items()}
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if CSRF_SECRET.fullmatch(secret):
        request.META["CSRF_COOKIE"] = secret
    request.user = scope.get("user")
    request.session = scope.get("session")
    return request


# The sockets' database work runs in worker threads, games side by side, in two pools: a storm
# of handshakes (a school joining, every screen reconnecting after a restart) queued the
# redraws of the moves made meanwhile behind it for seconds, and a redraw's reads held up
# handshakes. A handshake is one short read, most of its time waiting for the database's
# answer, so many wait side by side (four per core); a redraw is mostly drawing, Python under
# this process's one lock, where a third thread only takes turns with the other two and slows
# the event loop's every step (bench/play_load.py on PostgreSQL, 3,200 screens joining: socket
# joins p95 0.39-0.61 s in five runs with three threads each; with these 0.07-0.10 s in three
# runs, and over 1 s in some runs on a busier machine).
HANDSHAKE_THREADS = 4 * (os.cpu_count() or 1)
REDRAW_THREADS = 2
HANDSHAKES = ThreadPoolExecutor(HANDSHAKE_THREADS, thread_name_prefix="socket-handshake")
REDRAWS = ThreadPoolExecutor(REDRAW_THREADS, thread_name_prefix="socket-redraw")


def _sync(function, pool: ThreadPoolExecutor):
    return database_sync_to_async(function, thread_sensitive=False, executor=pool)


class Room:
    """The screens of one game in this process. A change is drawn for all of them at once, in
    one worker thread: the game is read once and each view drawn once, and no worker waits
    for another's read while other games' changes queue behind it (a class's every screen
    redrawing on its own held a worker each, most of them waiting).

    Changes that are not moves (a device joining, a kick) are drawn at most once every
    ``PUSH_JOIN_PACE_MS``: a class of 30 phones joining within seconds redrew each of its
    screens once per phone, and a whole school's joins queued the moves' redraws behind them.
    The first such change after a quiet while is drawn at once, a move always is (and brings
    the joins before it along)."""

    # The clock and the timer of the pace (tests put in their own).
    clock = staticmethod(time.monotonic)

    def __init__(self, game_id: int, code: str) -> None:
        self.game_id, self.code = game_id, code
        self.screens: set[StageSocket] = set()
        self.pending = False
        self.quiet = True  # whether every change pending is one that is not a move
        self.heard = 0  # the newest version announced
        self.look_up = False  # whether to read the game as it is now, whatever was announced
        self.drawing: asyncio.Task | None = None
        self.drawn_at = -math.inf
        self.waiting: asyncio.TimerHandle | None = None

    def changed(self, version: int, quiet: bool = False, answered: str = "") -> None:
        """Called in the event loop for every announcement of this game (0: look anyway).
        ``answered``: the screen whose request's answer was this version's stage (it moved)."""
        if answered:
            for screen in self.screens:
                if screen.screen_id == answered and screen.sent < version:
                    screen.sent = version
        if version:
            if all(version <= screen.sent for screen in self.screens):
                return
            self.heard = max(self.heard, version)
        else:
            self.look_up = True
        self.quiet = quiet and (self.quiet or not self.pending)
        self.pending = True
        self.go()

    def go(self) -> None:
        """Draw what is pending: now, or for changes that are not moves once the pace allows
        (while a drawing runs, when it ends)."""
        if self.drawing is not None and not self.drawing.done():
            return
        pace = settings.PUSH_JOIN_PACE_MS / 1000
        wait = self.drawn_at + pace - self.clock() if self.quiet else 0.0
        if wait > 0:
            if self.waiting is None:
                self.waiting = self.later(wait, self._woken)
            return
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None
        self.drawing = asyncio.get_running_loop().create_task(self.redraw())

    def later(self, delay: float, callback: Callable[[], None]) -> Any:
        return asyncio.get_running_loop().call_later(delay, callback)

    def _woken(self) -> None:
        self.waiting = None
        if self.pending:
            self.go()

    async def redraw(self) -> None:
        heard = 0 if self.look_up else self.heard
        self.pending = self.look_up = False
        self.quiet = True
        self.drawn_at = self.clock()
        try:
            await self.draw(heard)
        finally:
            # An announcement heard while the stages were drawn is drawn next.
            self.drawing = None
            if self.pending:
                self.go()

    async def draw(self, heard: int) -> None:
        # Nothing is drawn for a screen that already shows the version announced.
        behind = [s for s in self.screens if not heard or s.sent < heard]
        if not behind:
            return
        asked = [(s.request, s.host, s.sent) for s in behind]
        try:
            async with _this_loop().turns:
                stages = await _sync(screens.socket_stages, REDRAWS)(self.code, asked, heard)
        except Exception as error:  # the database gone: every screen reconnects and polls
            stages = [error] * len(behind)
        drawn = [stage for stage in stages if isinstance(stage, tuple)]
        for screen, stage in zip(behind, stages, strict=True):
            await screen.show(stage)
        if drawn:
            plan_bots(self.game_id, drawn[-1][2])

    @classmethod
    def of(cls, game_id: int, code: str) -> Room:
        """The game's room in this event loop (a server has one; tests start several)."""
        rooms = _this_loop().rooms
        room = rooms.get(game_id)
        if room is None:
            room = rooms[game_id] = cls(game_id, code)
            push.hub.watch(game_id, room.changed)
        return room

    def leave(self, screen: StageSocket) -> None:
        self.screens.discard(screen)
        rooms = _this_loop().rooms
        if not self.screens and rooms.get(self.game_id) is self:
            del rooms[self.game_id]
            push.hub.unwatch(self.game_id, self.changed)


class _Loop:
    """What the sockets of one event loop share: their games' rooms, and the turns to draw
    (``PUSH_DRAWING_AT_ONCE`` games at once: the drawing holds Python's lock, so games drawn
    side by side each took as long as all of them, and a class's screens waited for the
    other classes' drawings too; measured with bench/play_load.py, a World move was seen on
    every screen at p95 219 ms with six at once, 160 ms with two)."""

    def __init__(self) -> None:
        self.rooms: dict[int, Room] = {}
        self.turns = asyncio.Semaphore(settings.PUSH_DRAWING_AT_ONCE)


_per_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Loop] = weakref.WeakKeyDictionary()


def _this_loop() -> _Loop:
    loop = asyncio.get_running_loop()
    found = _per_loop.get(loop)
    if found is None:
        found = _per_loop[loop] = _Loop()
    return found


class StageSocket(AsyncWebsocketConsumer):
    host = False  # the projector's socket (the teacher's session) or a device's (its token)
    room: Room | None = None
    screen_id = ""  # its page's (play.core.push.screen_id), which the page's moves name

    async def connect(self) -> None:
        # The parts of the last stage sent: the next sends them as references (play.core.parts).
        self.sent_parts = parts.Sent()
        self.code = str(self.scope["url_route"]["kwargs"]["code"]).upper()[:16]
        self.request = socket_request(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode())
        seen = query.get("v", ["0"])[0]
        self.sent = int(seen) if is_digits(seen) and len(seen) < 10 else 0
        self.screen_id = push.screen_id(query.get("s", [""])[0])
        found = await _sync(screens.socket_game, HANDSHAKES)(self.request, self.code, self.host)
        if found is None:
            await self.close(code=4403)
            return
        game_id, version = found
        room = Room.of(game_id, self.code)
        room.screens.add(self)
        self.room = room
        push.start_listening()
        await self.accept()
        # Catch up from the version the page was drawn at to the one just read, or to one
        # announced since (nothing is drawn for a page that is up to date).
        room.changed(max(version, push.hub.latest(game_id)))

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels closes the old database connections before every event (a handshake, a
        word, a goodbye) on asgiref's one thread for thread-sensitive code, so a whole
        school's sockets queued through that thread to open and to close (some 6 % of the
        socket server's CPU while a school joined). A socket's database work runs in
        ``database_sync_to_async``, which closes them in its own thread around each call;
        this loop's thread holds none."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        # As Channels' own, without its groups (a room is this process's, there are none) and
        # without the hop to that one thread.
        await self.disconnect(message["code"])
        raise StopConsumer()

    async def disconnect(self, code: int) -> None:
        if self.room is not None:
            self.room.leave(self)
            self.room = None

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Screens only listen; moves go over HTTP, where their answers and errors are. A page
        that lacks a part it was sent (it polled the whole stage instead) says ``forget``: the
        next stage is sent whole. ``table 1`` and ``table 0``: a phone's table was opened or
        folded (its next stages have the projector's copy, or not)."""
        if text_data == FORGET:
            self.sent_parts = parts.Sent()
        elif text_data in TABLE:  # the pupil opened or folded the table: its cookie says so now
            self.request.COOKIES[screens.TABLE_COOKIE] = TABLE[text_data]

    async def show(self, stage: screens.Stage | Exception | None) -> None:
        """Send a stage drawn for this screen, or close it: no longer allowed to watch (None),
        or its stage could not be drawn (reported; the page reconnects and polls meanwhile)."""
        if self.room is None:  # gone while its stage was drawn
            return
        try:
            if isinstance(stage, Exception) or stage is None:
                if stage is not None:
                    log.error("push: could not draw game %s's stage", self.code, exc_info=stage)
                self.room.leave(self)  # hears of no more changes while it closes
                self.room = None
                await self.close(code=GONE if stage is None else 1011)
            elif stage[0] > self.sent and stage[1] is not None:
                self.sent = stage[0]
                await self.send(text_data=stage[1].message(self.sent_parts))
        except OSError:  # the server's ClientDisconnected: the screen left while it was drawn
            return


# A computer seat's delayed move is made when it falls due, as a screen's poll would make it:
# one timer per game in each process, whatever number of its screens are here.
_bot_timers: dict[int, tuple[float, asyncio.TimerHandle]] = {}
_bot_runs: set[asyncio.Future] = set()


def plan_bots(game_id: int, due_at: float | None) -> None:
    planned = _bot_timers.get(game_id)
    if planned is not None and planned[0] == due_at:
        return
    if planned is not None:
        planned[1].cancel()
        del _bot_timers[game_id]
    if due_at is None:
        return
    loop = asyncio.get_running_loop()

    def fire() -> None:
        _bot_timers.pop(game_id, None)
        run = asyncio.ensure_future(_sync(screens.socket_bots, REDRAWS)(game_id))
        _bot_runs.add(run)
        run.add_done_callback(_bot_runs.discard)

    delay = max(0.0, due_at - time.time()) + 0.05
    _bot_timers[game_id] = (due_at, loop.call_later(delay, fire))


class ProjectorSocket(StageSocket):
    host = True


class DeviceSocket(StageSocket):
    host = False
