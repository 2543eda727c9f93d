"""The teacher's bar in Chromium at both projector sizes: the whole join code in view, every
control on one line, and a join panel any late team can bring up from the bar at any time."""

from __future__ import annotations

import pytest

from tests.browser.helpers import assert_fits, create_device_game, logged_in_page

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(1920, 1080), (1280, 720)]

# Where the join code sits, and whether the bar's controls share one line.
BAR = """() => {
  const bar = document.querySelector(".teacher-bar");
  const code = bar.querySelector(".code-inline");
  const box = r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  const controls = [...bar.querySelectorAll("button, .button, summary, select, a")]
    .filter(e => e.offsetParent !== null && !e.closest("details:not([open]) > :not(summary)"));
  return {
    bar: box(bar.getBoundingClientRect()),
    code: box(code.getBoundingClientRect()),
    codeText: code.textContent.trim(),
    clipped: [code, ...code.parentElement ? [code.parentElement] : []]
      .some(e => e.scrollWidth > e.clientWidth + 1),
    tops: controls.map(e => Math.round(e.getBoundingClientRect().top)),
    bottoms: controls.map(e => Math.round(e.getBoundingClientRect().bottom)),
    rights: controls.map(e => e.getBoundingClientRect().right),
    viewport: {w: innerWidth, h: innerHeight},
  };
}"""


def _check_bar(host, game, label):
    found = host.evaluate(BAR)
    viewport, bar, code = found["viewport"], found["bar"], found["code"]
    assert found["codeText"] == game.code, (label, found)
    assert not found["clipped"], (label, found)
    assert bar["left"] <= code["left"] and code["right"] <= bar["right"], (label, found)
    assert code["left"] >= 0 and code["right"] <= viewport["w"], (label, found)
    assert code["bottom"] <= viewport["h"], (label, found)
    assert max(found["rights"]) <= viewport["w"] + 1, (label, found)
    # One line: every control's box spans the middle of every other.
    assert max(found["tops"]) < min(found["bottoms"]), (label, found)


def _deck(request, edition):
    if edition == "germany":
        return request.getfixturevalue("big_deck")
    if edition == "world":
        return request.getfixturevalue("world_deck")
    return None


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("edition", ["germany", "world", "numbers", "dice", "match"])
def test_the_bar_shows_the_whole_join_code_and_one_line_of_controls(
    browser, live_server, teacher, request, edition, size, locale, screenshot_dir
):
    game = create_device_game(teacher, edition, _deck(request, edition))
    host = logged_in_page(browser, live_server, teacher, size, locale)
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    host.wait_for_selector(".teacher-bar")
    _check_bar(host, game, f"{edition} lobby, no timer")
    host.locator("[data-timer-pop] summary").click()
    host.select_option("[data-timer-select]", "120")  # the clock's face takes room too
    host.wait_for_selector("[data-timer]:not([hidden])")
    host.keyboard.press("Escape")
    name = f"bar-{edition}-lobby-{locale}-{size[0]}x{size[1]}.png"
    host.screenshot(path=str(screenshot_dir / name))
    _check_bar(host, game, f"{edition} lobby")
    assert_fits(host, f"{edition} lobby")
    # The lobby's join panel has a column of its own: it overlaps nothing of the game.
    overlaps = host.evaluate(OVERLAPS)
    assert overlaps == [], (edition, size, overlaps)
    code = host.locator(".join-big .code")
    assert code.inner_text() == game.code
    assert code.evaluate(ONE_LINE), (edition, size, "the panel's code takes two lines")


ONE_LINE = """(e) => e.scrollWidth <= e.clientWidth + 1
  && e.getBoundingClientRect().height < 1.6 * parseFloat(getComputedStyle(e).fontSize)"""

# Elements of the edition's fragment whose box meets the lobby's join panel.
OVERLAPS = """() => {
  const panel = document.querySelector(".join-big").getBoundingClientRect();
  const body = document.querySelector(".stage-body");
  return [...body.querySelectorAll(":scope > :not(.join-big, .stage-message) *")]
    .filter(e => e.offsetParent !== null)
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width && r.height && r.left < panel.right && r.right > panel.left
      && r.top < panel.bottom && r.bottom > panel.top)
    .map(([e]) => e.className || e.tagName).slice(0, 5);
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("edition", ["germany", "match"])
def test_a_late_team_brings_up_the_join_panel_from_the_bar_after_the_first_move(
    browser, live_server, teacher, request, edition, size, screenshot_dir
):
    from play.core import store
    from play.core.lifecycle import join_team

    game = create_device_game(teacher, edition, _deck(request, edition))
    if edition == "germany":
        game = store.make_move(game, None, "lay_out", {}, teacher=True)
    else:
        game = store.make_move(game, 0, "start", {})
    team = game.teams.get(index=1)  # read before the page polls
    host = logged_in_page(browser, live_server, teacher, size)
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    host.wait_for_selector(".teacher-bar")
    assert host.locator(".join-big").count() == 0  # the game has the whole stage now
    _check_bar(host, game, f"{edition} playing")
    panel = host.locator(".join-pop .join-panel")
    assert not panel.is_visible()
    host.locator(".join-pop summary").click()
    assert panel.is_visible()
    box, viewport = panel.bounding_box(), host.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    assert panel.locator(".code").inner_text() == game.code
    assert panel.locator(".qr svg").bounding_box()["height"] >= 200
    assert f"/play/{game.code}/" in panel.inner_text()
    name = f"bar-{edition}-join-open-{size[0]}x{size[1]}.png"
    host.screenshot(path=str(screenshot_dir / name))

    # A team joins meanwhile: the stage redraws, and the panel stays open for the next team.
    version = int(host.locator("#stage").get_attribute("data-version"))
    join_team(game, team)
    host.wait_for_function(
        f"() => +document.getElementById('stage').dataset.version > {version}", timeout=8000
    )
    assert host.locator(".join-pop .join-panel").is_visible()
    host.keyboard.press("Escape")
    assert not host.locator(".join-pop .join-panel").is_visible()


def test_pages_to_start_a_game_and_the_projector_on_a_phone(
    browser, live_server, teacher, big_deck, screenshot_dir
):
    """The teacher's phone: the start pages and the projector screen fit its width (the bar
    may take two lines there); screenshots of each for a person to look at."""
    from play.core import store

    game = create_device_game(teacher, "germany", big_deck)
    # A second game, under way.
    playing = store.make_move(create_device_game(teacher, "match"), 0, "start", {})
    for size in [(390, 844), (1280, 720)]:
        page = logged_in_page(browser, live_server, teacher, size)
        for name, url in [
            ("home", "/"),
            ("games", "/play/"),
            ("choose", "/play/new/"),
            ("form-dice", "/play/new/dice/"),
            ("form-world", "/play/new/world/"),
            ("lobby", f"/play/host/{game.code}/"),
            ("playing", f"/play/host/{playing.code}/"),
        ]:
            page.goto(f"{live_server.url}{url}")
            page.screenshot(
                path=str(screenshot_dir / f"start-{name}-{size[0]}x{size[1]}.png"), full_page=True
            )
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= size[0], (name, size, wide)
        page.context.close()
