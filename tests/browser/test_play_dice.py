"""End to end: a class plays Spot On (Knizia 1995) on the projector against the computer."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.browser.helpers import join_on_phone

pytestmark = pytest.mark.django_db(transaction=True)


def _projector(browser, live_server, user, size=(1280, 720)):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-GB")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def _click_and_wait(page, selector: str) -> None:
    version = page.get_attribute("#stage", "data-version")
    page.click(selector)
    page.wait_for_function(
        "v => document.querySelector('#stage').dataset.version !== v", arg=version
    )


def test_a_class_plays_a_whole_game_against_the_computer(
    browser, live_server, teacher, settings, screenshot_dir
):
    from play.core import store
    from play.models import Game

    settings.DICE_BOT_DELAY = 0  # the computer answers within the class's move
    game = store.create_game(
        user=teacher,
        edition="dice",
        seat_names=["Class 7b", "Computer"],
        bots=[1],
        mode="projector",
        options={"bot": "cautious"},
        language="en",
    )
    page = _projector(browser, live_server, teacher)
    page.goto(f"{live_server.url}/play/host/{game.code}/")
    page.wait_for_selector(".dice.projector .dice-board.choosing")
    # The projector shows the whole grid without scrolling, and tablet-sized targets.
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    box = page.locator(".edge button:not([disabled])").first.bounding_box()
    assert box["width"] >= 28 and box["height"] >= 28
    assert page.locator(".pc[data-cell]:not(.gap)").count() == 36
    shots = 0
    for _turn in range(400):
        if page.locator(".dice-result").count():
            break
        if page.locator(".dice-board.choosing").count():
            _click_and_wait(page, ".edge button:not([disabled])")
            assert page.locator(".dice-board .pawn").count() == 1
        elif page.locator("[data-move=stop]:not([disabled])").count() and (
            page.locator(".pc .counter.up").count() >= 2
        ):
            _click_and_wait(page, "[data-move=stop]")
        else:
            _click_and_wait(page, "[data-move=roll]")
            if page.locator(".game-over").count():
                break  # the computer's answer took the last court
            assert page.locator(".die").count() == 1
            if page.locator(".pc.counted").count() and shots < 1:
                page.screenshot(path=str(screenshot_dir / "dice-projector.png"))
                shots += 1
    page.wait_for_selector(".dice-result")
    text = page.inner_text(".dice-result")
    assert "wins" in text or "tie" in text
    page.screenshot(path=str(screenshot_dir / "dice-projector-end.png"))
    shown = [page.inner_text(f"[data-score='{seat}']") for seat in (0, 1)]
    page.context.close()
    game = Game.objects.get(pk=game.pk)
    assert game.is_finished
    assert store.replayed_state(game) == game.state
    scores = store.result_of(game)["scores"]
    assert shown == [f"{s['total']} point{'' if s['total'] == 1 else 's'}" for s in scores]


def test_a_player_plays_on_a_phone_with_roll_and_stop_in_thumb_reach(
    browser, live_server, teacher, settings, screenshot_dir
):
    from play.core import store

    settings.DICE_BOT_DELAY = 0
    game = store.create_game(
        user=teacher, edition="dice", seat_names=["Mia", "Computer"], bots=[1], language="en"
    )
    page = join_on_phone(browser, live_server, game.code, "Mia")
    context = page.context
    page.wait_for_selector(".dice.device .dice-board.choosing")
    box = page.locator(".edge button:not([disabled])").first.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    _click_and_wait(page, "[data-line='left-2']")
    assert page.get_attribute(".dice-board .pawn", "data-pawn") == "left-2"
    _click_and_wait(page, "[data-move=roll]")
    page.wait_for_selector(".die")
    page.screenshot(path=str(screenshot_dir / "dice-phone.png"))
    if page.locator("[data-move=stop]:not([disabled])").count():
        roll = page.locator("[data-move=roll]").bounding_box()
        assert roll["height"] >= 48 and roll["y"] + roll["height"] <= 844
        _click_and_wait(page, "[data-move=stop]")
    # The computer has answered; it is Mia's turn again, or the die busted her first roll.
    page.wait_for_selector(".dice-board.choosing")
    context.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_die_and_the_status_line_are_readable_on_a_projector(
    browser, live_server, teacher, screenshot_dir, size
):
    from play.core import store

    game = store.create_game(
        user=teacher,
        edition="dice",
        seat_names=["Class 7b", "Class 7c"],
        mode="projector",
        language="en",
    )
    page = _projector(browser, live_server, teacher, size)
    page.goto(f"{live_server.url}/play/host/{game.code}/")
    page.wait_for_selector(".dice.projector .dice-board.choosing")
    _click_and_wait(page, ".edge button:not([disabled])")
    _click_and_wait(page, "[data-move=roll]")
    page.wait_for_selector(".die")
    page.screenshot(path=str(screenshot_dir / f"dice-projector-{size[0]}.png"))
    die = page.locator(".die").bounding_box()
    status = page.eval_on_selector(
        ".dice-status .what", "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    if size[0] == 1920:
        # Four times its old size or more (about 20 px); the side column it sits in varies.
        assert die["width"] >= 64 and status >= 28, (die, status)
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    page.context.close()
