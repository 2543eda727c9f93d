"""Accessibility checks the browser tests share: axe-core's WCAG 2.2 AA rules on a page, and
the steps that take a game of any edition through its phases the way its players would."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from tests.browser.helpers import sign_in

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"

# WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules a school's accessibility statement cites.
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

RUN_AXE = """async (tags) => {
  const results = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                           resultTypes: ['violations']});
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => [n.target.join(' '), n.failureSummary]).slice(0, 5),
  }));
}"""


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """axe-core's WCAG 2.2 AA violations of the page as it stands, of the given impacts."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated by the driver, not as a <script>: the site's CSP allows no inline script.
        page.evaluate(_axe_source() + "\n;undefined")
    found = page.evaluate(RUN_AXE, WCAG_AA)
    return [v for v in found if v["impact"] in impacts]


def wait_for_version(page: Any, version: int) -> None:
    """Wait until the page's stage shows the game at ``version`` or later."""
    page.wait_for_function(
        "(v) => { const s = document.getElementById('stage');"
        " return s && Number(s.dataset.version) >= v; }",
        arg=version,
    )


def next_move(game: Any) -> tuple[int | None, Any] | None:
    """The next move of a game whose every seat and teacher is played by the edition's own
    computer players: (seat or None for the teacher, BotMove), or None when nobody can move."""
    from play.core import store

    edition = store.edition_of(game)
    for seat in range(game.teams.count()):
        move = edition.bot(game.state, seat) if edition.bot else None
        if move is not None:
            return seat, move
    if edition.teacher_bot is not None:
        move = edition.teacher_bot(game.state)
        if move is not None:
            return None, move
    return None


def play_moves(game_pk: int, count: int, until: tuple[str, ...] = ()) -> list[str]:
    """Play up to ``count`` moves by the computer; stop after a move named in ``until``.
    Returns the names of the moves made."""
    from play.core import store
    from play.models import Game

    made: list[str] = []
    for _ in range(count):
        game = Game.objects.get(pk=game_pk)
        if game.is_finished:
            break
        step = next_move(game)
        if step is None:
            break
        seat, move = step
        store.make_move(game, seat, move.move, move.args, teacher=seat is None)
        made.append(move.move)
        if move.move in until:
            break
    return made


def summary(found: dict[str, list[dict]]) -> str:
    """One line per violation and element, for a failing test's message."""
    lines = []
    for where, violations in found.items():
        for violation in violations:
            for target, failure in violation["nodes"]:
                detail = " ".join(failure.split("\n")[1:2]).strip()[:160]
                rule = f"{violation['id']} ({violation['impact']})"
                lines.append(f"{where}: {rule} {target}: {detail}")
    return "\n".join(lines)


# The move that turns the cards over, where an edition has one.
REVEALS = ("reveal", "evaluate", "close_guessing", "end")


def new_game(slug: str, teacher, decks: dict, **extra) -> Any:
    """A devices game of edition ``slug`` (Ada and Bo, and Cy in World; Match's first game for
    beginners) on its deck from ``decks``; ``extra`` adds options or overrides the rest."""
    from play.core import registry, store

    edition = registry.get(slug)
    seats = ["Ada", "Bo", "Cy"] if slug == "world" else ["Ada", "Bo"]
    options = {"mode": "beginner", "game": 1} if slug == "match" else {}
    return store.create_game(
        user=teacher,
        edition=slug,
        deck=decks.get(edition.deck_edition) if edition.deck_edition else None,
        seat_names=seats,
        options=options | extra.pop("options", {}),
        mode="devices",
        language=extra.pop("language", "en"),
        **extra,
    )


def open_projector_at(browser, live_server, teacher, code: str, size: tuple[int, int]):
    """The teacher's projector of game ``code`` at ``size``, with reduced motion (no transitions
    between what axe reads and what it reports)."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, locale="en-GB", reduced_motion="reduce"
    )
    sign_in(context, live_server, teacher)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/host/{code}/")
    page.wait_for_selector("#stage")
    return page


# Tab presses before tab_to gives up: more than any screen has controls.
TAB_LIMIT = 80
# Whether the focused element is the chosen card's symbol that the phone's own card shares.
SHARED_SYMBOL = """(el) => el.matches('.mchosen button.msym') &&
  [...document.querySelectorAll('.mmine .msym .sr')].some((s) => s.textContent ===
    el.querySelector('.sr').textContent)"""


def tab_to(page, test: str) -> None:
    """Press Tab until the focused element passes ``test`` (a JS function of the element), and
    check that the focus is drawn where it is."""
    for _press in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            # The focus is visible where it is: an outline or a ring drawn around it.
            style = page.evaluate(
                "() => { const s = getComputedStyle(document.activeElement);"
                " return [s.outlineStyle, s.outlineWidth, s.boxShadow]; }"
            )
            assert style[0] != "none" or style[2] != "none", style
            return
    raise AssertionError(f"Tab never reached {test}")
