"""Phones never scroll sideways: a long team name (28 characters, as a class types it) on every
edition's device screen, and the Numbers game's end table."""

from __future__ import annotations

import pytest

from play.core import registry
from tests.browser.helpers import join_on_phone

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAME = "Die schnellen Erdkundefüchse"  # 28 characters
PAGE_WIDTH = "() => document.documentElement.scrollWidth"


def _game(slug, teacher, decks, seats):
    from play.core import store

    edition = registry.get(slug)
    return store.create_game(
        user=teacher,
        edition=slug,
        deck=decks.get(edition.deck_edition) if edition.deck_edition else None,
        seat_names=seats,
        mode="devices",
        language="en",
    )


@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_a_long_team_name_fits_the_phone(
    slug, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    assert len(LONG_NAME) == 28
    seats = [LONG_NAME, "Bo", "Cy"] if slug == "world" else [LONG_NAME, "Bo"]
    game = _game(slug, teacher, {"germany": big_deck, "world": world_deck}, seats)
    phone = join_on_phone(browser, live_server, game.code, LONG_NAME)
    phone.wait_for_selector("#stage")
    phone.screenshot(path=str(screenshot_dir / f"long-name-{slug}-phone.png"))
    width = phone.evaluate(PAGE_WIDTH)
    assert width <= 390, (slug, width)
    phone.context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_numbers_end_table_fits_the_phone(
    language, browser, live_server, teacher, screenshot_dir
):
    from tests.browser.test_play_numbers_screens import _game_over_after_a_long_chain

    game = _game_over_after_a_long_chain(teacher)
    # Ada's phone joined while the game ran; it ends (as its last move would) meanwhile.
    status = game.status
    game.status = "active"
    game.language = language
    game.save()
    phone = join_on_phone(browser, live_server, game.code, "Ada", f"{language}-DE")
    phone.wait_for_selector("#stage")
    game.status = status
    game.version += 1
    game.save()
    phone.wait_for_selector(".nb-review tbody tr")
    phone.screenshot(path=str(screenshot_dir / f"numbers-end-phone-{language}.png"), full_page=True)
    width = phone.evaluate(PAGE_WIDTH)
    assert width <= 390, width
    assert phone.locator(".nb-review tbody tr").count() == 5
    phone.context.close()
