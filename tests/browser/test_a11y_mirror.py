"""The table on a phone: a pupil who cannot see the projector opens it on the phone and reads
what the projector shows, as text, within the phone's width, and it stays open through moves."""

from __future__ import annotations

import re

import pytest

from play.core import registry
from play.models import Game
from tests.browser.a11y import (
    axe_violations,
    new_game,
    open_projector_at,
    play_moves,
    summary,
    tab_to,
    wait_for_version,
)
from tests.browser.helpers import join_on_phone

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]

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


def read_by_screen_reader(page) -> set[str]:
    """The words Chromium gives assistive technology inside the table's region on the phone."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    by_id = {node["nodeId"]: node for node in nodes}
    regions = [
        node
        for node in nodes
        if node.get("role", {}).get("value") == "region"
        and not node.get("ignored")
        and "projector" in node.get("name", {}).get("value", "")
    ]
    assert len(regions) == 1, "the table is not a region a screen reader can reach"
    words, todo = set(), [regions[0]["nodeId"]]
    while todo:
        node = by_id[todo.pop()]
        if not node.get("ignored") and node.get("role", {}).get("value") == "StaticText":
            words.update(re.findall(r"\w+", node.get("name", {}).get("value", "")))
        todo.extend(node.get("childIds", []))
    return words


@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_a_phone_shows_what_the_projector_shows_as_text(
    slug, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck})
    play_moves(game.pk, 3)
    version = Game.objects.get(pk=game.pk).version
    projector = open_projector_at(browser, live_server, teacher, game.code, (1920, 1080))
    # Every other seat on a phone of its own too: none plays on the projector.
    others = [
        join_on_phone(browser, live_server, game.code, name)
        for name in (["Bo", "Cy"] if slug == "world" else ["Bo"])
    ]
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    version = Game.objects.get(pk=game.pk).version  # the phones joining changed the seats
    for page in (projector, phone):
        wait_for_version(page, version)
    # Folded, the table is not drawn; opened, it is fetched, and the key stays where it was.
    assert phone.locator("[data-mirror][data-mirror-later]").count() == 1
    tab_to(phone, "(el) => el.matches('[data-mirror] summary')")
    phone.keyboard.press("Enter")
    phone.wait_for_selector("[data-mirror][open]:not([data-mirror-later])")
    assert phone.evaluate("() => document.activeElement.matches('[data-mirror] summary')")
    shown = projector.evaluate(PROJECTOR_LINES)
    mirror = phone.locator(".mirror-body").inner_text()
    missing = [line for line in shown if line not in mirror]
    assert shown and not missing, (missing, mirror)
    # And a screen reader gets it: the copy is in the phone's accessibility tree (an inert
    # copy is not: Chromium leaves an inert subtree out of it).
    spoken = read_by_screen_reader(phone)
    unspoken = [line for line in shown if not set(re.findall(r"\w+", line)) <= spoken]
    assert not unspoken, (unspoken, sorted(spoken))
    phone.screenshot(path=str(screenshot_dir / f"mirror-{slug}-phone.png"), full_page=True)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    found = axe_violations(phone)
    assert not found, summary({"mirror": found})
    # A move redraws the phone: the table stays open.
    play_moves(game.pk, 1)
    wait_for_version(phone, Game.objects.get(pk=game.pk).version)
    if not Game.objects.get(pk=game.pk).is_finished:  # the end shows the standings instead
        phone.wait_for_selector("[data-mirror][open]:not([data-mirror-later])", timeout=5_000)
    for page in (projector, phone, *others):
        page.context.close()
