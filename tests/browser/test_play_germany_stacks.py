"""Germany on the projector with four teams: a tall tip stack (every team's tips under one
place) stays on the screen beside "Next round", at 1920 × 1080 and 1280 × 720."""

from __future__ import annotations

import pytest

from play.core.engine import RuleViolation
from tests.browser.helpers import assert_fits, logged_in_page

pytestmark = pytest.mark.django_db(transaction=True)

# Tips that cannot be read, each brought into view within its own stack first (a stack may
# scroll; the page may not): their centre off the stage or under another element.
HIDDEN_TIPS = """() => {
  const body = document.querySelector('.stage-body').getBoundingClientRect();
  return [...document.querySelectorAll('.de-stack .de-tip')].filter((tip) => {
    tip.scrollIntoView({block: 'nearest'});
    const r = tip.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < body.top || y > body.bottom) return true;
    const hit = document.elementFromPoint(x, y);
    return !(hit && tip.contains(hit));
  }).length;
}"""


def _tall_round(teacher, deck):
    """Four teams; each plays, whenever it can, under the first place: a stack of ten or more."""
    from play.core import store
    from play.editions.germany.bots import bot
    from play.editions.germany.moves import current_round, round_state
    from play.models import Game

    game = store.create_game(
        user=teacher,
        edition="germany",
        deck=deck,
        seat_names=["Rot", "Blau", "Grün", "Gelb"],
        options={"rounds": 2},
        language="en",
    )
    store.make_move(game, None, "lay_out", {}, teacher=True)
    while True:
        game = Game.objects.get(pk=game.pk)
        rnd = current_round(game.state)
        table = round_state(game.state, rnd)
        if table.is_complete():
            break
        seat = table.next_team()
        first = rnd["places"][0]
        for tip in table.available_tips(seat):
            try:
                table.check_tip(seat, first, tip)
            except RuleViolation:
                continue
            store.make_move(game, seat, "tip", {"place": first, "tip": tip.value})
            break
        else:
            move = bot(game.state, seat)
            store.make_move(game, seat, move.move, move.args)
    game = Game.objects.get(pk=game.pk)
    tall = sum(1 for tip in current_round(game.state)["tips"] if tip[1] == first)
    store.make_move(game, None, "reveal", {}, teacher=True)
    return Game.objects.get(pk=game.pk), tall


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_a_tall_stack_stays_on_the_projector_beside_next_round(
    size, browser, live_server, teacher, big_deck, screenshot_dir
):
    game, tall = _tall_round(teacher, big_deck)
    assert tall >= 8, tall
    host = logged_in_page(browser, live_server, teacher, size)
    host.goto(f"{live_server.url}/play/host/{game.code}/")
    host.wait_for_selector(".de-projector.is-revealed")
    host.screenshot(path=str(screenshot_dir / f"germany-tall-stack-{size[0]}x{size[1]}.png"))
    assert_fits(host, "tall stack")
    next_round = host.get_by_role("button", name="Next round")
    box = next_round.bounding_box()
    assert box["y"] + box["height"] <= size[1]
    assert host.evaluate(HIDDEN_TIPS) == 0, tall
    assert host.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    assert_fits(host, "tall stack, each tip shown")
    host.context.close()
