"""Match on a phone (390 × 844) as pupils play it: every symbol of both duel cards answers a
tap, nothing scrolls sideways, a refused claim says so on the screen that sent it, and a click
held down while another team's move redraws the screen still makes its move."""

from __future__ import annotations

import re

import pytest

from tests.browser.helpers import assert_fits, game_by_code, open_projector
from tests.browser.match import TAP_SHARED, join_match_on_phone

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]


# For every symbol of the card(s) under `selector`: is the element the finger meets at the
# symbol's centre the symbol itself (or its icon)? Returns the symbols that are covered.
COVERED_SYMBOLS = """(selector) => {
  const covered = [];
  for (const symbol of document.querySelectorAll(selector + ' .msym')) {
    const box = symbol.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === symbol || symbol.contains(hit))) {
      covered.push([symbol.title, Math.round(x), Math.round(y), hit && hit.className]);
    }
  }
  return covered;
}"""

PAGE_WIDTH = "() => document.documentElement.scrollWidth"


def _start(teacher, game_number, seats=("Ada", "Bo")):
    from play.core import store

    return store.create_game(
        user=teacher,
        edition="match",
        seat_names=list(seats),
        options={"mode": "beginner", "game": game_number},
        language="en",
    )


@pytest.mark.parametrize("game_number", [1, 2, 3, 4])
def test_every_symbol_of_both_duel_cards_answers_a_tap_on_a_phone(
    game_number, browser, live_server, teacher, screenshot_dir
):
    game = _start(teacher, game_number)
    phone = join_match_on_phone(browser, live_server, game.code, "Ada")
    phone.click("button.mstart")
    phone.wait_for_selector(".match-device[data-phase=play] .misland .mcard.target")
    # The last target on the island: the lowest row sits nearest the duel's cards.
    phone.locator(".misland .mcard.target").last.tap()
    phone.wait_for_selector(".mchosen .mcard")
    shot = screenshot_dir / f"match-phone-game{game_number}.png"
    phone.screenshot(path=str(shot), full_page=True)
    for cards in (".mmine", ".mchosen"):
        assert phone.locator(f"{cards} .msym").count() >= 3
        assert phone.evaluate(COVERED_SYMBOLS, cards) == [], (game_number, cards)
    # The island's own targets answer too.
    assert (
        phone.evaluate(
            """() => [...document.querySelectorAll('.misland .mcard.target')].filter((card) => {
          const b = card.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          return !(hit && card.contains(hit));
        }).length"""
        )
        == 0
    )
    width = phone.evaluate(PAGE_WIDTH)
    print(f"game {game_number}: page {width} px wide on a 390 px phone")
    assert width <= 390
    phone.context.close()


def _claim_for(game_code: str, seat: int, target: int) -> None:
    """The other team claims a card, as its phone would (the server's own move)."""
    from play.core import store
    from play.editions.match import rules

    game = game_by_code(game_code)
    state = game.state
    own = rules.own_card(state, seat)
    args = {
        "symbol": rules.shared_symbol(state, own, target),
        "target": state["refs"][target],
        "card": state["refs"][own],
    }
    store.make_move(game, seat, "claim", args)


def _version(page) -> int:
    return int(page.locator("#stage").get_attribute("data-version"))


def test_the_slower_of_two_phones_claiming_one_card_reads_too_late_through_the_redraws(
    browser, live_server, teacher, screenshot_dir
):
    game = _start(teacher, 1)
    ada, bo = (join_match_on_phone(browser, live_server, game.code, name) for name in ("Ada", "Bo"))
    ada.click("button.mstart")
    for phone in (ada, bo):
        phone.wait_for_selector(".match-device[data-phase=play] .misland .mcard.target")
    # Both pick the same island card; Bo's screen is not refreshed before Bo taps (the race).
    ref = ada.locator(".misland .mcard.target").first.get_attribute("data-ref")
    for phone in (ada, bo):
        phone.locator(f".misland .mcard.target[data-ref='{ref}']").tap()
        phone.wait_for_selector(f".mchosen input[name=target][value='{ref}']", state="attached")
    bo.route(re.compile(r".*/state/.*"), lambda route: route.abort())
    with ada.expect_response(lambda r: r.request.method == "POST") as won:
        assert ada.evaluate(TAP_SHARED, ".mchosen")
    assert won.value.status == 200
    with bo.expect_response(lambda r: r.request.method == "POST") as lost:
        assert bo.evaluate(TAP_SHARED, ".mchosen")
    assert lost.value.status == 409
    bo.wait_for_selector(".stage-message .flash.error")
    refused_at = _version(bo)
    bo.unroute(re.compile(r".*/state/.*"))
    # Ada's team plays on at once: Bo's screen is redrawn while the refusal is still fresh.
    state = game_by_code(game.code).state
    from play.editions.match import rules

    _claim_for(game.code, 0, rules.targets(state, 0)[0])
    bo.wait_for_function(
        "(v) => Number(document.getElementById('stage').dataset.version) > v", arg=refused_at
    )
    bo.screenshot(path=str(screenshot_dir / "match-too-late-after-redraw.png"))
    assert "Too late" in bo.locator(".stage-message").inner_text()
    for phone in (ada, bo):
        phone.context.close()


# Sets window.stageAnswered once the page has had a poll's answer with a new stage (swapped
# in or held back).
WATCH_STAGE_ANSWERS = """() => {
  window.stageAnswered = false;
  document.addEventListener('htmx:afterRequest', (event) => {
    const config = event.detail.requestConfig;
    if (config && config.verb === 'get' && event.detail.xhr.status === 200) {
      window.stageAnswered = true;
    }
  });
}"""


def test_a_click_held_while_another_team_moves_still_makes_its_move(browser, live_server, teacher):
    from play.editions.match import rules

    game = _start(teacher, 1)
    bo = join_match_on_phone(browser, live_server, game.code, "Bo")
    # Ada plays with a mouse: the device page in a desktop browser.
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
    context.set_default_timeout(15_000)
    ada = context.new_page()
    ada.goto(f"{live_server.url}/play/join/")
    ada.fill("input[name=code]", game.code.lower())
    ada.click("form.join-form button[type=submit]")
    ada.get_by_role("button", name=re.compile("Ada")).click()
    ada.wait_for_selector(".match-device")
    bo.click("button.mstart")
    ada.wait_for_selector(".match-device[data-phase=play] .misland .mcard.target")
    ref = ada.locator(".misland .mcard.target").first.get_attribute("data-ref")
    ada.click(f".misland .mcard.target[data-ref='{ref}']")
    own = set(ada.locator(".mmine .msym .sr").all_inner_texts())
    buttons = ada.locator(".mchosen form.mclaim button.msym")
    shared = next(
        i for i in range(buttons.count()) if buttons.nth(i).locator(".sr").inner_text() in own
    )
    box = buttons.nth(shared).bounding_box()
    ada.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ada.mouse.down()
    # Meanwhile Bo's team covers another card: Ada's screen hears of it between press and release.
    ada.evaluate(WATCH_STAGE_ANSWERS)
    state = game_by_code(game.code).state
    other = next(t for t in rules.targets(state, 1) if state["refs"][t] != ref)
    _claim_for(game.code, 1, other)
    ada.wait_for_function("() => window.stageAnswered")
    with ada.expect_response(lambda r: r.request.method == "POST") as sent:
        ada.mouse.up()
    assert sent.value.status == 200
    claims = [m for m in game_by_code(game.code).moves.order_by("number") if m.name == "claim"]
    assert [m.seat for m in claims] == [1, 0]
    # The screen caught up afterwards: both moves are on it.
    ada.wait_for_function(
        "(v) => Number(document.getElementById('stage').dataset.version) >= v",
        arg=game_by_code(game.code).version,
    )
    for page in (ada, bo):
        page.context.close()


# The smallest symbol icon drawn on the projector's island, and the score table's type size.
PROJECTOR_SIZES = """() => {
  const icons = [...document.querySelectorAll('.match-projector .misland .mcard .micon')]
    .map((icon) => icon.getBoundingClientRect().width);
  const scores = document.querySelector('.match-projector .mscores td');
  return {icon: Math.min(...icons), icons: icons.length,
          scores: scores ? parseFloat(getComputedStyle(scores).fontSize) : null};
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("game_number", [1, 2])
def test_the_projector_shows_symbols_and_scores_for_the_back_of_the_room(
    game_number, size, browser, live_server, teacher, screenshot_dir
):
    from play.core import store
    from play.editions.match import rules

    game = _start(teacher, game_number)
    store.make_move(game, None, "start", {})
    # Between games: the island of the game just played beside the score table.
    game = game_by_code(game.code)
    for team, points in zip(game.state["teams"], (1, 2), strict=True):
        team["score"] = points
    rules.finish(game.state, game_number, [1, 2], [3, 5], finisher=0)
    game.version += 1
    game.save()
    host = open_projector(browser, live_server, teacher, game.code)
    host.set_viewport_size({"width": size[0], "height": size[1]})
    host.wait_for_selector(".match-projector .mscores")
    measured = host.evaluate(PROJECTOR_SIZES)
    name = f"match-projector-{game_number}-{size[0]}x{size[1]}.png"
    host.screenshot(path=str(screenshot_dir / name))
    print(game_number, size, measured)
    assert measured["icons"] >= 19 * 3
    assert_fits(host, "match projector")
    if size == (1920, 1080):
        assert measured["icon"] >= 28, measured
        assert measured["scores"] >= 24, measured
