"""One classroom page for the load benches, as a browser runs it (static/play/shell.js), and
what its classroom's screens have seen of each move.

A page loads its stage, then either polls it (``push=False``: every ``poll_every`` seconds, as
the pages did before push) or opens its WebSocket and polls only as the safety net: when it has
heard nothing for 30 s, and at its normal pace while its socket is closed. A socket closed with
1006/1011/1012/1013 reconnects after htmx's delay (``shell.js``: 0.5 s doubling up to 8 s,
jittered); any other close (4001 kicked, 4403 refused) leaves the page polling, as htmx's
extension does. Moves are posted over HTTP on a connection of their own (a browser runs a poll
and a click side by side); the answer is the page's new stage.

``Room`` keeps, for every move answered 200, when each *other* screen of the classroom first
had a version at least as new: the move's visibility (one figure per move and screen). A screen
that has not got there within ``MISSED_AFTER`` seconds is counted as an error.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import random
import re
import secrets
import time

import websockets.client
from _screen import HOST, Screen
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

VERSION = re.compile(rb'data-version="(\d+)"')
SAFETY_POLL = 30.0  # shell.js: with the socket open, a poll only after 30 s without a word
CONNECT_GRACE = 5.0  # shell.js: while the socket first connects, no poll for 5 s, then 1 per 5 s
MISSED_AFTER = 5.0  # a screen still without a move's version this long after it: an error
RECONNECT_CODES = (1006, 1011, 1012, 1013)  # htmx's ws extension reconnects after these only
HISTORY = 64  # versions each page remembers with when it got them


# A socket's handshake names the page's host, as the browser's does behind the site's proxy
# (README, Deploying: nginx sends /ws/ to uvicorn with the page's Host). By its own port the
# socket server would draw its own join links and QR codes, which a site's servers share.
PAGE_HOSTS: dict[int, str] = {}  # socket server port: the host of its pages
_socket_host = websockets.client.build_host


def _page_host(host: str, port: int, secure: bool, **kwargs) -> str:
    return PAGE_HOSTS.get(port) or _socket_host(host, port, secure, **kwargs)


websockets.client.build_host = _page_host


KEPT_REF = re.compile(rb"<!--k:([0-9a-f]{16})-->")
SENT_MARK = re.compile(rb"<!--p:([0-9a-f]{16})-->|<!--/p-->")
KEPT = 32  # play.core.parts.KEPT


class Parts:
    """The parts of a page's last pushed stages (static/play/shell.js): a message names the
    parts it does not send again, and they are put back from here."""

    def __init__(self) -> None:
        self.stages: list[dict[bytes, bytes]] = []

    def assemble(self, message: bytes) -> bytes | None:
        """The whole stage, or None when a part named is not kept (the page polls then)."""
        missing = False

        def kept(found: re.Match) -> bytes:
            nonlocal missing
            for stage in reversed(self.stages):
                if found[1] in stage:
                    return stage[found[1]]
            missing = True
            return b""

        html = KEPT_REF.sub(kept, message)
        if missing:
            return None
        parts: dict[bytes, bytes] = {}
        opened: list[tuple[bytes, int]] = []
        for found in SENT_MARK.finditer(html):
            if found[1]:
                opened.append((found[1], found.start()))
            elif opened:
                name, began = opened.pop()
                parts[name] = html[began : found.end()]
        self.stages = [*self.stages[-(KEPT - 1) :], parts]
        return html


def version_of(body: bytes) -> int | None:
    found = VERSION.search(body)
    return int(found.group(1)) if found else None


class Room:
    """The screens of one classroom and the moves still on their way to some of them."""

    def __init__(self, stats: dict, edition: str) -> None:
        self.stats, self.edition = stats, edition
        self.pages: list[Page] = []
        self.pending: list[tuple[int, float, Page, set[Page]]] = []
        self.latest = 0  # the newest version any screen of the room has heard of

    def moved(self, mover: Page, version: int, sent: float) -> None:
        self.latest = max(self.latest, version)
        if sent < self.stats["measure_from"]:
            return
        waiting = set()
        for page in self.pages:
            if page is mover or page.mirror or page.joined_at is None or page.joined_at > sent:
                continue
            reached = page.reached(version)
            if reached is None:
                waiting.add(page)
            else:
                self._seen(mover, page, reached - sent)
        if waiting:
            self.pending.append((version, sent, mover, waiting))

    def received(self, page: Page, version: int, at: float) -> None:
        self.latest = max(self.latest, version)
        if page.mirror or not self.pending:
            return
        for move_version, sent, mover, waiting in self.pending:
            if page in waiting and version >= move_version:
                waiting.discard(page)
                self._seen(mover, page, at - sent)
        self.pending = [entry for entry in self.pending if entry[3]]

    def _seen(self, mover: Page, page: Page, latency: float) -> None:
        self.stats["visible"].append((self.edition, latency, mover.server != page.server))

    def sweep(self, now: float, final: bool = False) -> None:
        """Count the screens that missed a move: still without it MISSED_AFTER seconds later.
        At the end, moves younger than that are dropped (their screens stopped looking)."""
        kept = []
        for entry in self.pending:
            move_version, sent, mover, waiting = entry
            if now - sent < MISSED_AFTER:
                if not final:
                    kept.append(entry)
                continue
            for page in waiting:
                socket = "open" if page.socket_open else "closed" if page.push else "none"
                self.stats["errors"].append(
                    f"missed update: {page.name} of {page.code} (server {page.server + 1}) had "
                    f"version {page.version}, not {move_version} ({mover.name}'s move), "
                    f"{MISSED_AFTER:.0f} s after the move (socket {socket}, last word "
                    f"{now - page.heard:.1f} s ago)"
                )
        self.pending = kept


class Page:
    """One screen of a classroom: its stage, its poll, its socket and its moves."""

    def __init__(
        self,
        room: Room,
        name: str,
        code: str,
        server: int,
        ports: tuple[int, int],
        state_path: str,
        socket_path: str,
        headers: dict,
        labels: tuple[str, str],
        poll_every: float,
        push: bool,
        mirror: bool = False,
    ) -> None:
        self.room, self.name, self.code, self.server = room, name, code, server
        self.stats = room.stats
        http_port, self.ws_port = ports
        self.poller, self.clicker = Screen(http_port, self.stats), Screen(http_port, self.stats)
        self.origin = f"http://{HOST}:{http_port}"  # where the page was loaded from
        PAGE_HOSTS[self.ws_port] = f"{HOST}:{http_port}"
        self.state_path, self.socket_path, self.headers = state_path, socket_path, headers
        self.first_label, self.poll_label = labels
        self.poll_every, self.push, self.mirror = poll_every, push, mirror
        self.version, self.html = 0, b""
        self.loaded_version = 0  # the version in the page's ws-connect URL
        # The page's id, in its socket's URL and its moves' X-Screen header, as the page's own
        # (a move's answer is the new stage, so the socket does not send that version again).
        self.screen_id = secrets.token_hex(8)
        self.history: list[tuple[int, float]] = []
        self.joined_at: float | None = None
        self.polled_at = 0.0  # when its last poll went out
        self.heard = time.monotonic()
        self.socket = None
        self.socket_open = False
        self.socket_failed = False  # closed or refused at least once: poll at the normal pace
        self.offline_until = 0.0  # the network cut (the reconnect check): no socket, no poll
        self.reconnecting: tuple[float, int] | None = None  # since when, for which version
        self.closing = False
        self.changed = asyncio.Event()
        self.polling = asyncio.Lock()
        self.tasks: list[asyncio.Task] = []
        room.pages.append(self)

    # -- the stage ------------------------------------------------------------------------

    def _stage(self, body: bytes, swap_equal: bool) -> None:
        """A stage arrived (socket message, poll or move answer): shown unless it is older than
        the one on screen (shell.js), or as old for a socket message."""
        version = version_of(body)
        if version is None or version < self.version:
            return
        if version == self.version and not swap_equal:
            return
        now = time.monotonic()
        self.html = body
        if version > self.version:
            self.version = version
            self.history.append((version, now))
            del self.history[:-HISTORY]
            self.room.received(self, version, now)
            self.changed.set()
        if self.reconnecting and version >= self.reconnecting[1]:
            self.stats["reconnect"].append(now - self.reconnecting[0])
            self.reconnecting = None

    def reached(self, version: int) -> float | None:
        """When this screen first had at least ``version``, or None if it has not yet."""
        if self.version < version:
            return None
        at = bisect.bisect_left(self.history, (version, 0.0))
        return self.history[at][1] if at < len(self.history) else self.history[-1][1]

    async def wait_change(self, seen: int, until: float) -> None:
        """Until the stage is newer than version ``seen``, or ``until`` (monotonic)."""
        while self.version == seen:
            left = until - time.monotonic()
            if left <= 0:
                return
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return

    # -- loading, polling, the socket --------------------------------------------------------

    async def open(self, deadline: float) -> None:
        """Load the stage (the page's first poll, as before), then poll or listen."""
        status, body = await self.poller.request(
            "GET",
            f"{self.state_path}?v=0",
            self.first_label,
            self.headers,
            joining=time.monotonic() < self.stats["measure_from"],
        )
        self.heard = time.monotonic()
        if status == 200:
            self._stage(body, swap_equal=True)
        self.loaded_version = self.version
        self.joined_at = time.monotonic()
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(self._poll_loop(deadline)))
        if self.push:
            self.tasks.append(loop.create_task(self._socket_loop(deadline)))

    async def poll(self) -> None:
        if self.polling.locked():  # htmx sends one request per element at a time
            return
        async with self.polling:
            self.polled_at = time.monotonic()
            status, body = await self.poller.request(
                "GET", f"{self.state_path}?v={self.version}", self.poll_label, self.headers
            )
        self.heard = time.monotonic()
        if status == 200:
            self._stage(body, swap_equal=True)

    def _connecting(self) -> bool:
        """Between the page's load and its socket's first open or close: for 5 s after the
        load and after each poll."""
        return (
            self.push
            and not self.socket_open
            and not self.socket_failed
            and time.monotonic() - max(self.joined_at, self.polled_at) < CONNECT_GRACE
        )

    def _offline(self) -> bool:
        return time.monotonic() < self.offline_until or self.reconnecting is not None

    async def _poll_loop(self, deadline: float) -> None:
        await asyncio.sleep(random.random() * self.poll_every)
        while time.monotonic() < deadline and not self.closing:
            await asyncio.sleep(self.poll_every)  # hx-trigger="every …"
            if self._offline() or self.closing:
                continue
            if self.socket_open and time.monotonic() - self.heard < SAFETY_POLL:
                continue  # shell.js holds the poll back while the socket is open
            if self._connecting():
                continue
            await self.poll()

    async def _socket_loop(self, deadline: float) -> None:
        url = (
            f"ws://{HOST}:{self.ws_port}{self.socket_path}?v={self.loaded_version}"
            f"&s={self.screen_id}"
        )
        cookie = self.headers["Cookie"]
        retries = 0
        while time.monotonic() < deadline and not self.closing:
            wait = self.offline_until - time.monotonic()
            if wait > 0:  # the network is cut: nothing gets through until it is back
                await asyncio.sleep(wait)
                self.reconnecting = (time.monotonic(), self.room.latest)
                if self.room.latest <= self.version:  # nothing happened meanwhile
                    self.stats["reconnect_unchanged"] += 1
                    self.reconnecting = None
                else:
                    asyncio.get_running_loop().call_later(
                        MISSED_AFTER, self._reconnect_overdue, self.reconnecting
                    )
            started = time.perf_counter()
            joining = time.monotonic() < self.stats["measure_from"]
            code, reason = 1006, ""
            try:
                async with connect(
                    url,
                    origin=self.origin,
                    additional_headers={"Cookie": cookie},
                    proxy=None,
                    ping_interval=None,  # a browser only answers the server's pings
                    open_timeout=30,  # a browser waits longer still
                    user_agent_header="bench",
                ) as socket:
                    label = "socket connect (joining)" if joining else "socket connect"
                    self.stats["lat"][label].append(time.perf_counter() - started)
                    self.socket, self.socket_open = socket, True
                    self.heard, retries = time.monotonic(), 0
                    parts = Parts()
                    async for message in socket:
                        self.heard = time.monotonic()
                        self.stats["messages"] += 1
                        body = message.encode() if isinstance(message, str) else message
                        self.stats["message_bytes"] += len(body)
                        whole = parts.assemble(body)
                        if whole is None:  # shell.js: ask for the whole stage
                            await socket.send("forget")
                            asyncio.get_running_loop().create_task(self.poll())
                            continue
                        self._stage(whole, swap_equal=False)
                    code, reason = socket.close_code or 1005, socket.close_reason or ""
            except ConnectionClosed as closed:
                received = closed.rcvd
                code, reason = (received.code, received.reason) if received else (1006, "")
            except (OSError, InvalidHandshake, TimeoutError) as error:
                if not self.closing:
                    self.stats["errors"].append(
                        f"socket connect ({self.name}, server {self.server + 1}): "
                        f"{type(error).__name__} {error}"
                    )
            finally:
                self.socket, self.socket_open, self.socket_failed = None, False, True
            if self.closing or time.monotonic() >= deadline:
                return
            if time.monotonic() < self.offline_until:
                continue  # the reconnect check cut it: no error, no poll
            self.stats["errors"].append(
                f"socket closed ({self.name} of {self.code}, server {self.server + 1}): "
                f"{code} {reason}"
            )
            asyncio.get_running_loop().create_task(self.poll())  # shell.js: catch up at once
            if code not in RECONNECT_CODES:
                return  # the page polls on at its normal pace
            await asyncio.sleep(min(8.0, 0.5 * 2**retries) * (0.5 + random.random() / 2))
            retries += 1

    def _reconnect_overdue(self, attempt: tuple[float, int]) -> None:
        if self.reconnecting is attempt:
            self.stats["errors"].append(
                f"reconnect: {self.name} of {self.code} had version {self.version}, not "
                f"{attempt[1]}, {MISSED_AFTER:.0f} s after reconnecting"
            )
            self.reconnecting = None

    def cut(self, seconds: float) -> None:
        """The network goes away for ``seconds``: the socket dies, polls do not get through."""
        self.offline_until = time.monotonic() + seconds
        if self.socket is not None:
            self.socket.transport.abort()

    # -- moves ------------------------------------------------------------------------------

    async def post(self, path: str, label: str, form: dict, expected=()) -> tuple[int, bytes]:
        """A move as the page posts it; a 200's version is how the room measures visibility."""
        sent = time.monotonic()
        status, body = await self.clicker.request(
            "POST",
            path,
            label,
            {**self.headers, "X-Screen": self.screen_id},
            expected=expected,
            form=form,
        )
        self.heard = time.monotonic()
        version = version_of(body) if body else None
        if status == 200 and version is not None:
            self.room.moved(self, version, sent)
        if status in (200, 400, 403, 409, 429):  # shell.js swaps refusals in too
            self._stage(body, swap_equal=True)
        return status, body

    async def close(self) -> None:
        self.closing = True
        if self.socket is not None:
            with contextlib.suppress(TimeoutError, ConnectionClosed, OSError):
                await asyncio.wait_for(self.socket.close(), 5)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.poller.close()
        self.clicker.close()


async def mirror_screen(page, deadline, warmup, outage):
    """A second screen of the classroom (the teacher's tablet, a team's second phone) whose
    network goes away for ``outage`` seconds, again and again, while the game goes on; each
    time, how long it takes from its reconnect to showing the stage then current."""
    await asyncio.sleep(random.random() * warmup)
    await page.open(deadline)
    while True:
        await asyncio.sleep(random.uniform(5.0, 15.0))
        if time.monotonic() + outage + MISSED_AFTER >= deadline:
            break
        page.cut(outage)
        await asyncio.sleep(outage)
        while page.reconnecting is not None or time.monotonic() < page.offline_until:
            await asyncio.sleep(0.05)
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
