"""Playwright driving Debian's Chromium against the live test server.

Browser tests use ``django_db(transaction=True)``: the live server needs committed data. The
flush that ends such a test also removes the groups the roles migration made; the user fixtures
in tests/conftest.py make them again.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# between browser steps are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def playwright() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def _chromium(playwright) -> Iterator[object]:
    """One Chromium per worker, started again only should it have gone (a crash): starting and
    stopping one for each test took most of a second."""
    running = []

    def chromium():
        if not running or not running[-1].is_connected():
            running.append(
                playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            )
        return running[-1]

    yield chromium
    if running and running[-1].is_connected():
        running[-1].close()


@pytest.fixture
def browser(_chromium) -> Iterator[object]:
    """The worker's browser. Each context a test opens in it has cookies, storage and cache of
    its own, as a fresh browser would; all are closed when the test ends. That stops every
    page's polling before the database is flushed, so no request of this test reaches the live
    server after it."""
    browser = _chromium()
    for context in browser.contexts:  # left by a test whose teardown failed
        context.close()
    yield browser
    for context in browser.contexts:
        context.close()


@pytest.fixture
def page(browser) -> Iterator[object]:
    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def screenshot_dir() -> Path:
    """Screenshots for a person to look at; kept out of git in .cache/."""
    folder = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def big_deck(db):
    """A Germany deck of 45 places named Ort00 … Ort44, enough for whole games."""
    from cards.models import Deck, DeckCard, Edition
    from tests.play.conftest import secret_place

    deck = Deck.objects.create(slug="de-big", name="Groß", edition=Edition.GERMANY)
    for i in range(45):
        DeckCard.objects.create(deck=deck, place=secret_place(i))
    return deck


@pytest.fixture
def world_deck(db):
    from cards.models import Deck, DeckCard, Edition, Place
    from tests.play.conftest import WORLD_CITIES, WORLD_COLOURS

    deck = Deck.objects.create(slug="welt", name="Welt", edition=Edition.WORLD)
    for i, (name, country, lat, lon) in enumerate(WORLD_CITIES[:12]):
        place = Place.objects.create(
            name=name, country=country, population=100_000 + i, latitude=lat, longitude=lon
        )
        DeckCard.objects.create(deck=deck, place=place, colour=WORLD_COLOURS[i % 3])
    # Solutions looked up now: the test thread shares the live server's in-memory database
    # connection, so it stays off the ORM while the screens poll.
    deck.solutions = {
        c.place.name: c.place.world_location().solutions[0]
        for c in deck.cards.select_related("place")
    }
    # The six boards render once per server (a second each); do it before the clock runs.
    from play.editions.world.views import board_svg

    for code in ("NA", "EU", "AS", "SA", "AF", "AU"):
        board_svg(code, "en")
    return deck


@pytest.fixture
def island_deck(monkeypatch):
    """Match games get the test plane's island deck; a module that plays Match asks for it with
    ``pytest.mark.usefixtures("island_deck")``."""
    from play.editions.match import moves
    from play.editions.match.deck import deck_data
    from tests.play.match.helpers import island_cards

    monkeypatch.setattr(moves, "island_deck", lambda: deck_data(island_cards()))
