"""A move's answer is its screen's new stage: that screen's socket is not sent the same version
again (play.core.push.answering), every other screen is, and the mover's screen hears of every
later change as before."""

from __future__ import annotations

import asyncio
import re

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from play.core import push, store
from play.core.access import team_cookie_name
from play.models import Game
from play.shells.sockets import Room
from tests.play.shells.sockets import application, run, seat_token

VERSION = re.compile(r'data-version="(\d+)"')
ADA_PAGE = "0123456789abcdef"


@pytest.fixture
def dice_game(teacher) -> Game:
    return store.create_game(
        user=teacher, edition="dice", seat_names=["Ada", "Bo"], language="en", mode="devices"
    )


def _socket(game: Game, token: str, version: int, page: str = ""):
    cookie = f"{team_cookie_name(game.code)}={token}".encode()
    query = f"?v={version}" + (f"&s={page}" if page else "")
    return WebsocketCommunicator(
        application(),
        f"/ws/play/{game.code}/{query}",
        headers=[(b"origin", b"http://testserver"), (b"cookie", cookie), (b"host", b"testserver")],
    )


def _tap(game: Game, token: str, **headers: str):
    client = Client()
    client.cookies[team_cookie_name(game.code)] = token
    form = {"move": "place", "edge": "left", "index": "0"}
    return client.post(f"/play/{game.code}/move/", form, headers=headers)


@pytest.mark.servers
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("headers", "ada_sent"),
    [
        ({"HX-Request": "true", "X-Screen": ADA_PAGE}, False),
        ({"HX-Request": "true"}, True),  # a page that names no screen
        ({"HX-Request": "true", "X-Screen": "fedcba9876543210"}, True),  # another page's
        ({"X-Screen": ADA_PAGE}, True),  # a page without htmx: answered by a redirect
    ],
)
def test_only_the_screen_that_moved_is_not_sent_its_move_again(
    dice_game, settings, headers, ada_sent
):
    settings.PLAY_PUSH = True
    tokens = seat_token(dice_game, 0), seat_token(dice_game, 1)
    version = Game.objects.get(pk=dice_game.pk).version

    async def scenario():
        ada = _socket(dice_game, tokens[0], version, ADA_PAGE)
        bo = _socket(dice_game, tokens[1], version)
        assert (await ada.connect())[0] and (await bo.connect())[0]
        answer = await asyncio.to_thread(_tap, dice_game, tokens[0], **headers)
        assert answer.status_code in (200, 302)
        moved = version + 1
        if answer.status_code == 200:
            assert int(VERSION.search(answer.content.decode()).group(1)) == moved
        assert int(VERSION.search(await bo.receive_from(timeout=15)).group(1)) == moved
        if ada_sent:
            assert int(VERSION.search(await ada.receive_from(timeout=15)).group(1)) == moved
        else:
            assert await ada.receive_nothing(timeout=0.5)
        # The next change, made elsewhere, reaches the screen that moved as any other.
        game = await asyncio.to_thread(Game.objects.get, pk=dice_game.pk)
        await asyncio.to_thread(store.undo, game)
        for screen in (ada, bo):
            assert int(VERSION.search(await screen.receive_from(timeout=15)).group(1)) > moved
        await ada.disconnect()
        await bo.disconnect()

    run(scenario)


def test_an_announcement_names_the_answered_screen_and_is_heard_so():
    heard = []
    push.hub.listeners[99] = {lambda *said: heard.append(said)}
    try:
        push.hear(push.announcement(99, 7, answered=ADA_PAGE).encode())
        push.hear(push.announcement(99, 8, quiet=True, answered=ADA_PAGE).encode())
        push.hear(b"99 9 a=<script>")  # not a page's id: heard without one
    finally:
        del push.hub.listeners[99]
    assert push.announcement(99, 7, answered=ADA_PAGE) == f"99 7 a={ADA_PAGE}"
    assert heard == [(7, False, ADA_PAGE), (8, True, ADA_PAGE), (9, False, "")]


@pytest.mark.django_db
def test_a_change_announces_the_page_that_moved_and_nothing_that_is_not_one(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.PLAY_PUSH = True
    published = []
    recorder = type("Recorder", (), {"publish": lambda self, *said: published.append(said)})
    monkeypatch.setattr(push, "broker", lambda: recorder())
    with django_capture_on_commit_callbacks(execute=True):
        for said in (ADA_PAGE, "not-an-id", "", ADA_PAGE * 2):
            with push.answering(said):
                push.announce(3, 4)
        push.announce(3, 5)  # after the move: no page answered
    assert published == [(3, 4, False, ADA_PAGE)] + [(3, 4, False, "")] * 3 + [(3, 5, False, "")]


class Screen:
    def __init__(self, page: str, sent: int) -> None:
        self.screen_id, self.sent = page, sent


def test_a_room_counts_the_answered_version_as_sent_and_draws_the_others():
    drawn: list[tuple[int, list[str]]] = []

    class NotedRoom(Room):
        async def draw(self, heard: int) -> None:
            drawn.append((heard, sorted(s.screen_id for s in self.screens if s.sent < heard)))

    async def scenario():
        room = NotedRoom(1, "ABCDEF")
        mover, other = Screen(ADA_PAGE, 4), Screen("", 4)
        room.screens.update((mover, other))
        room.changed(5, answered=ADA_PAGE)
        await asyncio.sleep(0)
        assert mover.sent == 5 and other.sent == 4
        room.changed(5, answered=ADA_PAGE)  # heard again (the version look-up): nothing new
        mover.sent = 6  # an answer is never older than what the screen was sent
        room.changed(5, answered=ADA_PAGE)
        for _ in range(3):
            await asyncio.sleep(0)
        assert mover.sent == 6

    run(scenario)
    assert drawn and all(behind == [""] for _, behind in drawn)


@pytest.mark.django_db
def test_each_page_load_names_its_screen_to_its_socket_and_its_moves(dice_game, settings):
    settings.PLAY_PUSH = True
    token = seat_token(dice_game, 0)
    client = Client()
    client.cookies[team_cookie_name(dice_game.code)] = token
    named = []
    for _ in range(2):
        page = client.get(f"/play/{dice_game.code}/").content.decode()
        socket = re.search(r'ws-connect="[^"]*\?v=\d+&amp;s=([0-9a-f]{16})"', page).group(1)
        header = re.search(r'"X-Screen": "([0-9a-f]{16})"', page).group(1)
        assert socket == header
        named.append(socket)
    assert named[0] != named[1]
    stage = client.get(f"/play/{dice_game.code}/", headers={"HX-Request": "true"})
    assert "X-Screen" not in stage.content.decode()  # a stage alone: the page keeps its own
