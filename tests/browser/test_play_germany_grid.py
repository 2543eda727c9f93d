"""End to end in Chromium: a Germany-rules round on the Austria starter deck, on the projector
with one team on a phone, revealed on Austria's map; the projector fits without scrolling."""

from __future__ import annotations

import pytest

from tests.browser.helpers import assert_fits, click_in_view, join_as_team, logged_in_context

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def austria_deck(db):
    from cards import starter

    return starter.grid_deck("austria", "AT", "Österreich", 5_000)[0]


def test_an_austria_round_on_the_projector_and_a_phone(
    browser, live_server, teacher, austria_deck, screenshot_dir
):
    from play.editions.germany.moves import totals
    from play.models import Game

    host = logged_in_context(browser, live_server, teacher, 1920, 1080).new_page()
    host.goto(f"{live_server.url}/play/new/germany/")
    options = host.locator("select[name=deck] option").all_inner_texts()
    assert "Österreich" in options and "Schweiz" not in options  # only the decks there are
    host.select_option("select[name=deck]", str(austria_deck.pk))
    assert "federal state" in host.locator("#help-option_starting_team").inner_text()
    host.fill("input[name=seat_0]", "Rot")
    host.fill("input[name=seat_1]", "Blau")
    host.check("input[name=mode][value=devices]")
    host.click("form.new-game button[type=submit]")
    host.wait_for_selector(".teacher-bar")
    assert host.locator(".de-head h1").inner_text() == "Spot On: Austria"
    assert "Spot On: Austria" in host.locator(".teacher-bar .bar-name").inner_text()
    code = host.locator(".teacher-bar .code-inline").inner_text().strip()
    game = Game.objects.get(code=code)

    phone = join_as_team(browser, live_server, code, "Rot")  # Blau plays on the projector
    click_in_view(host, host.get_by_role("button", name="Lay out the first round"), "lay out")
    host.wait_for_selector(".de-table .de-card.front")
    for turn in range(6):
        if turn % 2 == 0:
            phone.wait_for_selector(".status.yours", timeout=8000)  # arrives by polling
            phone.locator(".pick:not(.spent) input:not([disabled]) + .tipcard").first.click()
            phone.locator("button.place-here").nth(turn % 3).click()
            phone.wait_for_selector(".status:not(.yours)")
        else:
            host.wait_for_selector(".de-hand .pick input:not([disabled])", timeout=8000)
            hand = host.locator(".de-hand .pick:not(.spent) input:not([disabled]) + .tipcard")
            click_in_view(host, hand.first, "tip card")
            click_in_view(host, host.locator("button.place-here").nth(turn % 3), "place")
        host.wait_for_function(
            f"() => document.querySelectorAll('.de-stack .de-tip').length === {turn + 1}"
        )
        assert_fits(host, f"tip {turn}")

    reveal = host.get_by_role("button", name="Reveal: turn the cards over")
    reveal.wait_for(timeout=8000)
    click_in_view(host, reveal, "reveal")
    host.wait_for_selector(".de-card.back .blob.black")
    host.wait_for_selector("svg.round-map")
    # Austria's map: its name, and as many numbered dots as cards on the table.
    assert "Austria" in host.locator("svg.round-map").inner_html()
    title = host.locator(".de-card.back .blob.black").first.get_attribute("title")
    assert title == "north–south number (0 north … 50 south)"
    stored = Game.objects.get(pk=game.pk).state
    cards = [stored["cards"][ref] for ref in stored["rounds"][0]["places"]]
    shown = host.locator(".de-card.back .blob.black").evaluate_all(
        "blobs => blobs.map(b => Number(b.lastChild.textContent.trim()))"
    )
    assert shown == [card["ns"] for card in cards]
    assert all(0 <= card["ns"] <= 50 and 0 <= card["we"] <= 80 for card in cards)
    assert [int(s) for s in host.locator(".de-team .score").all_inner_texts()] == totals(stored)
    assert_fits(host, "revealed 1920x1080")
    host.screenshot(path=str(screenshot_dir / "austria-reveal-1920x1080.png"))
    host.set_viewport_size({"width": 1280, "height": 720})
    host.wait_for_timeout(300)
    assert_fits(host, "revealed 1280x720")
    host.screenshot(path=str(screenshot_dir / "austria-reveal-1280x720.png"))

    phone.wait_for_selector("text=This round", timeout=8000)
    assert f"{totals(stored)[0]} point" in phone.locator(".de-score").inner_text()
    phone.screenshot(path=str(screenshot_dir / "austria-phone-390x844.png"))
