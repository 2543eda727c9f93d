"""Phones never scroll sideways: a long team name (28 characters, as a class types it) on every
edition's device screen, and the Numbers game's end table."""

from __future__ import annotations

import pytest

from play.core import registry
from tests.browser.helpers import join_on_phone
from tests.browser.numbers import finished_game_after_a_long_chain
from tests.browser.zoom import zoom_text

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
    game = finished_game_after_a_long_chain(teacher)
    # Late targets run into thousands, and a joker's step names it: the longest steps a
    # review shows.
    for entry in game.state["history"]:
        entry["target"] += 9000
        for step in entry["chain"]:
            step["total"] += 9000
    game.save()
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


def test_a_germany_phone_after_the_last_round_shows_its_cards_within_its_width(
    browser, live_server, teacher, big_deck, screenshot_dir
):
    """Rounds = 1, three phones, every tip played, then Reveal: the game ends by itself."""
    from play.core import store
    from play.editions.germany.bots import bot
    from play.models import Game

    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["Rot", "Blau", "Grün"],
        options={"rounds": 1},
        mode="devices",
        language="en",
    )
    phones = [join_on_phone(browser, live_server, game.code, name) for name in ("Rot", "Blau")]
    phone = join_on_phone(browser, live_server, game.code, "Grün")
    store.make_move(Game.objects.get(pk=game.pk), None, "lay_out", {}, teacher=True)
    while True:
        game = Game.objects.get(pk=game.pk)
        for seat in range(3):
            move = bot(game.state, seat)
            if move is not None:
                store.make_move(game, seat, move.move, move.args)
                break
        else:
            break
    store.make_move(Game.objects.get(pk=game.pk), None, "reveal", {}, teacher=True)
    assert Game.objects.get(pk=game.pk).is_finished
    phone.wait_for_selector(".game-over", timeout=10_000)
    phone.screenshot(path=str(screenshot_dir / "germany-over-phone.png"), full_page=True)
    width = phone.evaluate(PAGE_WIDTH)
    assert width <= 390, width
    # Every card of the last round is drawn at a readable width, none behind another.
    boxes = phone.evaluate(
        """() => [...document.querySelectorAll('.game-over .de-card, .game-over .card')]
          .map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.width]; })"""
    )
    assert boxes and min(width for _left, width in boxes) >= 80, boxes
    for other in phones:
        other.context.close()
    phone.context.close()


def test_a_numbers_phone_at_200_percent_text_wraps_a_jokers_long_step(
    browser, live_server, teacher, screenshot_dir
):
    from play.core import store
    from play.editions.numbers.solver import JOKER

    game = store.create_game(
        user=teacher, edition="numbers", seat_names=[LONG_NAME, "Bo"], language="en"
    )
    state = game.state
    joker = next(card for card, (value, _suit) in state["cards"].items() if value == JOKER)
    state["chain"] = [
        {"card": state["stock"][0], "value": 13, "op": "*", "total": 12000, "seat": 1},
        {"card": joker, "value": 13, "op": "*", "total": 156000, "seat": 0},
    ]
    game.state = state
    game.save()
    phone = join_on_phone(browser, live_server, game.code, LONG_NAME)
    phone.wait_for_selector(".nb-chain li:has-text('joker')")
    phone.screenshot(path=str(screenshot_dir / "numbers-joker-step-phone.png"), full_page=True)
    assert phone.evaluate(PAGE_WIDTH) <= 390
    found = zoom_text(phone, 2.0)
    phone.screenshot(path=str(screenshot_dir / "numbers-joker-step-200-phone.png"), full_page=True)
    assert found["width"] <= 390, found["wide"]
    phone.context.close()
