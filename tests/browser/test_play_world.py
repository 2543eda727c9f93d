"""End to end: a teacher runs a whole game of The World on the projector shell in Chromium, one
team on a phone and two on the projector, at 1920×1080 and at 1280×720.

In every phase the projector page and its stage never scroll and every control used is inside
the viewport; at 1920 wide no game text is under 24 px; the phone's current action is visible
without scrolling; a refused move shows the server's message on the screen that sent it; the
teacher's undo restores the previous view.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

# The `browser` fixture (Debian's Chromium through Playwright) is in tests/browser/conftest.py.
pytestmark = pytest.mark.django_db(transaction=True)

# Against the screen too: a phone (is_mobile) widens its layout viewport, and innerWidth with
# it, to a page that overflows.
FITS = """() => {
  const root = document.documentElement, stage = document.getElementById("stage");
  const w = Math.min(innerWidth, screen.width), h = Math.min(innerHeight, screen.height);
  return root.scrollHeight <= h && root.scrollWidth <= w
    && stage.scrollHeight <= stage.clientHeight && stage.scrollWidth <= stage.clientWidth;
}"""
# The smallest font of the game's text (text nodes inside the stage; SVG text as drawn).
SMALLEST_FONT = """() => {
  let least = 1000, what = "";
  const walker = document.createTreeWalker(document.getElementById("stage"), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || el.closest(".sr, title")) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).visibility === "hidden") continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest("svg");
    if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (size < least) { least = size; what = el.tagName + ": " + node.textContent.trim(); }
  }
  return [least, what];
}"""
# The projector's game screen without the per-response CSRF tokens, to compare two views.
SCREEN = """() => {
  const copy = document.querySelector(".world-screen").cloneNode(true);
  copy.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((i) => i.remove());
  return copy.innerHTML;
}"""
BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }"


def _host(browser, live_server, user, size):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=size, locale="en-US")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def _join(browser, live_server, code: str, team: str):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=re.compile(team)).click()
    page.wait_for_selector(".world-device")
    return page


def _in_view(page, locator) -> None:
    # One measurement per try: a poll may swap the stage (its old copy measures 0×0) meanwhile.
    for _try in range(20):
        x, y, w, h = locator.evaluate(BOX)
        if w and h:
            break
        page.wait_for_timeout(100)
    size = page.viewport_size
    assert w and h, (locator, size)
    assert y >= 0 and y + h <= size["height"], (locator, y, h)
    assert x >= 0 and x + w <= size["width"], (locator, x, w)


def _fits(page, label: str, shots) -> None:
    page.wait_for_timeout(150)  # images and fonts settle
    assert page.evaluate(FITS), f"{label}: the page scrolls"
    if page.viewport_size["width"] == 1920:
        least, what = page.evaluate(SMALLEST_FONT)
        assert least >= 23.5, f"{label}: text under 24 px: {least} px in {what}"
    page.screenshot(path=str(shots / f"world-{page.viewport_size['width']}-{label}.png"))


def _click(page, locator) -> None:
    """Every control the teacher uses is on the screen without scrolling; a click waits for
    the stage that answers it (and is repeated if a poll swapped the stage under it). Any newer
    stage is not enough: a poll may bring one first (a phone joining) that the click's answer
    then replaces."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _try in range(3):
        locator.wait_for()
        _in_view(page, locator)
        try:
            with page.expect_response(lambda r: r.request.method == "POST", timeout=5000) as sent:
                locator.click()
            answered = re.search(r'data-version="(\d+)"', sent.value.text())
            page.wait_for_function(
                "(v) => Number(document.getElementById('stage')?.dataset.version) >= v",
                arg=int(answered.group(1)),
                timeout=5000,
            )
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{locator} did not move the game")


def _phase(page) -> str:
    """The round's phase on the projector (waits for the screen: a poll may be swapping it)."""
    return page.locator(".world-screen").get_attribute("data-phase")


def _wait_for_guess_pad(phone, host, code: str) -> None:
    """The phone shows its guess pad once the round is in its guessing phase. Should it not,
    the failure says what the phone, the projector and the database each hold."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from play.models import Game

    try:
        phone.wait_for_selector(".guess-pad", timeout=30_000)
    except PlaywrightTimeout:
        game = Game.objects.get(code=code)
        phone_stage = phone.locator("#stage")
        seen = (phone_stage.get_attribute("data-version"), phone.locator(".world-screen").count())
        rnd = (game.state.get("rounds") or [{}])[-1]
        raise AssertionError(
            f"no guess pad: phone shows version {seen[0]} (world screen: {seen[1]}), "
            f"projector phase {_phase(host)}, game version {game.version}, "
            f"phase {rnd.get('phase')}"
        ) from None


def _over(page) -> bool:
    return page.locator(".world-screen").evaluate("(el) => !!el.querySelector('.results')")


def _tap(phone, locator) -> None:
    """The phone's current action is on its screen without scrolling."""
    locator.wait_for()
    _in_view(phone, locator)
    locator.click()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_a_whole_world_game_fits_the_projector(
    browser, live_server, teacher, world_deck, screenshot_dir, size
):
    from play.models import Game

    width, height = size
    shots = screenshot_dir
    host = _host(browser, live_server, teacher, {"width": width, "height": height})
    host.goto(f"{live_server.url}/play/new/world/")
    host.select_option("select[name=deck]", str(world_deck.pk))
    for n, name in enumerate(["Lions", "Owls", "Foxes"]):
        host.fill(f"input[name=seat_{n}]", name)
    host.fill("input[name=option_track_length]", "10")
    host.check("input[name=mode][value=devices]")
    host.locator("form button[type=submit]").last.click()
    host.wait_for_selector(".world-screen")
    code = Game.objects.get().code
    phone = _join(browser, live_server, code, "Lions")
    _fits(host, "start", shots)

    rounds = 0
    while not _over(host):
        rounds += 1
        assert rounds <= 3, "the game ends after three rounds"
        _click(host, host.get_by_role("button", name=re.compile("Lay out the first|Next round")))
        _fits(host, f"choosing{rounds}", shots)
        # Choosing: the phone when it is its turn, the projector for the others.
        while _phase(host) == "choosing":
            if phone.locator(".status.yours").count():
                _tap(phone, phone.locator("button.take").first)
                phone.wait_for_selector(".status.yours", state="detached")
            elif host.locator("button.take").count():
                _click(host, host.locator("button.take").first)
            host.wait_for_timeout(200)
        # Exchanging: the phone exchanges in the first round, everybody else keeps.
        while _phase(host) == "exchanging":
            if phone.locator(".exchange-form").count():
                if rounds == 1:
                    phone.screenshot(path=str(shots / f"world-phone-{width}-exchange.png"))
                name = "⇄ Exchange" if rounds == 1 else "Keep the card"
                _tap(phone, phone.get_by_role("button", name=name))
                phone.wait_for_selector(".exchange-form", state="detached")
            elif host.locator(".exchange-form").count():
                _fits(host, f"exchanging{rounds}", shots)
                _click(host, host.get_by_role("button", name="Keep the card"))
            host.wait_for_timeout(200)
        # Guessing: the phone's team (Lions) gets it fully right, the others guess a board.
        _wait_for_guess_pad(phone, host, code)
        right = world_deck.solutions[phone.locator(".my-card h3").inner_text().strip()]
        parts = right.split("-")
        _tap(phone, phone.locator(f'.board-button[value="{parts[0]}"]'))
        phone.wait_for_selector(".chosen-board img")
        for k in range(1, 4):
            value = "-".join(parts[: k + 1])
            _tap(phone, phone.locator(f'.stone-button[value="{value}"]'))
            phone.wait_for_selector(f'.stone-button.chosen[value="{value}"]')
        _in_view(phone, phone.locator("button.lock-in"))
        if rounds == 1:
            phone.screenshot(path=str(shots / f"world-phone-{width}-guess.png"))
        else:
            _tap(phone, phone.locator("button.lock-in"))
            phone.wait_for_selector("text=Locked in:")
        for _team in range(2):
            title = host.locator(".host-guess h2")
            card = title.inner_text().split(": ", 1)[1].strip()
            wrong = "EU" if world_deck.solutions[card].startswith("AU") else "AU"
            _fits(host, f"guessing{rounds}", shots)
            _click(host, host.locator(f'.host-guess .board-button[value="{wrong}"]'))
            _fits(host, f"guessing-board{rounds}", shots)
            _click(host, host.locator(".host-guess .lock-in"))
        if rounds == 1:
            # The phone has not locked in yet when the teacher closes the guessing; its polls
            # are held back, so it still shows its guess pad. Its late lock-in is refused and
            # the phone shows the server's message.
            host.wait_for_selector("text=2 of 3 locked in")
            before = host.evaluate(SCREEN)
            phone.route("**/state/**", lambda route: route.fulfill(status=204))
            host.once("dialog", lambda dialog: dialog.accept())
            _click(host, host.get_by_role("button", name="Close the guessing"))
            host.wait_for_selector("text=Turn over the next card")
            _tap(phone, phone.locator("button.lock-in"))
            phone.wait_for_selector(".stage-message .flash.error")
            assert "not possible in this phase" in phone.locator(".stage-message").inner_text()
            phone.screenshot(path=str(shots / f"world-phone-{width}-refused.png"))
            phone.unroute("**/state/**")
            # The teacher's undo takes the closing back: the previous view returns. (The
            # shell's bar is not re-rendered by moves: its Undo button is enabled on a reload.)
            host.reload()
            host.wait_for_selector(".world-screen")
            host.once("dialog", lambda dialog: dialog.accept())
            _click(host, host.get_by_role("button", name="Undo"))
            host.wait_for_selector("text=2 of 3 locked in")
            assert host.evaluate(SCREEN) == before
            phone.wait_for_selector(".stage-message .flash.error", state="detached")
            _tap(phone, phone.locator("button.lock-in"))
            phone.wait_for_selector("text=Locked in:")
        host.wait_for_selector("text=3 of 3 locked in")
        assert host.locator(".lockstate.locked").count() == 3
        _fits(host, f"locked{rounds}", shots)
        _click(host, host.get_by_role("button", name="Close the guessing"))
        for turn in range(3):
            _click(host, host.get_by_role("button", name="Turn over the next card"))
            if _over(host):
                break
            host.wait_for_function(
                f"() => document.querySelectorAll('.earlier li').length === {turn}"
                " && document.querySelector('.evaluation .solution-board img')?.complete"
            )
            _fits(host, f"evaluation{rounds}-{turn}", shots)
        if not _over(host):
            phone.wait_for_selector(".verdict.right")
    _fits(host, "game-over", shots)
    assert "winner" in host.locator(".results").inner_text()
    phone.wait_for_selector(".results .ranking")
    phone.screenshot(path=str(shots / f"world-phone-{width}-end.png"))
    game = Game.objects.get()
    assert game.status == "finished" and game.state["before_bonus"][0] > 10
    for rnd in game.state["rounds"]:
        assert {e["team"]: e["correct"] for e in rnd["evaluations"]} == {
            0: True,
            1: False,
            2: False,
        }
    for page in (host, phone):
        page.context.close()


def _fits_both(page, label: str, shots) -> None:
    for width, height in ((1920, 1080), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        _fits(page, label, shots)


def test_six_teams_on_the_default_track_fit_the_projector(
    browser, live_server, teacher, world_deck, screenshot_dir
):
    """The most there is to show: six teams playing on the projector, the default track."""
    host = _host(browser, live_server, teacher, {"width": 1920, "height": 1080})
    host.goto(f"{live_server.url}/play/new/world/")
    host.select_option("select[name=deck]", str(world_deck.pk))
    for n, name in enumerate(["Lions", "Owls", "Foxes", "Bears", "Wolves", "Eagles of the Alps"]):
        host.fill(f"input[name=seat_{n}]", name)
    host.check("input[name=option_longer_game]")
    host.check("input[name=mode][value=projector]")
    host.locator("form button[type=submit]").last.click()
    host.wait_for_selector(".world-screen")
    _fits_both(host, "six-start", screenshot_dir)
    _click(host, host.get_by_role("button", name="Lay out the first round"))
    _fits_both(host, "six-choosing", screenshot_dir)
    while host.locator("button.take").count():
        _click(host, host.locator("button.take").first)
    _fits_both(host, "six-exchanging", screenshot_dir)
    while host.locator(".exchange-form").count():
        _click(host, host.get_by_role("button", name="Keep the card"))
    for team in range(6):
        card = host.locator(".host-guess h2").inner_text().split(": ", 1)[1].strip()
        parts = world_deck.solutions[card].split("-")
        _click(host, host.locator(f'.host-guess .board-button[value="{parts[0]}"]'))
        for k in range(1, 4):
            value = "-".join(parts[: k + 1])
            _click(host, host.locator(f'.host-guess .stone-button[value="{value}"]'))
        if team == 0:
            _fits_both(host, "six-guessing", screenshot_dir)
        _click(host, host.locator(".host-guess .lock-in"))
    _fits_both(host, "six-locked", screenshot_dir)
    _click(host, host.get_by_role("button", name="Close the guessing"))
    for turn in range(6):
        _click(host, host.get_by_role("button", name="Turn over the next card"))
        host.wait_for_function(
            f"() => document.querySelectorAll('.earlier li').length === {turn}"
            " && document.querySelector('.evaluation .solution-board img')?.complete"
        )
    _fits_both(host, "six-evaluation", screenshot_dir)
    host.once("dialog", lambda dialog: dialog.accept())
    _click(host, host.get_by_role("button", name="End game"))
    host.wait_for_selector(".results .ranking")
    _fits_both(host, "six-game-over", screenshot_dir)
    assert host.locator(".results .ranking li").count() == 6
    host.context.close()
