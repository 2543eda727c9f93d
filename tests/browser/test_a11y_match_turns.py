"""Match in turns, the pace where speed does not decide: a computer team and a pupil who plays
the phone by keyboard alone claim one after another until the game is over."""

from __future__ import annotations

import pytest

from play.core import store
from play.models import Game
from tests.browser.a11y import SHARED_SYMBOL, axe_violations, summary, tab_to
from tests.browser.helpers import join_on_phone

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]

FINISHED = "() => !!document.querySelector('.game-over, .match-device[data-phase=over]')"


def test_a_keyboard_phone_and_a_computer_team_play_a_whole_game_in_turns(
    browser, live_server, teacher, screenshot_dir
):
    game = store.create_game(
        user=teacher,
        edition="match",
        seat_names=["Ada", "Robo"],
        bots=[1],
        options={"mode": "beginner", "game": 1, "pace": "turns", "points": 1, "reaction": 1},
        language="en",
    )
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    tab_to(phone, "(el) => el.matches('button.mstart')")
    phone.keyboard.press("Enter")
    # The phone's own line, not the projector's table folded under it (which has one too).
    phone.wait_for_selector(".mturn:not(.mirror *)")
    # The rules on the screen said how this pace differs; now it says whose turn it is.
    assert "turn" in phone.locator(".mturn:not(.mirror *)").inner_text().lower()
    my_turns = 0
    for _turn in range(80):
        phone.wait_for_function(
            f"() => ({FINISHED})() || !!document.querySelector('.mturn.yours')", timeout=30_000
        )
        if phone.evaluate(FINISHED):
            break
        if my_turns == 0:
            phone.screenshot(path=str(screenshot_dir / "match-turns-phone.png"), full_page=True)
            found = axe_violations(phone)
            assert not found, summary({"turns": found})
        version = int(phone.get_attribute("#stage", "data-version"))
        tab_to(phone, "(el) => el.matches('.misland .mcard.target')")
        phone.keyboard.press("Enter")
        tab_to(phone, SHARED_SYMBOL)
        phone.keyboard.press("Enter")
        phone.wait_for_function(
            "(v) => Number(document.getElementById('stage').dataset.version) > v", arg=version
        )
        my_turns += 1
    else:
        raise AssertionError("the game did not end")
    phone.context.close()
    game = Game.objects.get(pk=game.pk)
    claims = [m for m in game.moves.order_by("number") if m.name == "claim"]
    # Seats took turns: no seat claimed twice in a row while the other still had cards.
    seats = [m.seat for m in claims]
    assert seats[:6] == [0, 1, 0, 1, 0, 1], seats
    assert my_turns >= 3
    assert game.state["phase"] in ("ready", "over")
    assert store.replayed_state(game) == game.state
