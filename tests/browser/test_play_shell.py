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
    from play.core import store

    game = store.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Bo"], options={"game": 1}, language="en"
    )
    phone = join_on_phone(browser, live_server, game.code, "Bo")
    phone.wait_for_selector(".match-device[data-phase=ready]")
    phone.wait_for_function("() => window.htmx !== undefined")  # deferred: may come later
    phone.evaluate(STOP_POLLING)
    phone.wait_for_timeout(1500)
    assert phone.locator(".match-device[data-phase=ready]").count()

    # Ada starts the game from her device; Bo's screen, deaf now, still shows it within seconds.
    store.make_move(game, 0, "start", {})
    phone.wait_for_selector(".match-device[data-phase=play]", timeout=10_000)
    phone.context.close()


# What htmx asks before it swaps an answer in; the shell may refuse.
ASK_TO_SWAP = """(version) => {
  const detail = {
    xhr: {status: 200, responseText: `<div id="stage" class="stage" data-version="${version}">`},
    shouldSwap: true, isError: false, target: document.getElementById("stage"),
  };
  document.getElementById("stage").dispatchEvent(
    new CustomEvent("htmx:beforeSwap", {detail, bubbles: true, cancelable: true}));
  return detail.shouldSwap;
}"""


def test_an_answer_older_than_the_screen_is_never_swapped_in(browser, live_server, teacher):
    # A poll sent before a click may arrive after the click's answer: the screen must not jump
    # back to the older stage (the teacher would see the click undone and click again).
    from play.core import store

    game = store.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Bo"], options={"game": 1}, language="en"
    )
    store.make_move(game, 0, "start", {})
    phone = join_on_phone(browser, live_server, game.code, "Bo")
    phone.wait_for_selector(".match-device[data-phase=play]")
    phone.wait_for_load_state("load")  # the shell's deferred script listens from then on
    shown = int(phone.locator("#stage").get_attribute("data-version"))
    assert phone.evaluate(ASK_TO_SWAP, shown - 1) is False
    assert phone.evaluate(ASK_TO_SWAP, shown) is True
    assert phone.evaluate(ASK_TO_SWAP, shown + 1) is True
    phone.context.close()
