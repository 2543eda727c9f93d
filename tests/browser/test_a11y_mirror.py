"""The table on a phone: a pupil who cannot see the projector opens it on the phone and reads
what the projector shows, as text, within the phone's width, and it stays open through moves."""

from __future__ import annotations

import pytest

from play.core import registry
from play.models import Game
from tests.browser.a11y import axe_violations, play_moves, summary, wait_for_version
from tests.browser.helpers import join_on_phone
from tests.browser.test_a11y_audit import island_deck, new_game, open_projector  # noqa: F401
from tests.browser.test_a11y_keyboard import tab_to

pytestmark = pytest.mark.django_db(transaction=True)

# The projector's own words: each line of its edition's screen, less the teacher's controls.
PROJECTOR_LINES = """() => {
  const body = document.querySelector('#stage .stage-body');
  const copy = body.cloneNode(true);
  const teachers = 'form, button, .stage-message, .join-big, script';
  copy.querySelectorAll(teachers).forEach((e) => e.remove());
  document.body.append(copy);
  const lines = copy.innerText.split('\\n').map((l) => l.trim()).filter((l) => l.length > 2);
  copy.remove();
  return lines;
}"""


@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_a_phone_shows_what_the_projector_shows_as_text(
    slug, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck})
    play_moves(game.pk, 3)
    version = Game.objects.get(pk=game.pk).version
    projector = open_projector(browser, live_server, teacher, game.code, (1920, 1080))
    # Every other seat on a phone of its own too: none plays on the projector.
    others = [
        join_on_phone(browser, live_server, game.code, name)
        for name in (["Bo", "Cy"] if slug == "world" else ["Bo"])
    ]
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    version = Game.objects.get(pk=game.pk).version  # the phones joining changed the seats
    for page in (projector, phone):
        wait_for_version(page, version)
    tab_to(phone, "(el) => el.matches('[data-mirror] summary')")
    phone.keyboard.press("Enter")
    phone.wait_for_selector("[data-mirror][open]")
    shown = projector.evaluate(PROJECTOR_LINES)
    mirror = phone.locator(".mirror-body").inner_text()
    missing = [line for line in shown if line not in mirror]
    assert shown and not missing, (missing, mirror)
    phone.screenshot(path=str(screenshot_dir / f"mirror-{slug}-phone.png"), full_page=True)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    found = axe_violations(phone)
    assert not found, summary({"mirror": found})
    # A move redraws the phone: the table stays open.
    play_moves(game.pk, 1)
    wait_for_version(phone, Game.objects.get(pk=game.pk).version)
    if not Game.objects.get(pk=game.pk).is_finished:  # the end shows the standings instead
        phone.wait_for_selector("[data-mirror][open]", timeout=5_000)
    for page in (projector, phone, *others):
        page.context.close()
