"""The teacher's game list in Chromium: tick games, "End selected" asks first and ends only
those; declining the question changes nothing."""

from __future__ import annotations

import pytest

from tests.browser.helpers import logged_in_page

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_teacher_ends_the_ticked_games_after_confirming(
    browser, live_server, teacher, screenshot_dir
):
    from play.core import store
    from play.models import Game

    games = [
        store.create_game(user=teacher, edition="dice", seat_names=["Ada", "Bo"], language="en")
        for _ in range(3)
    ]
    page = logged_in_page(browser, live_server, teacher, (1280, 720))
    page.goto(f"{live_server.url}/play/")
    for game in games[:2]:
        page.check(f"input[name=game][value='{game.code}']")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Delete selected").click()
    assert asked and "Delete the selected games" in asked[0]
    assert Game.objects.count() == 3  # declined: nothing happened
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="End selected").click()
    page.wait_for_selector(".messages")
    page.screenshot(path=str(screenshot_dir / "game-list-ended.png"), full_page=True)
    assert "2 games ended." in page.locator(".messages").inner_text()
    assert "End the selected games" in asked[1]
    finished = {g.code: g.is_finished for g in Game.objects.all()}
    assert finished == {games[0].code: True, games[1].code: True, games[2].code: False}
    page.context.close()
