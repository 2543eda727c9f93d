"""Hand-picked places in Chromium: the teacher finds places with the search box, sees how many
are picked of how many are needed, and keeps the ticks when the screen redraws meanwhile."""

from __future__ import annotations

import pytest

from tests.browser.helpers import assert_fits, join_as_team, logged_in_context

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_teacher_picks_the_round_s_places_by_searching(
    browser, live_server, teacher, big_deck, screenshot_dir
):
    from play.core import store
    from play.models import Game

    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=big_deck,
        seat_names=["Rot", "Blau"],
        options={"draw": "picked"},
        mode="devices",
        language="en",  # the screens speak the game's language
    )
    host = logged_in_context(browser, live_server, teacher, 1280, 720).new_page()
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    picker = host.locator("form.de-picker")
    count = picker.locator(".de-count")
    submit = picker.locator("[data-submit]")
    assert count.inner_text() == "0 / 3 picked" and submit.is_disabled()
    host.screenshot(path=str(screenshot_dir / "germany-picker-start-1280x720.png"))
    assert_fits(host, "picker")
    # The join panel shown until the first move covers no place of the list.
    panel = host.locator(".join-big").bounding_box()
    options = picker.locator(".de-options").bounding_box()
    assert options["x"] + options["width"] <= panel["x"], (options, panel)

    search = picker.locator("input[data-filter]")
    search.fill("ort0")
    visible = picker.locator(".de-options li:visible")
    assert visible.count() == 10  # Ort00 … Ort09 of the 45
    visible.filter(has_text="Ort03").locator("input").check()
    visible.filter(has_text="Ort07").locator("input").check()
    assert count.inner_text() == "2 / 3 picked" and submit.is_disabled()

    # A team's phone joins meanwhile: the projector redraws, and the ticks stay.
    version = Game.objects.get(pk=game.pk).version
    join_as_team(browser, live_server, game.code, "Rot")
    host.wait_for_function(
        f"() => +document.getElementById('stage').dataset.version > {version}", timeout=8000
    )
    assert count.inner_text() == "2 / 3 picked"
    assert picker.locator("input[type=checkbox]:checked").count() == 2

    search.fill("Ort41")
    picker.locator(".de-options li:visible", has_text="Ort41").locator("input").check()
    # Ticked places stay listed whatever the search says.
    assert picker.locator(".de-options li:visible").count() == 3
    assert count.inner_text() == "3 / 3 picked" and submit.is_enabled()
    assert_fits(host, "picker")
    host.screenshot(path=str(screenshot_dir / "germany-picker-1280x720.png"))
    submit.click()
    host.wait_for_selector(".de-table .de-card.front")
    shown = sorted(host.locator(".de-card.front h3").all_inner_texts())
    assert shown == ["Ort03", "Ort07", "Ort41"]
