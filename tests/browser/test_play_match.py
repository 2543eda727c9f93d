"""End to end: two phones and a computer team race through a match of the island store."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.helpers import game_by_code, open_projector
from tests.browser.match import TAP_SHARED, join_match_on_phone

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]


class _NothingToTap(Exception):
    pass


def _claim(phone, cards: str) -> bool:
    """Tap the symbol a claimable card shares with the phone's own card, as a player would,
    and wait for the answer (so that the test's two phones never write at the same time)."""
    if not phone.locator(f"{cards} form.mclaim").count():
        return False
    try:
        with phone.expect_request(lambda r: r.method == "POST", timeout=5_000) as sent:
            if not phone.evaluate(TAP_SHARED, cards):
                raise _NothingToTap
    except _NothingToTap:
        return False
    except PlaywrightTimeout:
        # The tap met a card the refresh was just replacing: a player taps again.
        return False
    sent.value.response()  # waits for the answer (the page's own timeout applies)
    return True


def test_two_phones_and_a_computer_team_play_knights_to_ten_points(
    browser, live_server, teacher, screenshot_dir
):
    from play.core import store

    game = store.create_game(
        user=teacher,
        edition="match",
        seat_names=["Ada", "Bo", "Robo"],
        bots=[2],
        # The computer claims 3 s after it turned up its knight, however fast the phones are.
        # (The live test server shares one database connection between its threads, so the
        # test keeps writers apart: phones wait for their answers.)
        options={"mode": "beginner", "game": 5, "reaction": 3, "lock": 1},
        language="en",
    )
    code = game.code
    projector = open_projector(browser, live_server, teacher, code)
    phones = [join_match_on_phone(browser, live_server, code, name) for name in ("Ada", "Bo")]
    phones[0].click("button.mstart")
    for phone in phones:
        phone.wait_for_selector(".match-device[data-phase=play]")
    projector.wait_for_selector(".match-projector[data-phase=play]")
    # While cards are claimed, every screen polls faster than the shell's second.
    for page in (projector, *phones):
        assert page.locator("#stage").get_attribute("hx-trigger") == "every 400ms"
    projector.screenshot(path=str(screenshot_dir / "match-knights-projector.png"))
    phones[0].screenshot(path=str(screenshot_dir / "match-knights-phone.png"))

    for turn in range(120):
        if any(p.locator(".game-over").count() for p in phones):
            break
        if turn == 4:
            # A pause: the computer team collects a card once its reaction time has passed.
            projector.wait_for_function(
                "() => Number(document.querySelector('.mteams li.team-red .mdial span')"
                ".textContent) >= 1",
                timeout=30_000,
            )
        _claim(phones[turn % 2], ".mmiddle")
    for page in (*phones, projector):
        page.wait_for_selector(".game-over .match[data-phase=over]")
        assert "Winner" in page.locator(".mwinner").inner_text()
    projector.screenshot(path=str(screenshot_dir / "match-knights-over.png"))
    phones[0].screenshot(path=str(screenshot_dir / "match-knights-phone-over.png"))
    # A phone says whether its team won, not only who did.
    for phone in phones:
        outcome = phone.locator(".game-over-outcome").inner_text()
        assert "You won!" in outcome or "You did not win this time." in outcome
    for page in (*phones, projector):
        page.context.close()

    game = game_by_code(code)
    scores = [team["score"] for team in game.state["teams"]]
    assert game.is_finished and max(scores) == 10
    assert scores[2] >= 1  # the computer team played too
    assert store.replayed_state(game) == game.state


def test_a_phone_covers_an_island_card_by_picking_it_and_tapping_the_symbol(
    browser, live_server, teacher, screenshot_dir
):
    from play.core import store

    game = store.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Bo"], options={}, language="en"
    )
    code = game.code
    projector = open_projector(browser, live_server, teacher, code)
    phone = join_match_on_phone(browser, live_server, code, "Ada")
    phone.click("button.mstart")
    phone.wait_for_selector(".match-device[data-phase=play]")
    phone.locator(".misland .mcard.target").first.tap()
    assert phone.locator(".mchosen form.mclaim").count() == 1
    phone.screenshot(path=str(screenshot_dir / "match-welcome-phone.png"))
    assert _claim(phone, ".mchosen")
    phone.wait_for_selector(".mleft:has-text('14 more')")
    projector.wait_for_selector(".misland .mcard.role-orange")
    projector.screenshot(path=str(screenshot_dir / "match-welcome-projector.png"))
    for page in (phone, projector):
        page.context.close()
    game = game_by_code(code)
    assert sum(len(stack) for stack in game.state["island"]) == 20
    assert store.replayed_state(game) == game.state


# In the page: tap a symbol of the enlarged card that the phone's own card does not show, and
# time how long until the lock message shows and the claimable cards are greyed out.
TAP_WRONG_AND_TIME_THE_LOCK = """() => new Promise((resolve) => {
  const own = new Set([...document.querySelectorAll('.mmine .msym .sr')].map((s) => s.textContent));
  const wrong = [...document.querySelectorAll('.mchosen form.mclaim button.msym')]
    .find((b) => !own.has(b.querySelector('.sr').textContent));
  const start = performance.now();
  wrong.click();
  (function check() {
    const root = document.querySelector('.match-device');
    const note = root && root.querySelector('.mlock');
    const greyed = root && root.classList.contains('locked') && getComputedStyle(
      root.querySelector('.misland')).opacity < 0.5;
    if (note && !note.hidden && note.offsetParent !== null && greyed) {
      resolve(performance.now() - start);
    } else if (performance.now() - start > 3000) {
      resolve(-1);
    } else {
      requestAnimationFrame(check);
    }
  })();
})"""


def test_a_wrong_tap_on_the_enlarged_card_locks_at_once_and_too_late_keeps_the_game_url(
    browser, live_server, teacher, screenshot_dir
):
    from play.core import store
    from play.editions.match import rules

    game = store.create_game(
        user=teacher,
        edition="match",
        seat_names=["Ada", "Bo"],
        options={"lock": 2},
        language="en",
    )
    code = game.code
    projector = open_projector(browser, live_server, teacher, code)
    phone = join_match_on_phone(browser, live_server, code, "Ada")
    # The projector starts the game between games (no phone needed).
    projector.wait_for_selector(".match-projector button.mstart")
    projector.screenshot(path=str(screenshot_dir / "match-projector-start.png"))
    projector.click(".match-projector button.mstart")
    projector.wait_for_selector(".match-projector[data-phase=play]")
    phone.wait_for_selector(".match-device[data-phase=play] .misland .mcard.target")
    game_url = phone.url
    # Island cards on a phone use its width (about 55 px across before).
    width = phone.locator(".misland .mcard").first.bounding_box()["width"]
    print(f"island card {width:.0f} px across on a 390 px phone")
    assert width >= 70
    requests = []
    phone.on("request", lambda r: requests.append((r.method, r.resource_type, r.url)))

    phone.locator(".misland .mcard.target").first.tap()
    assert phone.locator(".mchosen form.mclaim").count() == 1
    # "At once" means with the claim's own answer, not after a later refresh: refreshes are
    # refused meanwhile, so the check holds however slow the machine is.
    phone.route(re.compile(r".*/state/.*"), lambda route: route.abort())
    elapsed = phone.evaluate(TAP_WRONG_AND_TIME_THE_LOCK)
    phone.screenshot(path=str(screenshot_dir / "match-wrong-tap-lock.png"))
    print(f"lock shown {elapsed:.0f} ms after the wrong tap, with no refresh")
    assert elapsed >= 0
    phone.unroute(re.compile(r".*/state/.*"))
    assert "Wrong symbol" in phone.locator(".mlock").inner_text()
    posts = [r for r in requests if r[0] == "POST"]
    assert len(posts) == 1 and posts[0][1] in ("xhr", "fetch")
    assert not [r for r in requests if r[1] == "document"]  # no page load
    assert game_by_code(code).state["teams"][0]["locked_until"] > 0

    # Too late: the phone's picked card is covered by the other team before the phone claims
    # it (the phone's refreshes are held back so that it still shows the card).
    phone.wait_for_function("() => !document.querySelector('.match-device.locked')", timeout=5000)
    phone.route(re.compile(r".*/state/.*"), lambda route: route.abort())
    phone.locator(".misland .mcard.target").first.tap()
    ref = phone.locator(".mchosen form.mclaim input[name=target]").get_attribute("value")
    state = game_by_code(code).state
    target = state["refs"].index(ref)
    other = rules.own_card(state, 1)
    store.make_move(
        game_by_code(code),
        1,
        "claim",
        {
            "symbol": rules.shared_symbol(state, other, target),
            "target": ref,
            "card": state["refs"][other],
        },
    )
    requests.clear()
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        assert phone.evaluate(TAP_SHARED, ".mchosen")
    assert answer.value.status == 409
    phone.wait_for_selector(".stage-message .flash.error")
    assert "Too late" in phone.locator(".stage-message").inner_text()
    assert phone.url == game_url
    assert not [r for r in requests if r[1] == "document"]
    phone.screenshot(path=str(screenshot_dir / "match-too-late.png"))
    for page in (phone, projector):
        page.context.close()
