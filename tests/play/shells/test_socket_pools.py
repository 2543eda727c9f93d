"""The sockets' database work runs in two pools of threads: a storm of handshakes does not queue
the redraws of moves behind it (play/shells/sockets.py)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from play.core import store
from play.models import Game
from play.shells import screens
from tests.play.shells.sockets import device_socket, run, seat_token

pytestmark = [pytest.mark.servers, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _push_on(settings):
    settings.PLAY_PUSH = True


def test_handshakes_and_redraws_run_in_pools_of_their_own(teacher, monkeypatch):
    game = store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Bo"], language="en", mode="devices"
    )
    token = seat_token(game, 0)
    pools: dict[str, set[str]] = {}

    def recorded(kind, function):
        def in_its_thread(*args, **kwargs):
            pools.setdefault(kind, set()).add(threading.current_thread().name.rsplit("_", 1)[0])
            return function(*args, **kwargs)

        return in_its_thread

    monkeypatch.setattr(screens, "socket_game", recorded("handshake", screens.socket_game))
    monkeypatch.setattr(screens, "socket_stages", recorded("redraw", screens.socket_stages))

    def move() -> Game:
        current = Game.objects.get(pk=game.pk)
        hand = current.state["hands"][current.state["turn"]]
        return store.make_move(current, current.state["turn"], "pass", {"card": hand[0]})

    async def scenario():
        device = device_socket(game, token)
        assert (await device.connect())[0]
        await device.receive_from(timeout=15)
        moved = await asyncio.to_thread(move)
        message = await device.receive_from(timeout=15)
        while f'data-version="{moved.version}"' not in message:
            message = await device.receive_from(timeout=15)
        await device.disconnect()

    run(scenario)
    assert pools == {"handshake": {"socket-handshake"}, "redraw": {"socket-redraw"}}
