"""The device shell in Chromium: a screen whose polling was lost finds its way back by itself."""

from __future__ import annotations

import pytest

from tests.browser.helpers import join_on_phone

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
    phone = join_on_phone(browser, live_server, game.code, "Bo")
    phone.wait_for_selector(".match-device[data-phase=ready]")
    phone.evaluate(STOP_POLLING)
    phone.wait_for_timeout(1500)
    assert phone.locator(".match-device[data-phase=ready]").count()

    # Ada starts the game from her device; Bo's screen, deaf now, still shows it within seconds.
    games.make_move(game, 0, "start", {})
    phone.wait_for_selector(".match-device[data-phase=play]", timeout=10_000)
    phone.context.close()
