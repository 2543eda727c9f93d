"""What the shells show besides an edition's view: the join QR code and translated refusals."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

import segno
from django.core.cache import cache
from django.urls import get_script_prefix, reverse
from django.utils.translation import gettext_lazy as _


def game_url(name: str, code: str) -> str:
    """``reverse(name, args=[code])``, remembered: every redraw of a screen names several of its
    game's URLs, and reversing one costs about as much as drawing a card. Play's URLs are the
    same in every language; the script prefix is part of the key."""
    return _game_url(get_script_prefix(), name, code)


@lru_cache(maxsize=8192)
def _game_url(prefix: str, name: str, code: str) -> str:
    return reverse(name, args=[code])


@lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    # Also in the shared cache: every server process draws the join panel of every new game,
    # and encoding a QR code costs more than the rest of the projector's stage. Drawn with a
    # viewBox and no fixed size, so each panel scales it to its room.
    key = "play.qr.v2." + hashlib.sha256(url.encode()).hexdigest()
    return cache.get_or_set(
        key,
        lambda: segno.make(url, error="m").svg_inline(
            scale=6, border=2, dark="#1d2330", omitsize=True
        ),
    )


# What a person reads for each rule code (the API keeps the rules' English messages).
ERROR_TEXT = {
    "not_your_turn": _("It is not this team’s turn."),
    "devices_only": _("Every team plays this game on a device of its own."),
    "round_complete": _("Every team has placed its 3 tips."),
    "no_tips_left": _("This team has placed its 3 tips this round."),
    "card_already_used": _("This tip card has already been played this round."),
    "wm_card_used": _("W and M are one card, and it has already been played."),
    "two_player_rule": _("With two teams, both must play different tips: this one is taken."),
    "place_not_laid_out": _("A tip can only go under a laid-out place card."),
    "unknown_tip": _("Choose a tip card."),
    "bad_input": _("Choose a place and a tip card."),
    "round_open": _("Reveal the current round before starting a new one."),
    "round_incomplete": _("Not every team has placed its 3 tips yet."),
    "round_revealed": _("This round has already been revealed."),
    "no_rounds_left": _("Every round of this game has been played."),
    "deck_exhausted": _("The deck has too few unused places left."),
    "game_finished": _("This game has ended."),
    "place_count": _("Choose one more place than there are teams."),
    "place_ids": _("Choose places from the list."),
    "face_down_teams": _("Face-down tips are a variant for 3 or 4 teams."),
    "team_count": _("A game has 2 to 4 teams."),
    "team_name": _("Every team needs its own name."),
    "unknown_team": _("That team does not play in this game."),
    # The World
    "wrong_phase": _("That is not possible in this phase of the round."),
    "no_round": _("No round has been laid out yet."),
    "card_not_available": _("Choose one of the laid-out cards."),
    "no_exchange_tokens": _("A team can exchange at most twice a game."),
    "guess_locked": _("This team has locked its guess in."),
    "no_guess": _("Place at least the board stone before locking in."),
    "board_required": _("Place the first stone on a board."),
    "row_needs_column": _("A row stone needs a column stone first."),
    "letter_needs_row": _("A rectangle stone needs a row stone first."),
    "malformed_guess": _("Choose a board, then a column, a row and a rectangle."),
    "variant_needs_three": _("The longer game needs 3 or more teams."),
    "track_length": _("The track has 10 to 200 spaces."),
}


def error_text(error: Any, edition: Any = None) -> str:
    """A translated sentence for a ``RuleViolation``: the edition's own, the core's, or the
    English message as a fallback."""
    own = getattr(edition, "messages", None) or {}
    text = own.get((error.code, error.message)) or own.get(error.code)
    return str(text or ERROR_TEXT.get(error.code, error.message))
