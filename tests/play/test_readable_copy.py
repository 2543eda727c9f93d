"""The projector's screen copied onto a phone for a screen reader: its text stays, the teacher's
forms and the copy's live regions go, and its ids cannot clash with the phone's own."""

from __future__ import annotations

from django.utils.html import conditional_escape

from play.shells.screens import readable_copy

PROJECTOR = (
    '<p class="de-turn" aria-live="polite">Your turn: <span>Red</span></p>'
    '<form method="post" action="/m"><input type="hidden" name="move" value="reveal">'
    '<button class="primary big" type="submit" autofocus>Reveal</button></form>'
    '<section aria-labelledby="results-title"><h2 id="results-title">Results</h2>'
    '<div role="status">Red 3</div><ol class="de-stack" tabindex="0">'
    "<li>Kiel</li></ol></section>"
)


def test_the_text_stays_and_the_forms_go():
    copy = readable_copy(PROJECTOR)
    assert conditional_escape(copy) == copy  # drawn as markup, not shown as its source
    for text in ("Your turn:", "Red", "Results", "Red 3", "Kiel"):
        assert text in copy
    assert "<form" not in copy and "Reveal" not in copy and "autofocus" not in copy


def test_a_copy_speaks_no_move_twice():
    copy = readable_copy(PROJECTOR)
    assert "aria-live" not in copy and 'role="status"' not in copy


def test_its_ids_are_its_own_and_still_label():
    copy = readable_copy(PROJECTOR)
    assert 'id="table-results-title"' in copy
    assert 'aria-labelledby="table-results-title"' in copy
    assert 'id="results-title"' not in copy
    assert 'tabindex="0"' in copy  # a long stack still scrolls by keyboard
