"""One whole turn of a phone with the keyboard alone, in every game: Tab to each control in
turn, Enter or Space to use it, and the move is read from the page's polite live region as a
screen reader would hear it. The page's language is the game's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from play.core import store
from play.models import Game, Move
from tests.browser.a11y import SHARED_SYMBOL, new_game, tab_to
from tests.browser.helpers import join_on_phone

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("island_deck")]


# Per game: the teacher's moves first (made on the projector), then the phone's keyboard steps
# as (what the focus must reach, the key that uses it).
TURNS = {
    "numbers": ([], [("(el) => el.matches('.nb-hand-card:not(.is-joker) button.nb-op')", "Enter")]),
    "dice": ([], [("(el) => el.matches('.edge button:not([disabled])')", "Enter")]),
    "world": (["lay_out"], [("(el) => el.matches('button.take')", "Enter")]),
    "germany": (
        ["lay_out"],
        [
            ("(el) => el.matches('input[name=tip]:not([disabled])')", " "),
            ("(el) => el.matches('button.place-here')", "Enter"),
        ],
    ),
    "match": (
        [],
        [
            ("(el) => el.matches('button.mstart')", "Enter"),
            ("(el) => el.matches('.misland .mcard.target')", "Enter"),
            (SHARED_SYMBOL, "Enter"),
        ],
    ),
}
# What a screen reader user hears of the phone at the start of the turn: every control the turn
# needs, by role and name, as Playwright's ARIA snapshot of the page lists them.
NAMES = {
    "numbers": [r'heading "Ada · Numbers"', r'button "plus \S+"', r'button "Pass \S+"'],
    "dice": [r'heading "Ada · ', r'button "Pawn left of line 1, \d/6 faces bust"'],
    "germany": [
        r'heading "Ada · ',
        r'radio "N furthest north"',
        r'radio "Most most inhabitants"',
        r'button "Place here ?: Ort\d+"',
    ],
    "match": [r'heading "Ada · ', r'button "Start"'],
    "world": [r'heading "Ada · ', r'button "Take [^"]+"'],
}
COMMON = [r"- banner:", r"- main:", r"- status", r"- alert"]


def assert_names(page, names: list[str]) -> None:
    tree = page.locator("body").aria_snapshot()
    missing = [name for name in COMMON + names if not re.search(name, tree)]
    assert not missing, (missing, tree)


HEARD = "(said) => document.getElementById('live-moves').textContent === said"
WHAT_IS_SHOWN = """() => ({live: document.getElementById('live-moves').textContent,
  version: document.getElementById('stage').dataset.version,
  announce: document.getElementById('stage').dataset.announce,
  message: document.querySelector('#stage .stage-message').textContent.trim()})"""


def hear(page, said: str, game_pk: int) -> None:
    """Wait until the polite region says ``said``; if it never does, fail with what the page
    shows and the game's log (the page's region is checked every 100 ms: a redraw is no
    animation frame to wait for)."""
    try:
        page.wait_for_function(HEARD, arg=said, polling=100)
    except PlaywrightTimeout:
        moves = list(Move.objects.filter(game_id=game_pk).values_list("number", "name", "seat"))
        version = Game.objects.get(pk=game_pk).version
        raise AssertionError((said, page.evaluate(WHAT_IS_SHOWN), version, moves)) from None


SAID = {
    "numbers": "Ada: played a card.",
    "dice": "Ada: placed the pawn.",
    "world": "Ada: chose a card.",
    "germany": "Ada: placed a tip.",
    "match": "Ada: claimed a card.",
}


@pytest.mark.parametrize("slug", TURNS)
def test_a_phone_plays_a_turn_by_keyboard_and_hears_its_move(
    slug, browser, live_server, teacher, big_deck, world_deck
):
    game = new_game(slug, teacher, {"germany": big_deck, "world": world_deck})
    teacher_moves, steps = TURNS[slug]
    for move in teacher_moves:
        store.make_move(Game.objects.get(pk=game.pk), None, move, {}, teacher=True)
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.wait_for_selector("#stage")
    assert phone.evaluate("() => document.documentElement.lang") == "en"
    assert_names(phone, NAMES[slug])
    for test, key in steps:
        version = int(phone.get_attribute("#stage", "data-version"))
        if "mcard.target" in test:  # the island, once Start has drawn it
            assert_names(phone, [r'button "Card with [^"]+, [^"]+"'])
        tab_to(phone, test)
        phone.keyboard.press(key)
        if key == "Enter" and "mcard.target" not in test:
            phone.wait_for_function(
                "(v) => Number(document.getElementById('stage').dataset.version) > v",
                arg=version,
            )
    hear(phone, SAID[slug], game.pk)
    assert phone.get_attribute("#live-moves", "aria-live") == "polite"
    phone.context.close()


def test_a_refusal_of_the_phones_own_move_is_read_at_once(browser, live_server, teacher):
    """Another team moved first: the phone's Roll comes too late and is refused (409); the
    refusal is read from the assertive region, the move it lost to from the polite one."""
    game = new_game("dice", teacher, {})
    phone = join_on_phone(browser, live_server, game.code, "Bo")
    phone.wait_for_selector("#stage")
    # Bo's phone still shows its buttons enabled for a turn that is not its own.
    phone.route("**/state/**", lambda route: route.abort())
    phone.evaluate(
        "() => document.querySelectorAll('.edge button').forEach((b) => { b.disabled = false; })"
    )
    tab_to(phone, "(el) => el.matches('.edge button')")
    with phone.expect_response(lambda r: r.request.method == "POST") as sent:
        phone.keyboard.press("Enter")
    assert sent.value.status in (400, 409)
    phone.wait_for_selector("#stage .stage-message .flash")
    message = phone.locator("#stage .stage-message").inner_text().strip()
    assert message
    phone.wait_for_function(
        "(said) => document.getElementById('live-refusal').textContent === said", arg=message
    )
    assert phone.get_attribute("#live-refusal", "aria-live") == "assertive"
    phone.context.close()


def test_a_world_phone_takes_keeps_guesses_and_locks_in_by_keyboard_alone(
    browser, live_server, teacher, world_deck
):
    """The World's whole turn on a phone: Take a card, keep it, then the guess pad (a board,
    a column) and Lock in, by Tab and Enter only; the other two teams play as the computer
    would, between the phone's steps."""
    from play.core import registry

    edition = registry.get("world")
    game = new_game("world", teacher, {"world": world_deck})
    store.make_move(Game.objects.get(pk=game.pk), None, "lay_out", {}, teacher=True)
    phone = join_on_phone(browser, live_server, game.code, "Ada")
    phone.wait_for_selector("#stage")
    steps = {  # what the phone shows -> the control the keyboard reaches and uses
        "button.take:not(.mirror *)": "(el) => el.matches('button.take')",
        ".exchange-form:not(.mirror *)": "(el) => el.matches('.exchange-form button.primary')",
        ".boards-step:not(.mirror *)": "(el) => el.matches('button.board-button')",
        ".lock-form:not(.mirror *)": "(el) => el.matches('button.stone-button')",
    }
    done = []
    for _step in range(20):
        game = Game.objects.get(pk=game.pk)
        for seat in (1, 2):  # Bo and Cy, whenever it is their move
            move = edition.bot(game.state, seat)
            if move is not None:
                game = store.make_move(game, seat, move.move, dict(move.args))
        phone.wait_for_function(
            "(v) => Number(document.getElementById('stage').dataset.version) >= v",
            arg=game.version,
        )
        shown = next((s for s in steps if phone.locator(s).count() and s not in done), None)
        if shown is None:
            continue
        version = int(phone.get_attribute("#stage", "data-version"))
        tab_to(phone, steps[shown])
        phone.keyboard.press("Enter")
        phone.wait_for_function(
            "(v) => Number(document.getElementById('stage').dataset.version) > v", arg=version
        )
        done.append(shown)
        if shown.startswith(".lock-form"):
            break
    assert len(done) == 4, done
    assert_names(phone, [r'button "Lock in [^"]+"'])
    tab_to(phone, "(el) => el.matches('button.lock-in')")
    phone.keyboard.press("Enter")
    hear(phone, "Ada: locked in a guess.", game.pk)
    assert Game.objects.get(pk=game.pk).state["rounds"][-1]["guesses"][0]["locked"]
    phone.context.close()
