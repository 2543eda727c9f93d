"""axe-core's WCAG 2.2 AA audit of every game's screens, phase by phase: the join page, then
the projector and a phone at the lay-out, after the first moves, at the reveal and at the end,
at 1920×1080 and at 390×844. No serious or critical violation is allowed anywhere."""

from __future__ import annotations

import pytest

from play.core import lifecycle, registry
from play.models import Game
from tests.browser.a11y import (
    REVEALS,
    axe_violations,
    new_game,
    open_projector_at,
    play_moves,
    summary,
    wait_for_version,
)
from tests.browser.helpers import join_on_phone

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]

SIZES = {"1080p": (1920, 1080), "phone": (390, 844)}


def audit(pages: dict, game_pk: int, phase: str, found: dict) -> None:
    version = Game.objects.get(pk=game_pk).version
    for screen, page in pages.items():
        wait_for_version(page, version)
        violations = axe_violations(page)
        if violations:
            found[f"{phase} {screen}"] = violations


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_every_screen_of_a_game_passes_axe_wcag22_aa(
    slug, size, browser, live_server, teacher, big_deck, world_deck
):
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck})
    found: dict[str, list] = {}
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    phone.wait_for_selector("#stage")
    projector = open_projector_at(browser, live_server, teacher, game.code, size)
    pages = {"projector": projector, "phone": phone}
    audit(pages, game.pk, "lay-out", found)
    play_moves(game.pk, 2)
    audit(pages, game.pk, "moves", found)
    play_moves(game.pk, 60, until=REVEALS)
    audit(pages, game.pk, "reveal", found)
    if not Game.objects.get(pk=game.pk).is_finished:  # Numbers may end by itself
        lifecycle.end_game(Game.objects.get(pk=game.pk))
    phone.wait_for_selector(".game-over")
    projector.wait_for_selector(".game-over")
    audit(pages, game.pk, "game over", found)
    for page in pages.values():
        page.context.close()
    if found:
        pytest.fail(f"{slug} at {size}:\n{summary(found)}", pytrace=False)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_join_and_team_pages_pass_axe_wcag22_aa(size, browser, live_server, teacher):
    game = new_game("numbers", teacher, {})
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    assert axe_violations(page) == []
    page.fill("input[name=code]", "zzzzzz")
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".flash.error")
    assert axe_violations(page) == []
    page.fill("input[name=code]", game.code.lower())
    page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".pick-team")
    assert axe_violations(page) == []
    context.close()


@pytest.mark.parametrize("game", ["match", "dice"])
def test_the_rules_pages_pass_axe_wcag22_aa(game, browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.goto(f"{live_server.url}/print/rules/{game}/")
    assert page.locator("h2").count() >= 5
    found = axe_violations(page)
    assert not found, summary({game: found})
    context.close()
