"""A stage's form pressed the moment its stage is swapped in is sent by htmx, as any other
press: not natively (a page reload, after which the screen reader hears nothing of the move)."""

from __future__ import annotations

import pytest

from play.core import store
from play.models import Game
from tests.browser.a11y import new_game
from tests.browser.helpers import join_on_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRESS_ON_SWAP = """() => {
  document.addEventListener("htmx:afterSwap", function once() {
    document.removeEventListener("htmx:afterSwap", once);
    // The next thing the page does: as a press right after the redraw.
    setTimeout(function () { document.querySelector("#stage button.take").click(); }, 0);
  });
  const stage = document.getElementById("stage");
  const whole = stage.getAttribute("hx-get").replace(/([?&]v=)\\d+/, "$10");
  window.htmx.ajax("GET", whole, { source: stage, target: stage, swap: "outerHTML" });
}"""


def test_a_form_pressed_as_its_stage_is_swapped_in_is_sent_by_htmx(
    browser, live_server, teacher, world_deck
):
    game = new_game("world", teacher, {"world": world_deck})
    store.make_move(Game.objects.get(pk=game.pk), None, "lay_out", {}, teacher=True)
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.wait_for_selector("#stage button.take")
    version = int(phone.get_attribute("#stage", "data-version"))
    phone.wait_for_function("() => window.htmx !== undefined")
    phone.evaluate("window.sameDocument = true")
    phone.evaluate(PRESS_ON_SWAP)
    phone.wait_for_function(
        "(v) => Number(document.getElementById('stage').dataset.version) > v", arg=version
    )
    assert phone.evaluate("window.sameDocument === true"), "the press reloaded the page"
    assert Game.objects.get(pk=game.pk).version > version
