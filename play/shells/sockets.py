"""The screens' WebSockets: a projector or a device hears of every change of its game and gets
its new stage as one message, the same HTML a poll would have answered (htmx's ``ws``
extension swaps it in by its id).

A socket proves itself as the screen's polls do: a device with its team token (cookie), the
projector with its teacher's session. Each message is checked again — a device kicked by the
teacher or a teacher logged out (on any server) is closed, and the page's next poll takes it
where a poll would. Stages are rendered once per view and version in each process
(``screens.socket_stage``), however many screens show that view.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import HttpRequest

from play.core import push
from play.core.engine import is_digits
from play.shells import screens

log = logging.getLogger(__name__)

# Close codes the page's script knows: the screen should ask by a poll where it belongs now
# (htmx's extension does not reconnect after these).
GONE = 4001
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


def _sync(function):
    # Each screen's redraw reads the database in a worker thread; not all on one thread.
    return database_sync_to_async(function, thread_sensitive=False)


class StageSocket(AsyncWebsocketConsumer):
    host = False  # the projector's socket (the teacher's session) or a device's (its token)

    async def connect(self) -> None:
        self.code = str(self.scope["url_route"]["kwargs"]["code"]).upper()[:16]
        self.request = socket_request(self.scope)
        seen = parse_qs(self.scope.get("query_string", b"").decode()).get("v", ["0"])[0]
        self.sent = int(seen) if is_digits(seen) and len(seen) < 10 else 0
        found = await _sync(screens.socket_game)(self.request, self.code, self.host)
        if found is None:
            self.game_id = None
            await self.close(code=4403)
            return
        self.game_id, version = found
        self.pending = False
        self.heard = 0  # the newest version announced
        self.look_up = False  # whether to read the game as it is now, whatever was announced
        self.drawing: asyncio.Task | None = None
        push.hub.watch(self.game_id, self.changed)
        push.start_listening()
        await self.accept()
        # Catch up from the version the page was drawn at to the one just read, or to one
        # announced since: its stage is drawn from what was read, without reading it again.
        self.changed(max(version, push.hub.latest(self.game_id)))

    async def disconnect(self, code: int) -> None:
        if getattr(self, "game_id", None) is not None:
            push.hub.unwatch(self.game_id, self.changed)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Screens only listen; moves go over HTTP, where their answers and errors are."""

    def changed(self, version: int) -> None:
        """Called in the event loop for every announcement of this game (0: look anyway)."""
        if version and version <= self.sent:
            return
        if version:
            self.heard = max(self.heard, version)
        else:
            self.look_up = True
        self.pending = True
        if self.drawing is None or self.drawing.done():
            self.drawing = asyncio.get_running_loop().create_task(self.redraw())

    async def redraw(self) -> None:
        # An announcement heard while a stage is drawn is covered by looking once more.
        while self.pending:
            heard = 0 if self.look_up else self.heard
            self.pending = self.look_up = False
            try:
                # Nothing is drawn for a screen that already shows the game's version.
                stage = await _sync(screens.socket_stage)(
                    self.request, self.code, self.host, self.sent, heard
                )
            except Exception:  # reported; the page reconnects (1011) and polls meanwhile
                log.exception("push: could not draw the stage of game %s", self.code)
                await self.close(code=1011)
                return
            try:
                if stage is None:
                    await self.close(code=GONE)
                    return
                version, html, bot_due_at = stage
                if version > self.sent:
                    self.sent = version
                    await self.send(text_data=html)
            except OSError:  # the server's ClientDisconnected: the screen left while it was drawn
                return
            plan_bots(self.game_id, bot_due_at)


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
        run = asyncio.ensure_future(_sync(screens.socket_bots)(game_id))
        _bot_runs.add(run)
        run.add_done_callback(_bot_runs.discard)

    delay = max(0.0, due_at - time.time()) + 0.05
    _bot_timers[game_id] = (due_at, loop.call_later(delay, fire))


class ProjectorSocket(StageSocket):
    host = True


class DeviceSocket(StageSocket):
    host = False
