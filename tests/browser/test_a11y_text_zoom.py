"""Text at 200 % without loss (WCAG 1.4.4) on every game's phone and projector, phase by phase
(lay-out, after the first moves, the reveal, game over).

Two ways a reader makes text twice as large, each tested where it is used:
- A browser's text size (Chrome's and Safari's font size setting, Firefox's "zoom text only",
  a phone's large-text setting in its browser) scales the root font size and with it every size
  in rem or em, while the layout keeps its CSS pixel width. Tested by setting the root's font
  size to 200 % on the phone at 390 × 844 and on the projector at 1280 × 720: every text must
  then be twice as large (a size left in px would not grow), none cut off, and the phone must
  not scroll sideways.
- A browser's page zoom (Ctrl +) on the teacher's laptop makes every CSS pixel two device
  pixels: the page is laid out for half the width and height. Tested by drawing the projector
  at 640 × 360, which is 1280 × 720 at 200 %: nothing may be cut off (the page may scroll).
Text drawn to its own box like a printed card (a playing card's rank, a Match card's icons) is
sized by the screen, not by the text size, and is left out (tests/browser/zoom.py)."""

from __future__ import annotations

import pytest

from play.core import lifecycle, registry, store
from play.models import Game
from tests.browser.a11y import (
    REVEALS,
    new_game,
    open_projector_at,
    play_moves,
    wait_for_version,
)
from tests.browser.helpers import join_on_phone
from tests.browser.zoom import reset_text, zoom_text

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]

PHONE = (390, 844)
PROJECTOR = (1280, 720)
PAGE_ZOOMED = (640, 360)  # 1280 × 720 at a page zoom of 200 %


def _losses(page, scale: float, phone: bool) -> list[str]:
    found = zoom_text(page, scale)
    lines = [f"not scaled: {line}" for line in found["unscaled"]]
    lines += [f"cut off: {line}" for line in found["clipped"]]
    if phone and found["width"] > PHONE[0]:
        lines.append(f"scrolls sideways: {found['width']} px wide ({', '.join(found['wide'])})")
    return lines


def _check(screens: dict, game_pk: int, phase: str, found: dict, shots, slug: str) -> None:
    version = Game.objects.get(pk=game_pk).version
    for page in screens.values():
        wait_for_version(page, version)
        page.wait_for_load_state("load")
    phone, projector = screens["phone"], screens["projector"]
    found[f"{phase}, phone at 200 % text"] = _losses(phone, 2.0, phone=True)
    phone.screenshot(path=str(shots / f"zoom-{slug}-{phase}-phone.png"), full_page=True)
    reset_text(phone)
    found[f"{phase}, projector at 200 % text"] = _losses(projector, 2.0, phone=False)
    projector.screenshot(path=str(shots / f"zoom-{slug}-{phase}-projector-text.png"))
    reset_text(projector)
    projector.set_viewport_size({"width": PAGE_ZOOMED[0], "height": PAGE_ZOOMED[1]})
    found[f"{phase}, projector at 200 % page zoom"] = _losses(projector, 1.0, phone=False)
    projector.screenshot(path=str(shots / f"zoom-{slug}-{phase}-projector-page.png"))
    projector.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})


@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_text_at_200_percent_loses_nothing_on_a_games_screens(
    slug, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck})
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.wait_for_selector("#stage")
    projector = open_projector_at(browser, live_server, teacher, game.code, PROJECTOR)
    screens = {"phone": phone, "projector": projector}
    found: dict[str, list[str]] = {}
    _check(screens, game.pk, "lay-out", found, screenshot_dir, slug)
    play_moves(game.pk, 2)
    _check(screens, game.pk, "moves", found, screenshot_dir, slug)
    play_moves(game.pk, 60, until=REVEALS)
    _check(screens, game.pk, "reveal", found, screenshot_dir, slug)
    if not Game.objects.get(pk=game.pk).is_finished:
        lifecycle.end_game(Game.objects.get(pk=game.pk))
    phone.wait_for_selector(".game-over")
    projector.wait_for_selector(".game-over")
    _check(screens, game.pk, "over", found, screenshot_dir, slug)
    for page in screens.values():
        page.context.close()
    lines = [f"{where}: {line}" for where, losses in found.items() for line in losses[:12]]
    assert not lines, f"{slug}:\n" + "\n".join(lines)


@pytest.mark.parametrize("edge", ["left", "right", "top", "bottom"])
def test_a_dice_pawn_at_any_edge_keeps_a_phone_at_200_percent_within_its_width(
    edge, browser, live_server, teacher
):
    # Where the computer puts the pawn is the deal's: each edge is placed here by hand.
    game = new_game("dice", teacher, {})
    store.make_move(game, 0, "place", {"edge": edge, "index": 5})
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.wait_for_selector(f"[data-pawn='{edge}-5']")
    phone.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, (edge, width)
    phone.context.close()
