"""Push: every change of a game reaches the screens watching it, on whichever server they are.

A change (a move, a device joining, the teacher's controls) is announced once its transaction
has committed: a few bytes, ``"<game id> <version>"``, and `` q`` after a quiet change (not a
move: a device joining, a kick), whose redraws the screens' rooms pace, and `` a=<screen>``
when the change was made from a screen that gets the new stage as its request's answer (its
socket sends it nothing for that version, see ``answering``). Each server process
that holds screens (WebSockets, ``play.shells.sockets``) hears every announcement and tells the
screens of that game, which then draw their new stage. The database stays the one source of
truth: an announcement lost on the way costs a screen its redraw until its next safety poll,
never a move.

Besides, each such process looks up the versions of the games it watches (one query for all of
them) every ``PUSH_CHECK_SECONDS``: with Redis a safety net for a lost announcement, without it
the way a change made in another process (gunicorn serving the pages, uvicorn the sockets)
reaches the screens.

Two brokers, chosen by ``REDIS_URL``:

- **Redis pub/sub** (several servers): one ``PUBLISH`` from the process that made the change (a
  pooled synchronous client: about 0.06 ms, where a channel layer's ``group_send`` run through
  ``async_to_sync`` from a synchronous view costs about 5 ms), one subscription per process.
- **In-process** (``make run``: one server process): announcements go straight to this
  process's screens.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from channels.db import database_sync_to_async
from django.conf import settings
from django.core.signals import setting_changed
from django.db import transaction
from django.dispatch import receiver

from config.shared_cache import OUTAGE
from play.models import Game

log = logging.getLogger(__name__)
CHANNEL = "spot-on:play:changes"
VERSIONS_KEPT = 20_000  # games whose newest version each process remembers

# (version, whether the change was quiet, the screen that has it from its answer or "")
Listener = Callable[[int, bool, str], None]
# A page's screen id (drawn into each full page by play.shells.screens): random, so naming it
# tells nothing.
SCREEN_ID = re.compile(r"[0-9a-f]{16}")
_answering: ContextVar[str] = ContextVar("answering", default="")


class Hub:
    """The screens of this process by game, called in the server's event loop."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listeners: dict[int, set[Listener]] = {}
        self.resync: set[Callable[[], None]] = set()
        # The newest version heard of each game, watched or not: a socket that read its game
        # just before it began to watch learns what was announced in between.
        self.versions: dict[int, int] = {}

    def latest(self, game_id: int) -> int:
        return self.versions.get(game_id, 0)

    def _note(self, game_id: int, version: int) -> None:
        if version > self.versions.get(game_id, 0):
            self.versions.pop(game_id, None)  # the newest last: the oldest are dropped first
            self.versions[game_id] = version
            if len(self.versions) > VERSIONS_KEPT:
                for old in list(self.versions)[: VERSIONS_KEPT // 2]:
                    del self.versions[old]

    def watch(self, game_id: int, listener: Listener) -> None:
        self.loop = asyncio.get_running_loop()
        self.listeners.setdefault(game_id, set()).add(listener)

    def unwatch(self, game_id: int, listener: Listener) -> None:
        watching = self.listeners.get(game_id)
        if watching is not None:
            watching.discard(listener)
            if not watching:
                del self.listeners[game_id]

    def deliver(self, game_id: int, version: int, quiet: bool = False, answered: str = "") -> None:
        self._note(game_id, version)
        for listener in list(self.listeners.get(game_id, ())):
            listener(version, quiet, answered)

    def deliver_everywhere(self) -> None:
        """After a gap in the announcements (Redis restarted): every screen checks its game."""
        for listeners in list(self.listeners.values()):
            for listener in list(listeners):
                listener(0, False, "")

    def deliver_threadsafe(
        self, game_id: int, version: int, quiet: bool = False, answered: str = ""
    ) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if game_id not in self.listeners:
            loop.call_soon_threadsafe(self._note, game_id, version)
            return
        loop.call_soon_threadsafe(self.deliver, game_id, version, quiet, answered)


hub = Hub()


class LocalBroker:
    def publish(self, game_id: int, version: int, quiet: bool = False, answered: str = "") -> None:
        hub.deliver_threadsafe(game_id, version, quiet, answered)


class RedisBroker:
    def __init__(self, url: str) -> None:
        import redis  # only where REDIS_URL is set

        self.url = url
        # A move never waits long on Redis: a lost announcement costs a redraw, not the move.
        timeout = settings.REDIS_TIMEOUT_SECONDS
        self.client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )

    def publish(self, game_id: int, version: int, quiet: bool = False, answered: str = "") -> None:
        """Announce, or (Redis unreachable) count the loss and go on: the move is committed,
        and the screens' version look-ups and safety polls bring the change."""
        text = announcement(game_id, version, quiet, answered)
        OUTAGE.attempt(lambda: self.client.publish(CHANNEL, text), lambda: 0)

    async def listen(self) -> None:
        """Hear every announcement for as long as the process runs; reconnect after a gap."""
        import redis.asyncio as aioredis

        delay = 0.5
        lost = False
        while True:
            try:
                client = aioredis.Redis.from_url(self.url)
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    delay = 0.5
                    if lost:
                        log.warning("push: hearing Redis again")
                        lost = False
                    hub.deliver_everywhere()  # what was said while we were away
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            hear(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a restarted Redis, a network hiccup: try again
                if not lost:  # once per outage, not at every try
                    log.warning("push: lost Redis (%s); the version look-ups carry on", error)
                    lost = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)


def announcement(game_id: int, version: int, quiet: bool = False, answered: str = "") -> str:
    """The text announcing a game's new version on the Redis channel: ``"<game> <version>"``,
    `` q`` for a quiet change (not a move: its redraws may be paced), `` a=<screen>`` for the
    screen whose request's answer is the new stage."""
    return f"{game_id} {version}{' q' if quiet else ''}{f' a={answered}' if answered else ''}"


def hear(data: bytes | str) -> None:
    """Pass an announcement heard on the channel to this process's screens of its game; text
    that is not one is ignored."""
    text = data.decode() if isinstance(data, bytes) else data
    words = text.split()
    try:
        game, version = int(words[0]), int(words[1])
    except (ValueError, IndexError):
        return
    answered = next((word[2:] for word in words[2:] if word.startswith("a=")), "")
    hub.deliver(game, version, "q" in words[2:], screen_id(answered))


async def check_versions(interval: float) -> None:
    def versions(ids: list[int]) -> list[tuple[int, int]]:
        return list(Game.objects.filter(pk__in=ids).values_list("pk", "version"))

    look_up = database_sync_to_async(versions, thread_sensitive=False)
    while True:
        await asyncio.sleep(interval)
        if not hub.listeners:
            continue
        try:
            for game_id, version in await look_up(list(hub.listeners)):
                hub.deliver(game_id, version)
        except Exception as error:  # the database restarting: the screens' polls carry on
            log.warning("push: could not look up versions (%s)", error)


_broker: LocalBroker | RedisBroker | None = None
_broker_lock = threading.Lock()
_listening: asyncio.Task | None = None
_checking: asyncio.Task | None = None


def broker() -> LocalBroker | RedisBroker:
    global _broker
    with _broker_lock:
        if _broker is None:
            url = settings.REDIS_URL
            _broker = RedisBroker(url) if url else LocalBroker()
        return _broker


def reset_broker() -> None:
    """Choose the broker again from the settings, when next asked for."""
    global _broker
    with _broker_lock:
        _broker = None


@receiver(setting_changed)
def _redis_url_changed(*, setting: str, **kwargs: object) -> None:
    # The broker is chosen once per process from REDIS_URL; a changed setting (an override)
    # must not leave announcements going to the old one.
    if setting == "REDIS_URL":
        reset_broker()


def screen_id(text: str) -> str:
    """``text`` if it is a page's screen id, else "" (none named: the socket sends as before)."""
    return text if SCREEN_ID.fullmatch(text) else ""


@contextmanager
def answering(screen: str) -> Iterator[None]:
    """The changes made inside are answered to the screen ``screen`` (its page's id) with the
    new stage: its socket need not draw and send that version as well (the mover's own screen
    was a fifth of a Germany move's redraws). An id that is not one is ignored."""
    token = _answering.set(screen_id(screen))
    try:
        yield
    finally:
        _answering.reset(token)


def announce(game_id: int, version: int, quiet: bool = False) -> None:
    """Tell the screens of a game about its new version once the change is committed;
    ``quiet`` for a change that is not a move (its redraws may be paced)."""
    if not settings.PLAY_PUSH:
        return
    answered = _answering.get()
    transaction.on_commit(lambda: broker().publish(game_id, version, quiet, answered))


def start_listening() -> None:
    """Called by each socket as it opens: the first starts this process's subscription and its
    look-ups of the versions."""
    global _listening, _checking
    chosen = broker()
    loop = asyncio.get_running_loop()
    if isinstance(chosen, RedisBroker) and (_listening is None or _listening.done()):
        _listening = loop.create_task(chosen.listen())
    if _checking is None or _checking.done():
        _checking = loop.create_task(check_versions(settings.PUSH_CHECK_SECONDS))
