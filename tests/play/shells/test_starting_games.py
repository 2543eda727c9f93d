"""Starting a game: one list of the five games, seats numbered from 1 on every form, names
rather than slugs, and a home page that names the games and lets students join."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape

from play.core import registry, store
from play.core.engine import Option
from play.core.forms import is_seat_option

pytestmark = pytest.mark.django_db

FIVE = ["germany", "world", "numbers", "dice", "match"]


def _teacher(teacher, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(teacher)
    return client


def test_the_new_game_page_lists_the_five_games_in_order_with_a_sentence_each(teacher):
    page = _teacher(teacher).get("/play/new/").content.decode()
    links = re.findall(r'href="/play/new/([a-z]+)/"', page)
    assert links[:5] == FIVE
    for slug in FIVE:
        edition = registry.get(slug)
        assert escape(str(edition.name)) in page
        assert str(edition.description) and escape(str(edition.description)) in page


def test_the_game_list_has_one_way_to_a_new_game_and_names_the_games(teacher):
    for slug in ("numbers", "dice", "match"):
        store.create_game(user=teacher, edition=slug, seat_names=["Ada", "Bo"], language="en")
    page = _teacher(teacher).get("/play/").content.decode()
    assert page.count('href="/play/new/"') == 1
    assert not re.search(r'href="/play/new/[a-z]+/"', page)  # no button per edition
    assert 'href="/play/join/"' in page
    cells = re.findall(r"<td>([^<]*)</td>", page)
    for slug in ("numbers", "dice", "match"):
        assert slug not in cells
        assert escape(str(registry.get(slug).name)) in page


ZERO_BASED = [
    "(0 or 1)",
    "(0 oder 1)",
    "(number)",
    "(Nummer)",
    "0 = the first",
    "0 = das erste",
    "2 to 2",
    "2 bis 2",
]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("slug", FIVE)
def test_no_form_numbers_a_seat_from_0(teacher, slug, language):
    page = _teacher(teacher, language).get(f"/play/new/{slug}/").content.decode()
    for text in ZERO_BASED:
        assert text not in page, (slug, text)
    # Every seat field and every choice naming a seat counts from 1.
    assert not re.search(r">\s*(Team|Player|Device|Spieler(/in)?|Gerät) 0\b", page), slug
    assert re.search(r">\s*(Team|Player|Device|Spieler(/in)?|Gerät) 1\b", page), slug


def _choices(page: str, name: str) -> list[tuple[str, str]]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, name
    return re.findall(r'<option value="(\d+)"[^>]*>([^<]+)</option>', select.group(1))


def test_the_seat_options_offer_the_seats_by_their_numbers_from_1(teacher):
    client = _teacher(teacher)
    dice = client.get("/play/new/dice/").content.decode()
    assert _choices(dice, "option_first") == [("0", "Player 1"), ("1", "Player 2")]
    assert "Starting player" in dice
    world = client.get("/play/new/world/").content.decode()
    assert _choices(world, "option_starting_team") == [(str(i), f"Team {i + 1}") for i in range(6)]
    assert "Youngest team" in world and "Chooses first in round 1" in world
    germany = client.get("/play/new/germany/").content.decode()
    assert _choices(germany, "option_starting_team") == [
        (str(i), f"Team {i + 1}") for i in range(4)
    ]


def test_a_two_player_form_says_players_not_2_to_2(teacher):
    dice = _teacher(teacher).get("/play/new/dice/").content.decode()
    assert "<legend>Players</legend>" in dice
    germany = _teacher(teacher).get("/play/new/germany/").content.decode()
    assert "Seats (2 to 4; leave the last ones empty for fewer)" in germany


def test_a_seat_option_is_known_by_its_flag_or_its_name():
    assert is_seat_option(Option("first", "Who starts", 0))
    assert is_seat_option(Option("starting_team", "Starting team", 0))
    assert is_seat_option(Option("youngest_player", "Youngest", 0))
    assert not is_seat_option(Option("rounds", "Rounds", 0))
    assert not is_seat_option(Option("first", "First card face up", False))  # not a number


def test_the_home_page_names_the_five_games_and_lets_students_join(client):
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    assert 'href="/play/join/"' in page and "Join a game" in page
    for name in ("Germany", "The World", "Numbers", "Dice", "Match"):
        assert name in page, name
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/").content.decode()
    assert "Einem Spiel beitreten" in german and "Würfel" in german


def test_a_race_names_its_seats_devices(teacher):
    page = _teacher(teacher).get("/play/new/match/").content.decode()
    assert re.search(r">\s*Device 1\b", page) and not re.search(r">\s*Player 1\b", page)
