"""What a screen reader says when the game changes: the last move, as one short sentence for
the shells' polite live region ("Ada: placed a tip."). Only the move's name and who made it are
read, never its arguments: a face-down tip or a secret guess stays secret."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Every edition's move names as a pupil would say them. A move not listed is read by its name.
MOVE_WORDS: dict[str, Any] = {
    "lay_out": gettext_lazy("laid out new cards"),
    "tip": gettext_lazy("placed a tip"),
    "reveal": gettext_lazy("turned the cards over"),
    "end": gettext_lazy("ended the game"),
    "choose": gettext_lazy("chose a card"),
    "exchange": gettext_lazy("exchanged a card"),
    "guess": gettext_lazy("made a guess"),
    "lock": gettext_lazy("locked in a guess"),
    "close_guessing": gettext_lazy("closed the guessing"),
    "evaluate": gettext_lazy("evaluated the guesses"),
    "show": gettext_lazy("showed a card"),
    "play": gettext_lazy("played a card"),
    "pass": gettext_lazy("passed"),
    "place": gettext_lazy("placed the pawn"),
    "roll": gettext_lazy("rolled the dice"),
    "stop": gettext_lazy("stopped and scored"),
    "start": gettext_lazy("started the next game"),
    "claim": gettext_lazy("claimed a card"),
}


def sentence(who: str, move: str) -> str:
    """ "Ada: placed a tip." for the seat (or the teacher) that made the move."""
    words = MOVE_WORDS.get(move, move.replace("_", " "))
    return _("%(who)s: %(what)s.") % {"who": who, "what": words}


def last_move(move: tuple[int | None, str] | None, seat_names: list[str]) -> str:
    """The sentence for the game's last move still standing (``reads.last_move``), or ""
    before the first."""
    if move is None:
        return ""
    seat, name = move
    known = seat is not None and 0 <= seat < len(seat_names)
    who = seat_names[seat] if known else _("Teacher")
    return sentence(who, name)
