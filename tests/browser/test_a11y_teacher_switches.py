"""The teacher's two switches for a pupil who needs them: the table (what the projector shows)
opened on every phone at once, and more time on the turn clock for one team."""

from __future__ import annotations

import pytest

from play.models import Game
from tests.browser.a11y import wait_for_version
from tests.browser.helpers import create_device_game, join_on_phone, logged_in_page

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_teacher_opens_the_table_on_every_phone(browser, live_server, teacher, screenshot_dir):
    game = create_device_game(teacher, "numbers")
    host = logged_in_page(browser, live_server, teacher, (1280, 720))
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    phones = [join_on_phone(browser, live_server, game.code, name) for name in ("Ada", "Bo")]
    version = Game.objects.get(pk=game.pk).version
    for page in (host, *phones):
        wait_for_version(page, version)
    assert all(not phone.locator("[data-mirror]").evaluate("(e) => e.open") for phone in phones)

    switch = host.get_by_role("button", name="The table on every phone")
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    pressed = ".teacher-bar button[aria-pressed=true][title='The table on every phone']"
    host.wait_for_selector(pressed)
    for phone in phones:  # no pupil touched anything: the switch opened it
        phone.wait_for_selector("[data-mirror][open]")
        assert "Targets hit" in phone.locator(".mirror-body").inner_text()
    phones[0].screenshot(path=str(screenshot_dir / "table-on-every-phone.png"), full_page=True)

    # A pupil may still fold it, and it stays folded through the next redraw.
    phones[1].locator("[data-mirror] summary").click()
    assert not phones[1].locator("[data-mirror]").evaluate("(e) => e.open")
    game.refresh_from_db()
    host.get_by_role("button", name="The table on every phone").click()  # and off again
    wait_for_version(phones[1], game.version + 1)
    assert not phones[1].locator("[data-mirror]").evaluate("(e) => e.open")
    assert Game.objects.get(pk=game.pk).table_on_phones is False
    for page in (host, *phones):
        page.context.close()


CLOCK = "() => document.querySelector('[data-timer]').textContent"


def test_one_team_has_more_time_on_its_turns(browser, live_server, teacher, screenshot_dir):
    game = create_device_game(teacher, "dice")  # Ada's turn first: Dice has a turn order
    host = logged_in_page(browser, live_server, teacher, (1280, 720))
    host.clock.install()  # the clock moves only when the test moves it
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    assert host.locator("#stage").get_attribute("data-turn") == "0"
    host.get_by_role("button", name="Timer").click()
    host.select_option("[data-timer-select]", "30")
    assert host.evaluate(CLOCK) == "0:30"
    host.select_option("[data-timer-more]", label="Bo")  # not Bo's turn: the clock is as set
    assert host.evaluate(CLOCK) == "0:30"
    host.select_option("[data-timer-more]", label="Ada")
    assert host.evaluate(CLOCK) == "1:00"
    host.clock.run_for(10_000)
    assert host.evaluate(CLOCK) == "0:50"
    host.screenshot(path=str(screenshot_dir / "timer-more-time.png"))
    host.keyboard.press("Escape")
    assert not host.locator("[data-timer-pop]").evaluate("(e) => e.open")
    host.context.close()
