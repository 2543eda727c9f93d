"""End to end in Chromium: whole Germany games on the projector at classroom sizes, and a round
with two phones. The projector never scrolls and every control used is on the screen."""

from __future__ import annotations

import pytest

from tests.browser.helpers import assert_fits, click_in_view, join_as_team, logged_in_context

# The `browser` fixture (Debian's Chromium through Playwright) is in tests/browser/conftest.py.
pytestmark = pytest.mark.django_db(transaction=True)


def _new_game(host, live_server, deck, teams, rounds):
    host.goto(f"{live_server.url}/play/new/germany/")
    host.select_option("select[name=deck]", str(deck.pk))
    for i, name in enumerate(teams):
        host.fill(f"input[name=seat_{i}]", name)
    host.check("input[name=mode][value=projector]")
    host.fill("input[name=option_rounds]", str(rounds))
    host.click("form.new-game button[type=submit]")
    host.wait_for_selector(".teacher-bar")


@pytest.mark.parametrize(
    ("width", "height", "teams", "rounds"),
    [(1920, 1080, ["Rot", "Blau"], 6), (1280, 720, ["Rot", "Blau", "Grün", "Gelb"], 2)],
)
def test_a_whole_game_on_the_projector(
    browser, live_server, teacher, big_deck, screenshot_dir, width, height, teams, rounds
):
    from play.models import Game

    host = logged_in_context(browser, live_server, teacher, width, height).new_page()
    host.on("dialog", lambda dialog: dialog.accept())
    _new_game(host, live_server, big_deck, teams, rounds)
    game = Game.objects.latest("pk")
    assert_fits(host, "start")
    for number in range(1, rounds + 1):
        label = "Lay out the first round" if number == 1 else "Next round"
        click_in_view(host, host.get_by_role("button", name=label), label)
        host.wait_for_selector(".de-card.front")
        assert_fits(host, f"round {number} laid out")
        for turn in range(3 * len(teams)):
            hand = host.locator(".de-hand .pick:not(.spent) input:not([disabled]) + .tipcard")
            click_in_view(host, hand.first, "tip card")
            place = host.locator("button.place-here").nth(turn % (len(teams) + 1))
            click_in_view(host, place, "place")
            host.wait_for_function(
                f"() => document.querySelectorAll('.de-stack .de-tip').length === {turn + 1}"
            )
            assert_fits(host, f"round {number} tip {turn}")
            if number == 1 and turn == 1:
                before = host.locator(".de-table").inner_text()
                click_in_view(host, host.get_by_role("button", name="Undo"), "undo")
                host.wait_for_function(
                    "() => document.querySelectorAll('.de-stack .de-tip').length === 1"
                )
                # Play it again, the same way.
                click_in_view(host, hand.first, "tip card again")
                click_in_view(host, place, "place again")
                host.wait_for_function(
                    "() => document.querySelectorAll('.de-stack .de-tip').length === 2"
                )
                assert host.locator(".de-table").inner_text() == before
            if number == 1 and turn == 2:
                # A second screen plays for the next team first while this projector's
                # polls are held up: its form is stale, and the server's refusal shows on it.
                host.route("**/state/**", lambda route: route.fulfill(status=204))
                other = host.context.new_page()
                other.goto(host.url)
                other_hand = other.locator(
                    ".de-hand .pick:not(.spent) input:not([disabled]) + .tipcard"
                )
                other_hand.first.click()
                other.locator("button.place-here").first.click()
                other.wait_for_function(
                    f"() => document.querySelectorAll('.de-stack .de-tip').length === {turn + 2}"
                )
                other.close()
                click_in_view(host, hand.first, "stale tip card")
                click_in_view(host, place, "stale place")
                host.wait_for_selector(".stage-message .flash.error")
                assert "not this team" in host.locator(".stage-message").inner_text()
                host.unroute("**/state/**")
                host.wait_for_function(
                    f"() => document.querySelectorAll('.de-stack .de-tip').length === {turn + 2}"
                )
                break
        while True:  # play the rest of the round
            if host.locator("button", has_text="Reveal").count():
                break
            hand = host.locator(".de-hand .pick:not(.spent) input:not([disabled]) + .tipcard")
            count = host.locator(".de-stack .de-tip").count()
            click_in_view(host, hand.first, "tip card")
            click_in_view(host, host.locator("button.place-here").first, "place")
            host.wait_for_function(
                f"() => document.querySelectorAll('.de-stack .de-tip').length === {count + 1}"
            )
        assert_fits(host, f"round {number} complete")
        click_in_view(
            host, host.get_by_role("button", name="Reveal: turn the cards over"), "reveal"
        )
        host.wait_for_selector(".de-card.back .blob.black")
        if number < rounds:
            host.wait_for_selector("svg.round-map")
        assert_fits(host, f"round {number} revealed")
        if number == 1:
            host.screenshot(path=str(screenshot_dir / f"germany-reveal-{width}x{height}.png"))
    host.wait_for_selector(".de-results .ranking")
    assert_fits(host, "game over")
    host.screenshot(path=str(screenshot_dir / f"germany-over-{width}x{height}.png"))
    stored = Game.objects.get(pk=game.pk)
    assert stored.is_finished
    shown = [int(s) for s in host.locator(".de-results .ranking strong").all_inner_texts()]
    from play.editions.germany.moves import totals

    assert sorted(shown, reverse=True) == sorted(totals(stored.state), reverse=True)


def test_a_teacher_and_two_devices_play_a_round(
    browser, live_server, teacher, big_deck, screenshot_dir
):
    from play.editions.germany.moves import totals
    from play.models import Game

    host = logged_in_context(browser, live_server, teacher, 1280, 720).new_page()
    host.goto(f"{live_server.url}/play/new/germany/")
    host.select_option("select[name=deck]", str(big_deck.pk))
    host.fill("input[name=seat_0]", "Rot")
    host.fill("input[name=seat_1]", "Blau")
    host.check("input[name=mode][value=devices]")
    host.click("form.new-game button[type=submit]")
    host.wait_for_selector(".teacher-bar")
    code = host.locator(".teacher-bar .code-inline").inner_text().strip()
    game = Game.objects.get(code=code)

    devices = {
        "Rot": join_as_team(browser, live_server, code, "Rot"),
        "Blau": join_as_team(browser, live_server, code, "Blau"),
    }
    host.get_by_role("button", name="Lay out the first round").click()
    host.wait_for_selector(".de-table .de-card.front")

    for turn in range(6):
        page = devices["Rot" if turn % 2 == 0 else "Blau"]
        page.wait_for_selector(".status.yours", timeout=8000)  # arrives by polling
        if turn == 0:
            page.screenshot(path=str(screenshot_dir / "germany-phone-390x844.png"))
        pick = page.locator(".pick:not(.spent) input:not([disabled]) + .tipcard").first
        place = page.locator("button.place-here").nth(turn % 3)
        for control in (pick, place):  # the current action without scrolling
            box = control.bounding_box()
            assert box["y"] + box["height"] <= 844, box
        pick.click()
        place.click()
        page.wait_for_selector(".status:not(.yours)")

    host.wait_for_selector("text=Reveal: turn the cards over", timeout=8000)
    host.get_by_role("button", name="Reveal: turn the cards over").click()
    host.wait_for_selector(".de-card.back .blob.black")
    host.wait_for_selector("svg.round-map")
    stored = Game.objects.get(pk=game.pk).state
    shown = [int(s) for s in host.locator(".de-team .score").all_inner_texts()]
    assert shown == totals(stored)
    devices["Rot"].wait_for_selector("text=This round", timeout=8000)
    assert f"{totals(stored)[0]} point" in devices["Rot"].locator(".de-score").inner_text()
