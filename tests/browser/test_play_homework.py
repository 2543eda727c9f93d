"""Homework on a phone (390 × 844), once per edition: the pupil opens the link, types a
nickname, plays alone against the computer (pressing Hurry when the computer takes its time)
to the end, and follows the link to their places on the map. The page never scrolls sideways,
Hurry sits in the lower part of the screen (thumb reach), and screenshots are kept."""

from __future__ import annotations

import contextlib
import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from play.core import homework, registry
from play.models import Attempt, Game

pytestmark = pytest.mark.django_db(transaction=True)

PAGE_WIDTH = "() => document.documentElement.scrollWidth"
MAX_STEPS = 600

# Each edition with its deck fixture and options that keep a game short.
EDITIONS = {
    "germany": ("germany", "big_deck", {"rounds": 2}),
    "grid": ("germany", "austria_deck", {"rounds": 2}),
    "world": ("world", "world_deck", {"track_length": 10}),
    "numbers": ("numbers", None, {"small": True}),
    "dice": ("dice", None, {}),
    "match": ("match", None, {"points": 3}),
}


@pytest.fixture
def austria_deck(db):
    from cards import starter

    return starter.grid_deck("austria", "AT", "Österreich", 5_000)[0]


def _fits(page, kind: str, moment: str, screenshot_dir) -> None:
    page.screenshot(path=str(screenshot_dir / f"homework-{kind}-{moment}.png"), full_page=True)
    width = page.evaluate(PAGE_WIDTH)
    assert width <= 390, (kind, moment, width)


# The most lines any place's name on the table takes: a name broken letter by letter (five
# cards side by side on a 390 px phone) takes one line for every few letters.
NAME_LINES = """() => Math.max(0, ...[...document.querySelectorAll('.solo-table h3')].map(h => {
  const style = getComputedStyle(h);
  const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  return Math.round(h.getBoundingClientRect().height / line);
}))"""


# The width of the revealed round's map on the table, 0 while none is shown.
MAP_WIDTH = """() => Math.round(Math.max(0,
  ...[...document.querySelectorAll('.solo-table svg.round-map')]
  .map(svg => svg.getBoundingClientRect().width)))"""


def _pupil_moves(page, live_server, game: Game, token: str) -> bool:
    """The pupil's next move, chosen as the edition's computer player would, sent by the
    phone's browser; False when the pupil has nothing to do now."""
    move = registry.get(game.edition).bot(game.state, 0)
    if move is None:
        return False
    answer = page.request.post(
        f"{live_server.url}/api/games/{game.pk}/moves/",
        data={"move": move.move, "args": move.args},
        headers={"X-Team-Token": token},
    )
    assert answer.status in (201, 409, 410), answer.text()
    return True


@pytest.mark.parametrize("kind", EDITIONS)
def test_a_pupil_plays_homework_to_the_end_on_a_phone(
    kind, request, browser, live_server, teacher, screenshot_dir
):
    slug, deck_fixture, options = EDITIONS[kind]
    deck = request.getfixturevalue(deck_fixture) if deck_fixture else None
    assignment = homework.create_assignment(
        user=teacher,
        edition=slug,
        deck=deck,
        options=options,
        closes_at=timezone.now() + dt.timedelta(days=1),
        bots=1,
        language="de",
    )
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/homework/{assignment.code}/")
    _fits(page, kind, "start", screenshot_dir)
    page.fill("input[name=nickname]", "Ada")
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".solo-table")
    _fits(page, kind, "table", screenshot_dir)
    attempt = Attempt.objects.select_related("game").get()
    token = attempt.game.teams.get(index=0).token
    hurried = False
    for _step in range(MAX_STEPS):
        if page.locator(".game-over").count():
            break
        assert page.evaluate(NAME_LINES) <= 2, kind
        # A revealed round's map takes the phone's width (beside the cards it took a third),
        # and nothing sends a pupil alone at home to look at a projector.
        map_width = page.evaluate(MAP_WIDTH)
        assert map_width == 0 or map_width >= 330, (kind, map_width)
        assert not re.search("Beamer|Leinwand", page.inner_text("#stage")), kind
        game = Game.objects.get(pk=attempt.game_id)
        if game.is_finished:
            page.wait_for_selector(".game-over")
            break
        if _pupil_moves(page, live_server, game, token):
            # Sent beside the page (one way for five games): the page learns of it as from a
            # second tab, by its slow poll; a reload shows it now. The computer's moves come
            # to the page by themselves, when they fall due.
            page.reload()
            page.wait_for_selector("#stage")
            continue
        hurry = page.locator(".solo-bar button")
        # The computer's own move redraws the screen, and takes the bar away, at any moment:
        # a bar gone between looking and measuring is a bar the computer no longer needs.
        box = None
        with contextlib.suppress(PlaywrightTimeout):
            box = hurry.bounding_box(timeout=2_000) if hurry.count() else None
        if box is not None:
            assert box["y"] > 844 / 2, (kind, box)  # in thumb reach
            if not hurried:
                _fits(page, kind, "computer", screenshot_dir)
                page.screenshot(path=str(screenshot_dir / f"homework-{kind}-viewport.png"))
                hurried = True
            # The computer's own move may redraw the screen under the tap.
            with contextlib.suppress(PlaywrightTimeout):
                hurry.click(timeout=3_000)
        page.wait_for_timeout(200)  # the computer's move comes when it falls due
    else:
        raise AssertionError(f"{kind}: no end")
    _fits(page, kind, "over", screenshot_dir)
    # The end says how the pupil did (won, shared, or not this time); whether the deal let them
    # win is the game's, so the test reads the line addressed to them, not a name in the winners.
    assert page.locator(".game-over-outcome strong").inner_text().strip()
    name = "Die Orte des Spiels auf der Karte" if deck else "Der Bericht zum Spiel"
    page.get_by_role("link", name=name).click()
    page.wait_for_selector(".report-body")
    page.screenshot(path=str(screenshot_dir / f"homework-{kind}-report.png"), full_page=True)
    context.close()
