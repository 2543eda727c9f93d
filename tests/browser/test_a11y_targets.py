"""Touch targets of at least 44 × 44 CSS px on a phone (390 × 844), WCAG 2.5.5's size: every
control a pupil can tap on the join and team pages, on each game's phone through its phases
(lay-out, every move, a chosen Match card, the reveal, game over) and on homework, measured in
the browser as drawn. Screenshots of the phones are kept."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from play.core import homework, lifecycle, registry
from play.core.errors import RuleViolation
from play.models import Attempt, Game
from tests.browser.a11y import new_game, play_moves, wait_for_version
from tests.browser.helpers import join_on_phone
from tests.browser.targets import MINIMUM, note, too_small

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]

PHONE = {"width": 390, "height": 844}
PAGE_WIDTH = "() => document.documentElement.scrollWidth"
# Moves played one at a time, the phone measured after each: enough for every phase a pupil
# sees (World: taking, exchanging, the guess pad, the evaluation; Dice: many turns).
MOVES = 40

# Each case: the edition and its options. Match's fifth game has the duel's target cards in
# the middle instead of the island.
CASES = {
    "germany": ("germany", {}),
    "world": ("world", {}),
    "numbers": ("numbers", {}),
    "dice": ("dice", {}),
    "match": ("match", {}),
    "match-game5": ("match", {"options": {"game": 5}}),
}


def _failure(what: str, found: dict[str, str]) -> str:
    lines = [f"{name}  ({where})" for name, where in found.items()]
    return f"{what}: controls under {MINIMUM}×{MINIMUM} px:\n" + "\n".join(lines)


def _check(page, found: dict[str, str], where: str) -> None:
    # Measured as drawn: with the page's style sheets, not before they arrive.
    page.wait_for_load_state("load")
    note(found, where, too_small(page))
    width = page.evaluate(PAGE_WIDTH)
    assert width <= PHONE["width"], (where, width)


def _choose_an_island_card(phone, found: dict[str, str], where: str) -> bool:
    """Match: a tap on an island card draws it large beside the team's own card, its symbols
    the buttons a pupil taps next."""
    card = phone.locator(".misland .mcard.target")
    if card.count() and card.first.is_visible():
        card.first.click()
        phone.wait_for_selector(".mchosen button.msym")
        _check(phone, found, f"{where}, a card chosen")
        return True
    return False


@pytest.mark.parametrize("case", CASES)
def test_every_control_on_a_game_phone_is_44_px_in_every_phase(
    case, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    slug, extra = CASES[case]
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck}, **extra)
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.wait_for_selector("#stage")
    found: dict[str, str] = {}
    _check(phone, found, "lay-out")
    phone.screenshot(path=str(screenshot_dir / f"targets-{case}-lay-out.png"), full_page=True)
    for step in range(MOVES):
        made = play_moves(game.pk, 1)
        if not made or Game.objects.get(pk=game.pk).is_finished:
            break
        wait_for_version(phone, Game.objects.get(pk=game.pk).version)
        _check(phone, found, f"after move {step + 1} ({made[0]})")
        if slug == "match" and _choose_an_island_card(phone, found, f"after move {step + 1}"):
            phone.screenshot(path=str(screenshot_dir / f"targets-{case}-chosen.png"))
        if step == 2:
            phone.screenshot(path=str(screenshot_dir / f"targets-{case}-moves.png"), full_page=True)
    if not Game.objects.get(pk=game.pk).is_finished:
        lifecycle.end_game(Game.objects.get(pk=game.pk))
    phone.wait_for_selector(".game-over")
    _check(phone, found, "game over")
    phone.screenshot(path=str(screenshot_dir / f"targets-{case}-over.png"), full_page=True)
    phone.context.close()
    assert not found, _failure(case, found)


def test_every_control_of_joining_on_a_phone_is_44_px(
    browser, live_server, teacher, screenshot_dir
):
    game = new_game("numbers", teacher, {})
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    page = context.new_page()
    found: dict[str, str] = {}
    page.goto(f"{live_server.url}/play/join/")
    _check(page, found, "join")
    page.fill("input[name=code]", "zzzzzz")
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".flash.error")
    _check(page, found, "join, a wrong code")
    page.fill("input[name=code]", game.code.lower())
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".pick-team")
    _check(page, found, "the team picker")
    page.screenshot(path=str(screenshot_dir / "targets-pick-team.png"), full_page=True)
    context.close()
    assert not found, _failure("joining", found)


@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_every_control_of_homework_on_a_phone_is_44_px(
    slug, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    edition = registry.get(slug)
    decks = {"germany": big_deck, "world": world_deck}
    assignment = homework.create_assignment(
        user=teacher,
        edition=slug,
        deck=decks.get(edition.deck_edition) if edition.deck_edition else None,
        options={},
        closes_at=timezone.now() + dt.timedelta(days=1),
        bots=1,
        language="en",
    )
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    found: dict[str, str] = {}
    page.goto(f"{live_server.url}/play/homework/{assignment.code}/")
    _check(page, found, "start")
    page.fill("input[name=nickname]", "Ada")
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".solo-table")
    _check(page, found, "the table")
    game_pk = Attempt.objects.get().game_id
    for step in range(MOVES // 2):
        try:
            made = play_moves(game_pk, 1)
        except RuleViolation:  # the page's poll made the computer's due move first: look again
            continue
        if not made or Game.objects.get(pk=game_pk).is_finished:
            break
        wait_for_version(page, Game.objects.get(pk=game_pk).version)
        _check(page, found, f"after move {step + 1} ({made[0]})")
    page.screenshot(path=str(screenshot_dir / f"targets-homework-{slug}.png"), full_page=True)
    if not Game.objects.get(pk=game_pk).is_finished:
        lifecycle.end_game(Game.objects.get(pk=game_pk))
    page.wait_for_selector(".game-over")
    _check(page, found, "game over")
    context.close()
    assert not found, _failure(f"homework {slug}", found)
