"""Screens' sockets in tests: the site as a server runs it, a seat's token, and a scenario run
on an event loop of its own."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.db import connections

from config.asgi import application as site
from play.core.access import team_cookie_name
from play.core.lifecycle import join_team
from play.models import Game
from play.shells import sockets as socket_pools


def application():
    """The site's ASGI app, its sockets opened from a pupil's address."""
    return _from_pupil(site)


def device_socket(game: Game, token: str, version: int = 0):
    """A device's socket to ``game`` with its team token, from the site's own origin."""
    from channels.testing import WebsocketCommunicator

    cookie = f"{team_cookie_name(game.code)}={token}".encode()
    return WebsocketCommunicator(
        application(),
        f"/ws/play/{game.code}/?v={version}",
        headers=[(b"origin", b"http://testserver"), (b"cookie", cookie), (b"host", b"testserver")],
    )


def seat_token(game: Game, seat: int) -> str:
    """The device token of seat ``seat`` once it has joined."""
    return join_team(game, game.teams.get(index=seat))


class _ClosingExecutor(ThreadPoolExecutor):
    """Channels' test communicator stops the sockets' steps from closing their database
    connections (a TestCase keeps one); steps run here close them, as they do on a server,
    so no PostgreSQL connection outlives its thread."""

    def submit(self, fn, /, *args, **kwargs):
        def closing():
            try:
                return fn(*args, **kwargs)
            finally:
                connections.close_all()

        return super().submit(closing)


def run(scenario) -> None:
    """The scenario on an event loop in a thread of its own: after a browser test on the same
    worker, Playwright's loop is still running in this thread, and asyncio.run refuses to
    start another one beside it."""

    async def closing_scenario():
        asyncio.get_running_loop().set_default_executor(_ClosingExecutor())
        # The sockets' own pools of worker threads, closing too, for this scenario.
        pools = socket_pools.HANDSHAKES, socket_pools.REDRAWS
        socket_pools.HANDSHAKES = _ClosingExecutor(thread_name_prefix="socket-handshake")
        socket_pools.REDRAWS = _ClosingExecutor(thread_name_prefix="socket-redraw")
        try:
            await asyncio.wait_for(scenario(), 60)
        finally:
            # Thread-sensitive steps (the session's user) share one thread: close its too.
            await sync_to_async(connections.close_all)()
            socket_pools.HANDSHAKES.shutdown(wait=False)
            socket_pools.REDRAWS.shutdown(wait=False)
            socket_pools.HANDSHAKES, socket_pools.REDRAWS = pools

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, closing_scenario()).result()


def _from_pupil(application):
    """The app as a server runs it: the handshake comes from the test client's address."""

    async def app(scope, receive, send):
        await application({**scope, "client": ("127.0.0.1", 50000)}, receive, send)

    return app
