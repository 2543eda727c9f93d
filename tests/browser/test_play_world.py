"""End to end: a teacher runs a round of The World with three team phones in Chromium."""

from __future__ import annotations

import re

import pytest
from django.test import Client

# The `browser` fixture (Debian's Chromium through Playwright) is in tests/browser/conftest.py.
pytestmark = pytest.mark.django_db(transaction=True)


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
    from play.display_world import board_svg

    for code in ("NA", "EU", "AS", "SA", "AF", "AU"):
        board_svg(code, "en")
    return deck


def _host(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, locale="en-US")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def _join(browser, live_server, code: str, team: str):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=re.compile(team)).click()
    page.wait_for_selector(".game.device")
    return page


def test_three_phones_play_a_world_round_to_the_evaluation(
    browser, live_server, teacher, world_deck, screenshot_dir
):
    from play import world
    from play.models import Game

    host = _host(browser, live_server, teacher)
    host.goto(f"{live_server.url}/play/new/world/")
    host.select_option("select[name=deck]", str(world_deck.pk))
    for n, name in enumerate(["Lions", "Owls", "Foxes"], start=1):
        host.fill(f"input[name=team_{n}]", name)
    host.check("input[name=mode][value=devices]")
    host.click("form.new-game button[type=submit]")
    host.wait_for_selector(".join-panel svg")
    code = host.locator(".join-panel .code").inner_text().strip()
    phones = [_join(browser, live_server, code, name) for name in ["Lions", "Owls", "Foxes"]]
    host.click("text=Lay out the first round")
    host.wait_for_selector(".wcards .wcard")
    host.screenshot(path=str(screenshot_dir / "world-projector-choosing.png"), full_page=True)

    # Choosing, in order from the youngest team (the first); the last card goes to the last.
    for phone in phones[:2]:
        phone.wait_for_selector(".status.yours")
        phone.locator("button.take").first.click()
        phone.wait_for_selector(".status:not(.yours), .my-card")
    # Exchanging: the first team exchanges, the others keep.
    for i, phone in enumerate(phones):
        phone.wait_for_selector(".exchange-form")
        label = "⇄ Exchange" if i == 0 else "Keep the card"
        phone.get_by_role("button", name=label).click()
        phone.wait_for_selector(".exchange-form", state="detached")

    # Guessing all at once: the first team gets it fully right, the others place board stones.
    def solution(phone) -> str:
        phone.wait_for_selector(".guess-pad")
        return world_deck.solutions[phone.locator(".my-card h3").inner_text().strip()]

    phone = phones[0]
    right = solution(phone).split("-")
    phone.locator(f'.board-button[value="{right[0]}"]').click()
    phone.wait_for_selector(".chosen-board img")
    for k in range(1, 4):
        phone.locator(f'.stone-button[value="{"-".join(right[: k + 1])}"]').click()
        phone.wait_for_selector(f'.stone-button.chosen[value="{"-".join(right[: k + 1])}"]')
    phone.screenshot(path=str(screenshot_dir / "world-phone-guess.png"), full_page=True)
    phone.click("button.lock-in")
    phone.wait_for_selector("text=Locked in:")
    for other in phones[1:]:
        wrong = "EU" if solution(other).startswith("AU") else "AU"
        other.locator(f'.board-button[value="{wrong}"]').click()
        other.wait_for_selector(".chosen-board img")
        other.keyboard.press("Tab")  # the buttons are reachable by keyboard too
        other.click("button.lock-in")
        other.wait_for_selector("text=Locked in:")
    host.wait_for_selector("text=3 of 3 locked in")
    host.screenshot(path=str(screenshot_dir / "world-projector-guessing.png"), full_page=True)
    assert host.locator(".lockstate.locked").count() == 3

    host.click("text=Close the guessing")
    host.wait_for_selector("text=Turn over the next card")
    for _ in range(3):
        host.click("text=Turn over the next card")
        host.wait_for_selector(".evaluation .solution-board img")
        host.wait_for_timeout(200)
    host.wait_for_selector("text=Next round")
    host.wait_for_function(
        "() => [...document.querySelectorAll('.solution-board img')].every(i => i.complete)"
    )
    host.screenshot(path=str(screenshot_dir / "world-projector-evaluation.png"), full_page=True)
    assert host.locator(".world-teams .where").first.inner_text() == "space 3"
    assert host.locator("svg.track .pawn").count() == 3
    phones[0].wait_for_selector(".verdict.right")
    phones[1].wait_for_selector(".verdict.wrong")
    host.once("dialog", lambda dialog: dialog.accept())
    host.click("text=End game")  # after a finished round: colour bonus and the winner
    host.wait_for_selector(".results .ranking")
    host.screenshot(path=str(screenshot_dir / "world-projector-end.png"), full_page=True)
    assert "winner" in host.locator(".results").inner_text()
    phones[2].wait_for_selector(".results .ranking")  # the phones learn the end too
    for page in [host, *phones]:
        page.context.close()
    game = Game.objects.get(code=code)
    rnd = world.current_round(game)
    assert rnd.state["before_bonus"][0] == 3  # four right stones: arrow space, spaces 1, 2, 3
    assert [e["correct"] for e in rnd.state["evaluations"]] == [True, False, False]
