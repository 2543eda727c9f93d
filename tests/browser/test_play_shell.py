"""The device shell in Chromium: a screen whose polling was lost finds its way back by itself."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

# What a failed swap leaves behind: a stage that no longer polls.
STOP_POLLING = """() => {
  const stage = document.getElementById("stage");
  stage.removeAttribute("hx-trigger");
  htmx.process(stage);
}"""


def test_a_phone_whose_polling_stopped_catches_up_by_itself(browser, live_server, teacher):
    from play import games

    game = games.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Bo"], options={"game": 1}, language="en"
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    context.set_default_timeout(15_000)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/play/join/")
    phone.fill("input[name=code]", game.code.lower())
    phone.click("form.join-form button[type=submit]")
    phone.get_by_role("button", name="Bo").click()
    phone.wait_for_selector(".match-device[data-phase=ready]")
    phone.evaluate(STOP_POLLING)
    phone.wait_for_timeout(1500)
    assert phone.locator(".match-device[data-phase=ready]").count()

    # Ada starts the game from her device; Bo's screen, deaf now, still shows it within seconds.
    games.make_move(game, 0, "start", {})
    phone.wait_for_selector(".match-device[data-phase=play]", timeout=10_000)
    context.close()
