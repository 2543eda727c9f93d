"""The projector's high-contrast theme and reading moves aloud, switched on by the teacher, and
motion that stops where a system asks for less."""

from __future__ import annotations

import pytest

from play.core import store
from play.models import Game
from tests.browser.a11y import (
    axe_violations,
    new_game,
    open_projector_at,
    summary,
    wait_for_version,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]

# The browser's speech, recorded instead of played: what would be said, in which language.
RECORD_SPEECH = """
window.spoken = [];
const synth = window.speechSynthesis || {};
synth.speak = (utterance) => window.spoken.push([utterance.text, utterance.lang]);
synth.cancel = () => {};
if (!window.speechSynthesis) Object.defineProperty(window, 'speechSynthesis', {value: synth});
if (!window.SpeechSynthesisUtterance) {
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ''; };
}
"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_projector_reads_each_move_aloud_in_the_games_language(
    language, browser, live_server, teacher
):
    game = new_game("dice", teacher, {}, language=language)
    projector = open_projector_at(browser, live_server, teacher, game.code, (1920, 1080))
    projector.add_init_script(RECORD_SPEECH)
    projector.reload()
    projector.click("[data-speak-toggle]")
    assert projector.get_attribute("[data-speak-toggle]", "aria-pressed") == "true"
    assert projector.evaluate("() => document.documentElement.lang") == language
    store.make_move(Game.objects.get(pk=game.pk), 0, "place", {"edge": "left", "index": 0})
    said = "Ada: placed the pawn." if language == "en" else "Ada: hat die Figur gesetzt."
    projector.wait_for_function("(said) => window.spoken.some(([text]) => text === said)", arg=said)
    assert [said, language] in projector.evaluate("() => window.spoken")
    # Switched off, the room hears no more.
    projector.click("[data-speak-toggle]")
    count = len(projector.evaluate("() => window.spoken"))
    store.make_move(Game.objects.get(pk=game.pk), 0, "roll", {})
    wait_for_version(projector, Game.objects.get(pk=game.pk).version)
    projector.wait_for_function(
        "() => document.getElementById('live-moves').textContent.includes('rolled')"
        " || document.getElementById('live-moves').textContent.includes('gewürfelt')"
    )
    assert len(projector.evaluate("() => window.spoken")) == count
    projector.context.close()


@pytest.mark.parametrize("slug", ["germany", "match", "dice"])
def test_the_high_contrast_projector_stays_switched_on_and_passes_axe(
    slug, browser, live_server, teacher, big_deck, world_deck, screenshot_dir
):
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck})
    projector = open_projector_at(browser, live_server, teacher, game.code, (1920, 1080))
    projector.click("[data-contrast-toggle]")
    assert projector.evaluate("() => document.documentElement.classList.contains('high-contrast')")
    # A move redraws the bar: the theme and its switch's state stay.
    from tests.browser.a11y import play_moves

    play_moves(game.pk, 2)
    wait_for_version(projector, Game.objects.get(pk=game.pk).version)
    assert projector.evaluate("() => document.documentElement.classList.contains('high-contrast')")
    assert projector.get_attribute("[data-contrast-toggle]", "aria-pressed") == "true"
    projector.screenshot(path=str(screenshot_dir / f"high-contrast-{slug}.png"))
    found = axe_violations(projector)
    assert not found, summary({"high contrast": found})
    projector.context.close()


def test_nothing_moves_when_the_system_asks_for_less_motion(browser, live_server, teacher):
    game = new_game("dice", teacher, {})
    projector = open_projector_at(browser, live_server, teacher, game.code, (1920, 1080))
    store.make_move(Game.objects.get(pk=game.pk), 0, "place", {"edge": "left", "index": 0})
    store.make_move(Game.objects.get(pk=game.pk), 0, "roll", {})
    wait_for_version(projector, Game.objects.get(pk=game.pk).version)
    moving = projector.evaluate(
        """() => [...document.querySelectorAll('*')].filter((el) => {
          const s = getComputedStyle(el);
          const long = (v) => v.split(',').some((d) => parseFloat(d) > 0);
          return (s.animationName !== 'none' && long(s.animationDuration))
              || long(s.transitionDuration);
        }).map((el) => el.className)"""
    )
    assert moving == []
    # Any motion a screen adds later is stopped too: the rule holds for every element.
    added = projector.evaluate(
        """() => { const el = document.createElement('div');
          el.style.cssText = 'transition: opacity 2s; animation: spin 3s infinite';
          document.body.append(el); const s = getComputedStyle(el);
          return [s.transitionDuration, s.animationDuration, s.animationIterationCount]; }"""
    )
    assert added == ["0s", "0s", "1"], added
    projector.context.close()
