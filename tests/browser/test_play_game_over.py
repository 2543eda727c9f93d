""" "End game" in Chromium for every edition: the projector at both sizes and a phone show the
core's game-over panel, with nothing left that invites a move, and no page scrolls; ended before
anything was scored, nobody has won."""

from __future__ import annotations

import pytest

from play.core import registry
from tests.browser.helpers import assert_fits, join_on_phone, logged_in_page

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = {"germany": ["Rot", "Blau"], "world": ["Rot", "Blau", "Grün"]}
NO_MOVE_LEFT = """() => [...document.querySelectorAll('#stage [name=move]')]
  .filter(e => e.offsetParent !== null || e.type === 'hidden').length"""


def _game(slug, teacher, decks):
    from play.core import store

    edition = registry.get(slug)
    return store.create_game(
        user=teacher,
        edition=slug,
        deck=decks.get(edition.deck_edition) if edition.deck_edition else None,
        seat_names=SEATS.get(slug, ["Ada", "Bo"]),
        mode="devices",
        language="en",
    )


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_ending_a_game_early_puts_the_game_over_on_every_screen(
    slug,
    size,
    browser,
    live_server,
    teacher,
    big_deck,
    world_deck,
    screenshot_dir,
):
    game = _game(slug, teacher, {"germany": big_deck, "world": world_deck})
    first = SEATS.get(slug, ["Ada", "Bo"])[0]
    phone = join_on_phone(browser, live_server, game.code, first)
    phone.wait_for_selector("#stage")
    host = logged_in_page(browser, live_server, teacher, size)
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    host.on("dialog", lambda dialog: dialog.accept())  # "End the game now?"
    host.get_by_role("button", name="End game").click()
    host.wait_for_selector(".game-over")
    assert "The game is over" in host.locator(".game-over h1").inner_text()
    assert host.evaluate(NO_MOVE_LEFT) == 0
    assert not host.get_by_role("button", name="End game").count()
    assert_fits(host, f"{slug} over")
    host.screenshot(path=str(screenshot_dir / f"over-{slug}-{size[0]}x{size[1]}.png"))
    phone.wait_for_selector(".game-over", timeout=10_000)  # the phone's next poll
    assert phone.evaluate(NO_MOVE_LEFT) == 0
    outcome = phone.locator(".game-over-outcome").inner_text()
    assert outcome == "The game was ended before anything was scored."  # nobody won
    wide = phone.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= phone.viewport_size["width"], wide  # innerWidth grows with an overflow
    if size == (1920, 1080):
        phone.screenshot(path=str(screenshot_dir / f"over-{slug}-phone.png"))
