"""End to end: a pupil plays Numbers on a phone against a computer player, to the game's end."""

from __future__ import annotations

import re

import pytest

from play.core import store
from play.editions.numbers import bots as numbers_bots

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_two_player_game_with_a_computer_player_runs_to_its_end(
    browser, live_server, teacher, monkeypatch
):
    monkeypatch.setattr(numbers_bots, "BOT_DELAY", 0)  # the computer answers at once
    game = store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Robo"], bots=[1], language="en"
    )
    # Read what the test needs before the page polls: the test thread shares the live
    # server's in-memory database connection.
    code, ada_hand = game.code, set(game.state["hands"][0])
    robo_hand = set(game.state["hands"][1])
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=re.compile("Ada")).click()
    page.wait_for_selector(".nb-device")
    html = page.content()
    assert all(card in html for card in ada_hand)
    assert not any(card in html for card in robo_hand)

    # First card: added to 0 (a joker asks for its value); then pass until the game ends.
    first = page.locator(".nb-hand-card").first
    if first.locator("select[name=value]").count():
        first.locator("select[name=value]").select_option("7")
    first.locator("button.nb-op").first.click()
    page.wait_for_selector(".nb-chain li .nb-who")
    for _turn in range(80):
        page.wait_for_selector(".nb-pass button, .nb-review")
        if page.locator(".nb-review").count():
            break
        version = page.get_attribute("#stage", "data-version")
        page.locator(".nb-pass button").first.click()
        page.wait_for_function(
            "v => document.getElementById('stage').dataset.version !== v", arg=version
        )
    page.wait_for_selector(".nb-review")
    text = page.locator(".nb-review").inner_text()
    assert "Shortest way with the hands at its start" in text
    assert re.search(r"Won!|Lost", text)
    context.close()  # no page polls any more: the test may use the database again
    game.refresh_from_db()
    assert game.is_finished
    assert store.replayed_state(game) == game.state
