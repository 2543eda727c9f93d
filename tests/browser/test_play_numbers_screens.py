"""Numbers on the screens a class uses: a phone (390 × 844) through a long chain, and the
projector's end screen (1920 × 1080 and 1280 × 720) after a long chain."""

from __future__ import annotations

import re

import pytest

from play.core import store
from play.editions.numbers.solver import JOKER
from tests.browser.helpers import join_on_phone
from tests.browser.numbers import chain_of, finished_game_after_a_long_chain

pytestmark = pytest.mark.django_db(transaction=True)


def _game_mid_chain(teacher, steps: int = 20, level: str = "expert", language: str = "en"):
    """Ada's turn on her phone after a chain of ``steps`` cards; her hand holds a joker."""
    game = store.create_game(
        user=teacher,
        edition="numbers",
        seat_names=["Ada", "Bo"],
        options={"level": level, "signals": level != "expert"},
        language=language,
    )
    state = game.state
    chain, total, used = chain_of(state, steps)
    state["stock"] = [c for c in state["stock"] if c not in used]
    jokers = [c for c, card in state["cards"].items() if card[0] == JOKER]
    # Four cards of her own that are not in the chain (a dealt card may be one of its steps).
    free = [c for c in [*state["hands"][0], *state["stock"]] if c not in used]
    hand = [c for c in free if state["cards"][c][0] != JOKER][:4]
    state["stock"] = [c for c in state["stock"] if c not in hand]
    joker = jokers[0]  # an expert game has a single joker, which Bo may hold: then swap it
    if joker in state["hands"][1]:
        swap = state["stock"].pop()
        state["hands"][1] = [swap if c == joker else c for c in state["hands"][1]]
    state["stock"] = [c for c in state["stock"] if c != joker]
    state["hands"][0] = [*hand, joker]
    state.update(chain=chain, total=total, turn=0, target=total + 500)
    state["history"][-1]["chain"] = [dict(step) for step in chain]
    game.state = state
    game.save(update_fields=["moving_state"])
    return game


def _in_viewport(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        # The device's own screen: the projector's table under it (closed) repeats its numbers.
        """(els) => els.filter((e) => !e.closest(".mirror")).map((e) => {
          const r = e.getBoundingClientRect();
          return {text: e.textContent.trim(), top: r.top, bottom: r.bottom,
                  inside: r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0}; })""",
    )


@pytest.mark.parametrize("level", ["expert", "normal"])  # without and with a card to show
def test_a_phone_plays_a_twenty_step_chain_without_scrolling(
    browser, live_server, teacher, screenshot_dir, level
):
    game = _game_mid_chain(teacher, steps=20, level=level)
    code, total = game.code, game.state["total"]
    phone = join_on_phone(browser, live_server, code, re.compile("Ada"), locale="en-US")
    phone.wait_for_selector(".nb-device .nb-hand-card")
    phone.screenshot(path=str(screenshot_dir / f"numbers-phone-20-steps-{level}.png"))
    assert phone.evaluate("() => window.scrollY") == 0
    for selector in (
        ".nb-target strong",
        ".nb-total strong",
        ".nb-chain li:last-child",
        ".nb-hand-card .nb-card",
        ".nb-hand-card button",
        ".nb-hand-card select",
        ".nb-show button",
    ):
        if selector == ".nb-show button" and level == "expert":
            assert not phone.locator(selector).count()
            continue
        boxes = _in_viewport(phone, selector)
        assert boxes and all(box["inside"] for box in boxes), (selector, boxes)
    assert phone.locator(".nb-device .nb-total strong").inner_text() == str(total)
    assert phone.locator(".nb-device .nb-hand-card").count() == 5
    assert phone.locator(".nb-device .nb-hand-card button.nb-op").count() == 5 * 4

    # A joker asks for its value: "+" before choosing sends nothing.
    posts = []
    phone.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    joker = phone.locator(".nb-device .nb-hand-card.is-joker")
    joker.locator("button.nb-op").first.click()
    phone.wait_for_timeout(600)
    assert posts == []
    assert joker.locator(".nb-joker-hint").is_visible()
    joker.locator("select[name=value]").select_option("7")
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        joker.locator("button.nb-op").first.click()
    assert answer.value.status == 200
    phone.wait_for_function(
        "t => document.querySelector('.nb-total strong').textContent.trim() === String(t)",
        arg=total + 7,
    )
    assert "(joker)" in phone.locator(".nb-device .nb-chain li:last-child").inner_text()
    phone.context.close()


@pytest.mark.parametrize("width", [390, 360])
def test_a_german_phone_s_numbers_fit_its_width(
    browser, live_server, teacher, screenshot_dir, width
):
    # "Getroffene Ziele" is longer than "Targets hit"; with a three-digit target and total the
    # facts beside them once pushed the page 32 px wider than a 390 px phone.
    game = _game_mid_chain(teacher, steps=6, level="normal", language="de")
    state = game.state
    state.update(total=888, target=999)
    game.state = state
    game.save(update_fields=["moving_state"])
    phone = join_on_phone(browser, live_server, game.code, re.compile("Ada"), locale="de-DE")
    phone.set_viewport_size({"width": width, "height": 800})
    phone.wait_for_selector(".nb-device .nb-hand-card")
    assert "Getroffene Ziele" in phone.locator(".nb-device .nb-facts").inner_text()
    phone.screenshot(path=str(screenshot_dir / f"numbers-phone-de-{width}.png"))
    wide = phone.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= width, wide
    phone.context.close()


def test_a_refused_move_shows_its_message_in_the_phones_viewport(
    browser, live_server, teacher, screenshot_dir
):
    game = _game_mid_chain(teacher, steps=20)
    state = game.state
    # A total that leaves a remainder when divided by the first card of Ada's hand.
    first = state["hands"][0][0]
    value = state["cards"][first][0]
    if value == 1:
        pytest.skip("an ace divides every total")
    state["total"] = value * 10 + 1
    state["target"] = 900
    game.state = state
    game.save(update_fields=["moving_state"])
    phone = join_on_phone(browser, live_server, game.code, re.compile("Ada"), locale="en-US")
    card = phone.locator(".nb-device .nb-hand-card").first
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        card.locator("button.nb-op[value='/']").click()
    assert answer.value.status == 400
    phone.wait_for_selector(".stage-message .flash.error")
    phone.screenshot(path=str(screenshot_dir / "numbers-phone-refused.png"))
    (box,) = _in_viewport(phone, ".stage-message .flash.error")
    assert box["inside"] and "remainder" in box["text"], box
    phone.context.close()


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_end_screen_shows_the_outcome_and_the_whole_review_large(
    browser, live_server, teacher, screenshot_dir, width, height
):
    from django.test import Client

    game = finished_game_after_a_long_chain(teacher)
    client = Client()
    client.force_login(teacher)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/play/host/{game.code}/")
    page.wait_for_selector(".nb-review")
    page.screenshot(path=str(screenshot_dir / f"numbers-end-{width}.png"))
    outcome = _in_viewport(page, ".nb-review h2")
    assert outcome[0]["inside"] and "Lost" in outcome[0]["text"]
    assert "Every hand is empty." in outcome[0]["text"]
    sizes = page.eval_on_selector_all(
        ".nb-review h2 small, .nb-review th, .nb-review td",
        "(els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert min(sizes) >= 24, sizes
    # The review scrolls inside the screen: its box is in view, and every row can be brought
    # into it without scrolling the page.
    (rows_box,) = _in_viewport(page, ".nb-review-rows")
    assert rows_box["inside"], rows_box
    count = page.locator(".nb-review tbody tr").count()
    assert count == 5
    for index in range(count):
        row = page.locator(".nb-review tbody tr").nth(index)
        row.scroll_into_view_if_needed()
        box = row.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (index, box)
    assert page.evaluate("() => window.scrollY") == 0
    page.locator(".nb-review tbody tr").last.screenshot(
        path=str(screenshot_dir / f"numbers-end-{width}-last-row.png")
    )
    context.close()
