"""Long place names on Germany's cards, in Chromium: a word is never broken across lines, on a
390 px phone (where the card shares its row with the "Place under …" button) or on the projector,
and the phone never scrolls sideways."""

from __future__ import annotations

import pytest

from tests.browser.helpers import assert_fits, join_as_team, logged_in_context
from tests.play.shells.helpers import tip_until_the_round_is_full

pytestmark = pytest.mark.django_db(transaction=True)

# Real towns with the longest single words a German deck holds.
LONG_NAMES = [
    "Eisenhüttenstadt",
    "Kirchheimbolanden",
    "Mönchengladbach",
    "Villingen-Schwenningen",
    "Brandenburg an der Havel",
    "Unterschleißheim",
    "Recklinghausen",
    "Friedrichshafen",
    "Bietigheim-Bissingen",
    "Neubrandenburg",
]

# Every word of every card title, split where a break shows a hyphen (a hyphen, a soft hyphen),
# and the lines each part is laid out on: one unless the browser broke it anywhere.
BROKEN_WORDS = """() => {
  const top = (node, at, pick) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    // A break at a soft hyphen lends the hyphen it shows to the next letter's boxes.
    const boxes = [...range.getClientRects()].filter(r => r.width > 0.5);
    return Math.round(pick(boxes).top);
  };
  const broken = [];
  for (const title of document.querySelectorAll('.de-card h3:not(.mirror *)')) {
    const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\u00ad-]+/g)) {
        const first = top(node, m.index, boxes => boxes[boxes.length - 1]);
        const last = top(node, m.index + m[0].length - 1, boxes => boxes[0]);
        if (first !== last) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


@pytest.fixture
def long_deck(db):
    from cards.models import Deck, DeckCard, Edition, Place

    deck = Deck.objects.create(slug="de-long", name="Lange Namen", edition=Edition.GERMANY)
    for i, name in enumerate(LONG_NAMES):
        place = Place.objects.create(
            name=name,
            country="DE",
            state="Land",
            population=40_000 + i * 1_000,
            latitude=48.0 + i * 0.5,
            longitude=7.0 + i * 0.6,
        )
        DeckCard.objects.create(deck=deck, place=place)
    return deck


def test_long_place_names_keep_their_words_whole(
    browser, live_server, teacher, long_deck, screenshot_dir
):
    from play.core import store

    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=long_deck,
        seat_names=["Rot", "Blau"],
        options={"starting_team": 0},
        mode="devices",
    )
    phone = join_as_team(browser, live_server, game.code, "Rot")
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    phone.wait_for_selector(".status.yours", timeout=8000)
    host = logged_in_context(browser, live_server, teacher, 1280, 720).new_page()
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    host.wait_for_selector(".de-table .de-card.front")
    phone.screenshot(path=str(screenshot_dir / "germany-long-names-390x844.png"))
    host.screenshot(path=str(screenshot_dir / "germany-long-names-1280x720.png"))
    for screen, label in ((phone, "phone 390x844"), (host, "projector 1280x720")):
        # The cards of the screen itself, not the projector's table folded under a phone's.
        titles = screen.locator(".de-card h3:not(.mirror *)").all_inner_texts()
        assert len(titles) == len(game.state["rounds"][-1]["places"]), label
        assert screen.evaluate(BROKEN_WORDS) == [], (label, titles)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"], width  # innerWidth grows with an overflow
    assert_fits(host, "projector")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_long_place_names_keep_their_words_whole_beside_the_reveal_map(
    browser, live_server, teacher, long_deck, screenshot_dir, width, height
):
    from play.core import store

    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=long_deck,
        seat_names=["Rot", "Blau", "Grün", "Gelb"],
        mode="projector",
    )
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    tip_until_the_round_is_full(game)
    store.make_move(game, None, "reveal", {}, teacher=True)
    host = logged_in_context(browser, live_server, teacher, width, height).new_page()
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    host.wait_for_selector("svg.round-map")
    host.screenshot(path=str(screenshot_dir / f"germany-long-names-reveal-{width}x{height}.png"))
    assert len(host.locator(".de-card.back h3").all_inner_texts()) == 5
    assert host.evaluate(BROKEN_WORDS) == []
    assert_fits(host, f"reveal {width}x{height}")
