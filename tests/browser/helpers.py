"""Steps several browser tests share."""

from __future__ import annotations

import re

from django.test import Client


def join_on_phone(browser, live_server, code: str, seat: str, locale: str = "en-GB"):
    """A phone (390 × 844, touch) that joins the game by its code and takes the named seat."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale=locale, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=seat).click()
    # The phone's page is the seat's once htmx has taken over its forms (on DOMContentLoaded,
    # after the deferred scripts): a key pressed before that sent the form natively, and the
    # page it reloaded into announced nothing (the page as first drawn says no move).
    page.wait_for_function(
        "() => document.body.classList.contains('device') && document.readyState === 'complete'"
    )
    return page


def sign_in(context, live_server, user) -> None:
    """Give the browser context ``user``'s session on the live server (logged in by the test
    client, not through the login form)."""
    client = Client()
    client.force_login(user)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def logged_in_context(browser, live_server, user, width=1400, height=900):
    """A desktop browser context logged in as ``user`` (by the test client's session)."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    sign_in(context, live_server, user)
    context.set_default_timeout(10_000)
    return context


def logged_in_page(browser, live_server, user, size, locale="en-GB"):
    """A page of ``size`` (width, height) logged in as ``user``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    sign_in(context, live_server, user)
    context.set_default_timeout(10_000)
    return context.new_page()


def open_projector(browser, live_server, user, code):
    """The teacher's projector of game ``code`` at 1280 × 720."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
    sign_in(context, live_server, user)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/host/{code}/")
    return page


def create_device_game(teacher, edition, deck=None):
    """A game of ``edition`` in devices mode, its seats named as a class names its teams."""
    from play.core import store

    seats = {"germany": ["Rot", "Blau", "Grün", "Gelb"], "world": ["Rot", "Blau", "Grün"]}
    return store.create_game(
        user=teacher,
        edition=edition,
        deck=deck,
        seat_names=seats.get(edition, ["Ada", "Bo"]),
        mode="devices",
        language="en",
    )


def game_by_code(code):
    """The game as stored now."""
    from play.models import Game

    return Game.objects.get(code=code)


def join_as_team(browser, live_server, code: str, team: str):
    """A phone-sized page that joins the game by its code and takes the team whose name matches
    ``team``; returned once the device screen shows."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=re.compile(team)).click()
    page.wait_for_selector(".shell.device")
    return page


def assert_fits(page, label=""):
    """The page fits its screen: no scrolling either way, and the stage does not scroll."""
    # Against the screen's size, not innerWidth: a phone (is_mobile) widens its layout viewport
    # to a page that overflows, and innerWidth with it.
    sizes = page.evaluate(
        "() => ({sh: document.documentElement.scrollHeight,"
        " sw: document.documentElement.scrollWidth,"
        " stage: (s => s ? s.scrollHeight - s.clientHeight : 0)(document.getElementById('stage'))})"
    )
    sizes.update(h=page.viewport_size["height"], w=page.viewport_size["width"])
    assert sizes["sh"] <= sizes["h"] and sizes["sw"] <= sizes["w"], (label, sizes)
    assert sizes["stage"] <= 1, (label, sizes)


def click_in_view(page, locator, label=""):
    """Click a control that must be wholly on the screen. A pushed redraw may be swapping the
    stage in just now (a phone joining redraws the projector): its box is read until the
    control is shown, not at the one moment the old one was gone."""
    for _attempt in range(50):
        locator.wait_for(state="visible")
        box = locator.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    size = page.viewport_size
    assert box is not None, label
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, (label, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (label, box)
    locator.click()
