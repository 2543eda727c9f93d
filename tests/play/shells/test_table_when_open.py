"""A phone's table (what the projector shows, for a pupil who cannot see the projector) is
drawn only where it is read: on a phone whose pupil opened it (its cookie, then its socket
say so), and on every phone while the teacher's switch is on."""

from __future__ import annotations

import asyncio

import pytest
from django.test import Client

from play.core import store
from play.core.access import team_cookie_name
from play.models import Game
from play.shells import screens
from tests.play.shells.sockets import device_socket, run, seat_token

pytestmark = [pytest.mark.servers, pytest.mark.django_db(transaction=True)]
TABLE = 'class="mirror-body"'
DRAWN = "Targets hit"  # a line of the Numbers projector's table, there only when it is drawn


@pytest.fixture(autouse=True)
def _push_on(settings):
    settings.PLAY_PUSH = True


@pytest.fixture
def game(teacher) -> Game:
    return store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Bo"], language="en", mode="devices"
    )


@pytest.fixture
def token(game) -> str:
    return seat_token(game, 0)


def _phone(game: Game, token: str, table: str | None) -> Client:
    phone = Client()
    phone.cookies[team_cookie_name(game.code)] = token
    if table is not None:
        phone.cookies[screens.TABLE_COOKIE] = table
    return phone


def _mirror_of(html: str) -> str:
    return html.split(TABLE, 1)[1].split("</details>", 1)[0]


@pytest.mark.parametrize("table", [None, "0"])
def test_a_folded_table_is_sent_empty_and_marked_to_be_fetched(game, token, table):
    page = _phone(game, token, table).get(f"/play/{game.code}/").content.decode()
    assert "data-mirror-later" in page and TABLE in page
    assert DRAWN not in _mirror_of(page)
    poll = _phone(game, token, table).get(f"/play/{game.code}/state/?v=0", HTTP_HX_REQUEST="true")
    assert DRAWN not in _mirror_of(poll.content.decode())


def test_an_open_table_is_drawn_on_the_page_and_in_every_poll(game, token):
    phone = _phone(game, token, "1")
    page = phone.get(f"/play/{game.code}/").content.decode()
    assert "data-mirror-later" not in page and DRAWN in _mirror_of(page)
    poll = phone.get(f"/play/{game.code}/state/?v=0", HTTP_HX_REQUEST="true").content.decode()
    assert DRAWN in _mirror_of(poll)


def test_the_teachers_switch_draws_it_on_every_phone(game, token):
    store_game = Game.objects.get(pk=game.pk)
    store_game.table_on_phones = True
    store_game.save(update_fields=["table_on_phones"])
    page = _phone(game, token, None).get(f"/play/{game.code}/").content.decode()
    assert "data-mirror-on open" in page and DRAWN in _mirror_of(page)


def test_a_socket_draws_the_table_from_when_its_page_opens_it_until_it_is_folded(game, token):

    def move() -> Game:
        current = Game.objects.get(pk=game.pk)
        hand = current.state["hands"][current.state["turn"]]
        return store.make_move(current, current.state["turn"], "pass", {"card": hand[0]})

    async def pushed_after_a_move(device) -> str:
        moved = await asyncio.to_thread(move)
        message = await device.receive_from(timeout=15)
        while f'data-version="{moved.version}"' not in message:
            message = await device.receive_from(timeout=15)
        return message

    async def scenario():
        device = device_socket(game, token)
        assert (await device.connect())[0]
        first = await device.receive_from(timeout=15)
        assert "data-mirror-later" in first
        await device.send_to(text_data="table 1")
        opened = await pushed_after_a_move(device)
        assert "data-mirror-later" not in opened and DRAWN in opened
        await device.send_to(text_data="table 0")
        folded = await pushed_after_a_move(device)
        assert "data-mirror-later" in folded and DRAWN not in _mirror_of(folded)
        await device.disconnect()

    run(scenario)
