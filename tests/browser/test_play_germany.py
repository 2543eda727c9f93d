"""End to end: a teacher runs a round of Spot On Germany with two team devices in Chromium."""

from __future__ import annotations

import re

import pytest
from django.test import Client

# The `browser` fixture (Debian's Chromium through Playwright) is in tests/browser/conftest.py.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def big_deck(db):
    from cards.models import Deck, DeckCard, Edition
    from tests.play.conftest import secret_place

    deck = Deck.objects.create(slug="de-big", name="Groß", edition=Edition.GERMANY)
    for i in range(12):
        DeckCard.objects.create(deck=deck, place=secret_place(i))
    return deck


def _logged_in_context(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(8000)
    return context


def _join(browser, live_server, code: str, team: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(8000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=re.compile(team)).click()
    page.wait_for_selector(".game.device")
    return page


def test_a_teacher_and_two_devices_play_a_round(browser, live_server, teacher, big_deck):
    from play.models import Game
    from play.services import totals

    host = _logged_in_context(browser, live_server, teacher).new_page()
    host.goto(f"{live_server.url}/play/new/")
    host.select_option("select[name=deck]", str(big_deck.pk))
    host.fill("input[name=team_1]", "Rot")
    host.fill("input[name=team_2]", "Blau")
    host.check("input[name=mode][value=devices]")
    host.click("form.new-game button[type=submit]")
    host.wait_for_selector(".join-panel svg")  # the QR code
    code = host.locator(".join-panel .code").inner_text().strip()
    game = Game.objects.get(code=code)

    devices = {
        "Rot": _join(browser, live_server, code, "Rot"),
        "Blau": _join(browser, live_server, code, "Blau"),
    }
    host.click("text=Lay out the first round")
    host.wait_for_selector(".table .card.front")

    for turn in range(6):
        page = devices["Rot" if turn % 2 == 0 else "Blau"]
        page.wait_for_selector(".status.yours", timeout=6000)  # arrives by polling
        page.locator(".pick:not(.spent) input:not([disabled]) + .tipcard").first.click()
        page.locator("button.place-here").nth(turn % 3).click()
        page.wait_for_selector(".status:not(.yours)")

    host.wait_for_selector("text=Reveal: turn the cards over", timeout=6000)
    host.click("text=Reveal: turn the cards over")
    host.wait_for_selector(".card.back .blob.black")
    host.wait_for_selector("svg.round-map")
    shown = [int(s) for s in host.locator(".teams .score").all_inner_texts()]
    assert shown == [totals(game)[0], totals(game)[1]]
    # The devices learn their points too.
    devices["Rot"].wait_for_selector("text=This round", timeout=6000)
    assert f"{totals(game)[0]} point" in devices["Rot"].locator(".device-bar").inner_text()
