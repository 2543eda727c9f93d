"""A class joining redraws its screens at most every PUSH_JOIN_PACE_MS (play/shells/sockets.py's
Room), on a clock and a timer the test holds: no test waits for the wall clock."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

from play.core import push
from play.shells.sockets import Room


class Screen:
    sent = 0  # shows no version yet


class PacedRoom(Room):
    """A room whose clock and timer are the test's, and whose drawing is only noted."""

    def __init__(self) -> None:
        super().__init__(1, "ABCDEF")
        self.now = 0.0
        self.timers: list[list] = []  # [delay, callback, cancelled]
        self.drawn: list[int] = []
        self.screens.add(Screen())

    def clock(self) -> float:
        return self.now

    def later(self, delay, callback):
        timer = [delay, callback, False]
        self.timers.append(timer)
        return SimpleNamespace(cancel=lambda: timer.__setitem__(2, True))

    async def draw(self, heard: int) -> None:
        self.drawn.append(heard)

    def fire(self) -> None:
        """The newest timer falls due."""
        delay, callback, cancelled = self.timers.pop()
        assert not cancelled
        self.now += delay
        callback()


def run(scenario) -> None:
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.fixture(autouse=True)
def _pace(settings):
    settings.PUSH_JOIN_PACE_MS = 300


def test_phones_joining_one_after_another_are_drawn_together_a_pace_apart():
    async def scenario():
        room = PacedRoom()
        room.changed(2, quiet=True)  # the first phone after a quiet while: at once
        await settle()
        assert room.drawn == [2] and room.timers == []
        for version in range(3, 13):  # ten more within 0.1 s: one redraw, when the pace allows
            room.now += 0.01
            room.changed(version, quiet=True)
            await settle()
        assert room.drawn == [2]
        assert len(room.timers) == 1 and room.timers[0][0] == pytest.approx(0.3 - 0.01)
        room.fire()
        await settle()
        assert room.drawn == [2, 12]

    run(scenario)


def test_a_move_is_drawn_at_once_and_brings_the_joins_before_it_along():
    async def scenario():
        room = PacedRoom()
        room.changed(2, quiet=True)
        await settle()
        room.now += 0.05
        room.changed(3, quiet=True)  # waits for the pace
        room.changed(4)  # a move: drawn now, with the join
        await settle()
        assert room.drawn == [2, 4]
        assert room.timers[0][2], "the join's timer is cancelled"

    run(scenario)


def test_a_join_heard_while_the_stages_are_drawn_waits_for_the_pace():
    async def scenario():
        room = PacedRoom()
        started = asyncio.Event()
        release = asyncio.Event()

        async def slow_draw(heard: int) -> None:
            room.drawn.append(heard)
            started.set()
            await release.wait()

        room.draw = slow_draw
        room.changed(2, quiet=True)
        await started.wait()
        room.now += 0.1
        room.changed(3, quiet=True)
        release.set()
        await settle()
        assert room.drawn == [2]
        assert room.timers and room.timers[-1][0] == pytest.approx(0.2)
        room.draw = PacedRoom.draw.__get__(room)
        room.fire()
        await settle()
        assert room.drawn == [2, 3]

    run(scenario)


def test_a_quiet_change_is_announced_as_such_and_heard_so():
    heard = []
    push.hub.listeners[99] = {lambda version, quiet, answered: heard.append((version, quiet))}
    try:
        for quiet in (True, False):
            push.hear(push.announcement(99, 7, quiet).encode())
        push.hear(b"99 8")
        push.hear(b"not an announcement")
    finally:
        del push.hub.listeners[99]
    assert push.announcement(99, 7, quiet=True) == "99 7 q"
    assert heard == [(7, True), (7, False), (8, False)]
