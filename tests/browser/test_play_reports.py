"""The reports in Chromium: a game's report fits the projector at 1920×1080 and 1280×720 (the
page never scrolls: long tables scroll within their panel, the map stays whole in view) and a
phone's width; the class page's chart and map are drawn. Screenshots go to the screenshot folder
(and the test's own temporary folder) for a person to look at."""

from __future__ import annotations

import types

import pytest

from play.core import store
from play.models import Class, Game, Mode
from tests.browser.helpers import assert_fits, logged_in_page
from tests.play.reports.helpers import (
    game_with_computer_seats,
    play_like_a_class,
    play_to_the_end,
)

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(1920, 1080), (1280, 720)]
PHONE = (390, 844)


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


def _germany(teacher, deck, school_class=None, teams=("Rot", "Blau")) -> Game:
    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=deck,
        seat_names=list(teams),
        bots=[1],
        mode=Mode.DEVICES,
        language="en",
        school_class=school_class,
    )
    return play_like_a_class(game)


def _world(teacher, deck) -> Game:
    game = store.create_game(
        user=teacher,
        edition="world",
        deck=deck,
        seat_names=["Rot", "Blau", "Grün"],
        bots=[1, 2],
        mode=Mode.DEVICES,
        language="en",
        options={"track_length": 10},
    )
    edition = store.edition_of(game)
    for _ in range(600):
        if store.result_of(game) is not None:
            break
        move = edition.bot(game.state, 0)
        if move is not None:
            game = store.make_move(game, 0, move.move, dict(move.args))
            continue
        move = edition.teacher_bot(game.state)
        if move is not None:
            game = store.make_move(game, None, move.move, dict(move.args), teacher=True)
        else:
            game = store.run_due_bots(Game.objects.get(pk=game.pk))
    return Game.objects.get(pk=game.pk)


def _map_in_view(page) -> None:
    box = page.locator("svg.report-map").bounding_box()
    size = page.viewport_size
    assert box and box["width"] > 200 and box["height"] > 150, box
    assert box["y"] + box["height"] <= size["height"] + 1 and box["x"] >= 0, box


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
def test_a_germany_report_fits_the_projector(
    size, browser, live_server, teacher, big_deck, screenshot_dir, tmp_path
):
    game = _germany(teacher, big_deck)
    host = logged_in_page(browser, live_server, teacher, size)
    host.goto(f"{live_server.url}/play/report/{game.code}/")
    host.wait_for_selector("svg.report-map")
    assert_fits(host, "germany report")
    _map_in_view(host)
    rows = host.locator("table.tips tbody tr").count()
    assert rows == 36  # six rounds of six tips
    for folder in (screenshot_dir, tmp_path):
        host.screenshot(path=str(folder / f"report-germany-{size[0]}x{size[1]}.png"))


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
def test_a_world_report_fits_the_projector_with_its_lines(
    size, browser, live_server, teacher, world_deck, screenshot_dir
):
    game = _world(teacher, world_deck)
    host = logged_in_page(browser, live_server, teacher, size)
    host.goto(f"{live_server.url}/play/report/{game.code}/")
    host.wait_for_selector("svg.report-map")
    assert_fits(host, "world report")
    _map_in_view(host)
    wrong = host.locator("table.guesses tr.is-miss").count()
    assert host.locator("svg.report-map line[stroke-dasharray]").count() <= wrong
    host.screenshot(path=str(screenshot_dir / f"report-world-{size[0]}x{size[1]}.png"))


def test_the_report_and_the_class_page_fit_a_phones_width(
    browser, live_server, teacher, big_deck, screenshot_dir
):
    seven_b = Class.objects.create(teacher=teacher, name="7b Erdkunde", school_year="2026/27")
    games = [_germany(teacher, big_deck, seven_b) for _ in range(3)]
    phone = logged_in_page(browser, live_server, teacher, PHONE)
    for url, name in (
        (f"/play/report/{games[0].code}/", "report-germany-phone"),
        (f"/play/classes/{seven_b.pk}/", "class-phone"),
    ):
        phone.goto(f"{live_server.url}{url}")
        wide = phone.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= PHONE[0], (name, wide)
        phone.screenshot(path=str(screenshot_dir / f"{name}.png"), full_page=True)
    desk = logged_in_page(browser, live_server, teacher, (1280, 900))
    desk.goto(f"{live_server.url}/play/classes/{seven_b.pk}/")
    assert desk.locator("svg.report-chart circle").count() == 3
    assert desk.locator("svg.report-map").count() == 1
    desk.screenshot(path=str(screenshot_dir / "class-1280.png"), full_page=True)


@pytest.mark.parametrize("slug", ["numbers", "dice", "match"])
def test_the_other_editions_reports_fit_the_projector(
    slug, browser, live_server, teacher, screenshot_dir
):
    game = play_to_the_end(game_with_computer_seats(slug, teacher, {}))
    host = logged_in_page(browser, live_server, teacher, (1280, 720))
    host.goto(f"{live_server.url}/play/report/{game.code}/")
    host.wait_for_selector(".report-main table")
    assert_fits(host, f"{slug} report")
    host.screenshot(path=str(screenshot_dir / f"report-{slug}-1280x720.png"))
