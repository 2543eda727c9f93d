"""Push over the screens' sockets, in one process (the in-process broker, as in `make run`):
who may watch, what each screen is sent, and when it is closed."""

from __future__ import annotations

import asyncio
import re

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from play.core import store
from play.core.access import team_cookie_name
from play.core.lifecycle import kick_device
from play.models import STATE_FIELDS, Game
from tests.play.core.page import Page, plain
from tests.play.shells.sockets import application, device_socket, run, seat_token

pytestmark = [pytest.mark.servers, pytest.mark.django_db(transaction=True)]
VERSION = re.compile(r'data-version="(\d+)"')
ORIGIN = (b"origin", b"http://testserver")


@pytest.fixture(autouse=True)
def _push_on(settings):
    settings.PLAY_PUSH = True


@pytest.fixture
def dice_game(teacher) -> Game:
    game = store.create_game(
        user=teacher, edition="dice", seat_names=["Ada", "Bo"], language="en", mode="devices"
    )
    return game


def _projector(game: Game, session_cookie: str, version: int = 0):
    return WebsocketCommunicator(
        application(),
        f"/ws/play/host/{game.code}/?v={version}",
        headers=[ORIGIN, (b"cookie", session_cookie.encode()), (b"host", b"testserver")],
    )


def _login(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def _version(html: str) -> int:
    return int(VERSION.search(html).group(1))


def _move(game: Game, seat: int, name: str, args: dict) -> Game:
    return store.make_move(Game.objects.get(pk=game.pk), seat, name, args)


def test_a_device_is_sent_its_stage_on_connect_and_after_every_change(dice_game):
    token = seat_token(dice_game, 0)

    async def scenario():
        device = device_socket(dice_game, token)
        connected, _ = await device.connect()
        assert connected
        first = await device.receive_from(timeout=15)
        # A join bumped the version after the page's v=0: the screen catches up at once.
        current = await Game.objects.aget(pk=dice_game.pk)
        assert _version(first) == current.version
        assert 'id="stage"' in first
        # No CSRF cookie came with the handshake: the forms leave the token to htmx's header.
        assert 'name="csrfmiddlewaretoken" value=""' in first
        await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        pushed = await device.receive_from(timeout=15)
        assert _version(pushed) == current.version + 1
        assert await device.receive_nothing(timeout=0.3)
        await device.disconnect()

    run(scenario)


def test_an_up_to_date_screen_reads_no_state_and_is_sent_nothing(dice_game, monkeypatch):
    """A game's state holds its whole deck: a whole school's screens opening their sockets
    read none of it when their pages are up to date, and nothing is drawn for them."""
    from play.core import reads
    from play.shells import screens

    token = seat_token(dice_game, 1)
    game = Game.objects.get(pk=dice_game.pk)
    asked, read, drawn = [], [], []
    real_seat, real_read = reads.seat_with_game, reads.game_with_seats
    real_draw = screens.socket_stages
    monkeypatch.setattr(reads, "seat_with_game", lambda *a: asked.append(a[2:]) or real_seat(*a))
    monkeypatch.setattr(reads, "game_with_seats", lambda *a: read.append(a) or real_read(*a))
    monkeypatch.setattr(screens, "socket_stages", lambda *a: drawn.append(a) or real_draw(*a))

    async def scenario():
        device = device_socket(game, token, version=game.version)
        assert (await device.connect())[0]
        assert await device.receive_nothing(timeout=0.5)
        await device.disconnect()

    run(scenario)
    assert asked == [STATE_FIELDS]
    assert read == [] and drawn == []


def test_a_socket_opens_and_closes_without_asgirefs_one_thread(dice_game, monkeypatch):
    """Channels closes the old database connections before every event on asgiref's single
    thread for thread-sensitive code: a school's sockets queued there to open and to close.
    A device's socket does its database work in the executor's threads instead."""
    import channels.consumer
    import channels.generic.websocket

    hops = []

    async def counted() -> None:
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    monkeypatch.setattr(channels.generic.websocket, "aclose_old_connections", counted)
    token = seat_token(dice_game, 0)

    async def scenario():
        device = device_socket(dice_game, token)
        assert (await device.connect())[0]
        first = await device.receive_from(timeout=15)
        assert 'id="stage"' in first
        await device.send_to(text_data="forget")
        await device.disconnect()

    run(scenario)
    assert hops == []


def test_a_stage_pushed_to_a_seat_is_that_seat_s_own(dice_game):
    """Each seat's socket gets its own view: the seat to move sees the arrows to tap."""

    tokens = seat_token(dice_game, 0), seat_token(dice_game, 1)

    async def scenario():
        ada, bo = device_socket(dice_game, tokens[0]), device_socket(dice_game, tokens[1])
        assert (await ada.connect())[0] and (await bo.connect())[0]
        ada_stage, bo_stage = await ada.receive_from(timeout=15), await bo.receive_from(timeout=15)
        enabled = re.compile(r'<button type="submit" data-line="[^"]+"\s+title')
        assert enabled.search(ada_stage) and not enabled.search(bo_stage)
        await ada.disconnect()
        await bo.disconnect()

    run(scenario)


def test_a_kicked_device_is_closed_so_that_its_page_asks_where_to_go(dice_game):
    token = seat_token(dice_game, 0)

    async def scenario():
        device = device_socket(dice_game, token)
        assert (await device.connect())[0]
        await device.receive_from(timeout=15)
        team = await asyncio.to_thread(dice_game.teams.get, index=0)
        await asyncio.to_thread(kick_device, dice_game, team)
        closed = await device.receive_output(timeout=15)
        assert closed == {"type": "websocket.close", "code": 4001}
        await device.disconnect()

    run(scenario)


def test_a_wrong_token_is_refused_and_counted_as_a_code_miss(dice_game, settings):
    # A socket sends no device cookie here: its misses count against its address.
    settings.PLAY_CODE_MISSES_PER_ADDRESS = 2

    async def scenario():
        for _attempt in range(2):
            device = device_socket(dice_game, "not-a-token")
            connected, code = await device.connect()
            assert not connected and code == 4403

    run(scenario)
    # The same client is now blocked from code look-ups on the HTTP side as well.
    response = Client().get("/play/join/?code=ZZZZZZ")
    assert response.status_code == 429


def test_the_projector_watches_with_its_teacher_s_session_and_not_without(dice_game, teacher):
    cookie = _login(teacher)

    async def scenario():
        anonymous = _projector(dice_game, "sessionid=nothing")
        assert not (await anonymous.connect())[0]
        projector = _projector(dice_game, cookie)
        assert (await projector.connect())[0]
        stage = await projector.receive_from(timeout=15)
        assert "End game" in stage  # the teacher's bar comes with the projector's stage
        await projector.disconnect()

    run(scenario)


def test_a_log_out_closes_the_projector_s_socket_at_its_next_change(dice_game, teacher):
    client = Client()
    client.force_login(teacher)
    cookie = f"sessionid={client.cookies['sessionid'].value}"

    async def scenario():
        projector = _projector(dice_game, cookie)
        assert (await projector.connect())[0]
        await projector.receive_from(timeout=15)
        await asyncio.to_thread(client.post, "/accounts/logout/")
        await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        closed = await projector.receive_output(timeout=15)
        assert closed == {"type": "websocket.close", "code": 4001}
        await projector.disconnect()

    run(scenario)


def test_another_teacher_cannot_watch_the_game(dice_game, django_user_model):
    from django.contrib.auth.models import Group

    other = django_user_model.objects.create_user("olga", password="x")
    other.groups.add(Group.objects.get_or_create(name="Teachers")[0])

    cookie = _login(other)

    async def scenario():
        projector = _projector(dice_game, cookie)
        assert not (await projector.connect())[0]

    run(scenario)


def test_a_socket_from_another_site_is_refused(dice_game):
    token = seat_token(dice_game, 0)

    async def scenario():
        cookie = f"{team_cookie_name(dice_game.code)}={token}".encode()
        foreign = WebsocketCommunicator(
            application(),
            f"/ws/play/{dice_game.code}/?v=0",
            headers=[(b"origin", b"http://evil.example"), (b"cookie", cookie)],
        )
        assert not (await foreign.connect())[0]

    run(scenario)


def test_a_view_is_drawn_once_per_version_however_many_screens_show_it(
    dice_game, teacher, monkeypatch
):
    from play.shells import screens

    drawn = []
    real = screens.render_to_string
    monkeypatch.setattr(
        screens, "render_to_string", lambda *a, **k: drawn.append(a[0]) or real(*a, **k)
    )
    cookie = _login(teacher)

    async def scenario():
        projectors = [_projector(dice_game, cookie) for _ in range(3)]
        for projector in projectors:
            assert (await projector.connect())[0]
        stages = [await projector.receive_from(timeout=15) for projector in projectors]
        assert len(set(stages)) == 1
        for projector in projectors:
            await projector.disconnect()

    run(scenario)
    assert drawn == ["play/_stage.html"]


def test_the_screens_of_a_class_read_the_game_once_per_change_they_hear_of(dice_game, monkeypatch):
    """A socket's handshake reads its seat, not its game's state; screens whose pages are
    behind draw their first stages from one read of the game. A change announced to several
    screens of a class: one read of the game with its seats; each still gets its own seat's
    stage."""
    from play.core import reads

    tokens = seat_token(dice_game, 0), seat_token(dice_game, 1)
    read = []
    real = reads.game_with_seats
    monkeypatch.setattr(reads, "game_with_seats", lambda *a: read.append(a[0]) or real(*a))

    async def scenario():
        screens = [device_socket(dice_game, token) for token in (*tokens, tokens[0])]
        for screen in screens:
            assert (await screen.connect())[0]
            await screen.receive_from(timeout=15)
        assert read == [dice_game.code]
        read.clear()
        await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        pushed = [await screen.receive_from(timeout=15) for screen in screens]
        assert len({_version(html) for html in pushed}) == 1
        assert pushed[0] == pushed[2] != pushed[1]  # seat 0's two screens, and seat 1's own
        for screen in screens:
            await screen.disconnect()

    run(scenario)
    assert read == [dice_game.code]


def test_a_change_nobody_announced_reaches_the_screens_by_the_version_look_up(
    dice_game, settings, monkeypatch
):
    """A change made by another process without Redis (gunicorn serving the pages, uvicorn the
    sockets) or an announcement lost on the way: the socket server's look-up finds it."""
    from play.core import push

    settings.PUSH_CHECK_SECONDS = 1
    monkeypatch.setattr(push, "announce", lambda game_id, version, quiet=False: None)
    token = seat_token(dice_game, 0)

    async def scenario():
        device = device_socket(dice_game, token)
        assert (await device.connect())[0]
        first = _version(await device.receive_from(timeout=15))
        await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        assert _version(await device.receive_from(timeout=15)) == first + 1
        await device.disconnect()

    run(scenario)


def test_a_computer_seat_s_delayed_move_is_made_and_pushed_without_any_poll(
    teacher, germany_deck, monkeypatch
):
    from play.editions.germany import bots

    monkeypatch.setattr(bots, "DELAY", 0.3)
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=germany_deck,
        seat_names=["Rot", "Blau"],
        bots=[1],
        mode="devices",
        language="de",
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    edition = store.edition_of(game)
    for _turn in range(2):  # the people's team tips first (its choice as the computer's would be)
        if game.bot_due_at is None:
            move = edition.bot(game.state, 0)
            game = store.make_move(game, 0, move.move, dict(move.args))
    assert game.bot_due_at is not None  # the computer tips a moment after the people
    token = seat_token(game, 0)

    async def scenario():
        device = device_socket(game, token)
        assert (await device.connect())[0]
        shown = _version(await device.receive_from(timeout=15))
        # Nobody polls: the socket server makes the computer's move when it falls due.
        assert _version(await device.receive_from(timeout=15)) > shown
        await device.disconnect()

    run(scenario)
    assert Game.objects.get(pk=game.pk).moves.filter(seat=1, by_bot=True).exists()


def test_a_change_is_drawn_for_all_of_a_game_s_screens_here_at_once(dice_game, monkeypatch):
    """The screens of a game in one process are drawn together: one worker's turn for the
    change, not one per screen (a class's screens each holding a worker, most of them waiting
    for the first one's read, made other classes' changes queue behind them)."""
    from play.shells import screens

    tokens = seat_token(dice_game, 0), seat_token(dice_game, 1)
    turns = []
    real = screens.socket_stages
    monkeypatch.setattr(
        screens,
        "socket_stages",
        lambda code, asked, heard: turns.append(len(asked)) or real(code, asked, heard),
    )

    async def scenario():
        devices = [device_socket(dice_game, token) for token in (*tokens, tokens[1])]
        for device in devices:
            assert (await device.connect())[0]
            await device.receive_from(timeout=15)
        turns.clear()
        await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        pushed = [await device.receive_from(timeout=15) for device in devices]
        assert len({_version(html) for html in pushed}) == 1
        for device in devices:
            await device.disconnect()

    run(scenario)
    assert turns == [3]


def test_games_take_turns_to_draw_as_many_at_once_as_set(teacher, settings, monkeypatch):
    import threading
    import time

    from play.shells import screens

    settings.PUSH_DRAWING_AT_ONCE = 1
    games = [
        store.create_game(user=teacher, edition="dice", seat_names=["A", "B"], mode="devices")
        for _ in range(3)
    ]
    tokens = [seat_token(game, 0) for game in games]
    lock, drawing, most = threading.Lock(), [0], [0]
    real = screens.socket_stages

    def counted(code, asked, heard):
        with lock:
            drawing[0] += 1
            most[0] = max(most[0], drawing[0])
        try:
            time.sleep(0.2)  # long enough for the others to try to draw meanwhile
            return real(code, asked, heard)
        finally:
            with lock:
                drawing[0] -= 1

    monkeypatch.setattr(screens, "socket_stages", counted)

    async def scenario():
        devices = [device_socket(game, token) for game, token in zip(games, tokens, strict=True)]
        await asyncio.gather(*(device.connect() for device in devices))
        await asyncio.gather(*(device.receive_from(timeout=15) for device in devices))
        for device in devices:
            await device.disconnect()

    run(scenario)
    assert most == [1]


def test_a_look_up_reads_the_game_once_for_all_of_its_screens(dice_game, monkeypatch):
    """After a gap in the announcements (Redis restarted) every screen looks at its game: the
    screens of a game read it once between them."""
    from play.core import push, reads

    tokens = seat_token(dice_game, 0), seat_token(dice_game, 1)
    game = Game.objects.get(pk=dice_game.pk)
    read = []
    real = reads.game_with_seats
    monkeypatch.setattr(reads, "game_with_seats", lambda *a: read.append(a[0]) or real(*a))

    async def scenario():
        seen = game.version
        devices = [device_socket(game, token, version=seen) for token in (*tokens, tokens[0])]
        for device in devices:
            assert (await device.connect())[0]
        push.hub.deliver_everywhere()
        for device in devices:  # up to date: looked at, nothing to send
            assert await device.receive_nothing(timeout=0.5)
            await device.disconnect()

    run(scenario)
    assert read == [game.code]


def test_a_redraw_sends_nothing_of_the_parts_that_did_not_change(dice_game):
    """After a pawn is placed, a device is sent the parts that changed and a reference to each
    one it has (most of the 36 cards): put back together, it is the stage its poll answers."""

    token = seat_token(dice_game, 1)
    poll = Client(HTTP_HX_REQUEST="true")
    poll.cookies[team_cookie_name(dice_game.code)] = token
    csrf = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')

    async def scenario():
        device, page = device_socket(dice_game, token), Page()
        assert (await device.connect())[0]
        first = await device.receive_from(timeout=15)
        assert "<!--k:" not in first
        page.receive(first)
        await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        pushed = await device.receive_from(timeout=15)
        assert len(pushed) < len(first) / 2
        assert pushed.count("<!--k:") >= 30  # the cards the pawn did not reach, and more
        answered = await asyncio.to_thread(poll.get, f"/play/{dice_game.code}/state/")
        shown = plain(page.receive(pushed))
        assert csrf.sub("", shown) == csrf.sub("", plain(answered.content.decode()))
        await device.disconnect()

    run(scenario)


def test_a_page_that_lacks_a_part_has_the_next_stage_sent_whole(dice_game):
    token = seat_token(dice_game, 1)

    async def scenario():
        device = device_socket(dice_game, token)
        assert (await device.connect())[0]
        await device.receive_from(timeout=15)
        await device.send_to(text_data="forget")
        moved = await asyncio.to_thread(_move, dice_game, 0, "place", {"edge": "left", "index": 0})
        # A stage drawn before the page said ``forget`` (the device's own join, paced) may
        # still be on its way: the move's stage is the one to be whole.
        pushed = await device.receive_from(timeout=15)
        while f'data-version="{moved.version}"' not in pushed:
            pushed = await device.receive_from(timeout=15)
        assert "<!--k:" not in pushed and 'id="stage"' in pushed
        await device.disconnect()

    run(scenario)
