"""The World's kit: a deck of the card database printed as Spot On: The World. Card faces are
the designs of ``printing.kits.world.faces``; the boards come from ``geo``, guess cards and the
track from ``printing.kits.world.extras``, the players' pieces from ``printing.kits.world.pieces``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from cards.games.world import WORLD_TRACK_MAX, WORLD_TRACK_MIN
from printing.core import rules_sheet
from printing.core.deckkit import CARDS, deck_kit, deck_of
from printing.core.document import Document
from printing.core.kit import Job, Option, Part
from printing.kits.world import (
    boards,
    extras,
    faces,  # noqa: F401  (registers the kit's card designs)
    pieces,
    rules,
)


def _rules(doc: Document, job: Job) -> None:
    rules_sheet.add_rules(doc, rules.sheet(deck_of(job).language), job.paper)


PARTS = (
    CARDS,
    Part("boards", _("Six boards"),
         lambda doc, job: boards.add_boards(doc, deck_of(job), job.paper), cut=False),
    Part("guess-cards", _("Guess cards"),
         lambda doc, job: extras.add_guess_cards(doc, deck_of(job).language, job.paper)),
    Part("track", _("Scoring track"), lambda doc, job: extras.add_scoring_track(
        doc, deck_of(job).language, job.paper, job["track_length"]), cut=False),
    Part("pieces", _("Stones, pawns, exchange tokens and the place pointer"),
         lambda doc, job: pieces.add_pieces(doc, deck_of(job).language, job.paper)),
    Part("rules", _("Rules summary"), _rules, cut=False),
)  # fmt: skip
# Not part of "kit": the six boards with the deck's places, as a poster.
POSTER = Part("poster", _("Map as a tiled poster"),
              lambda doc, job: boards.add_boards(doc, deck_of(job), job.paper, with_dots=True),
              cut=False)  # fmt: skip
TRACK = Option(
    "track_length",
    _("Scoring track length"),
    None,
    kind=int,
    min=WORLD_TRACK_MIN,
    max=WORLD_TRACK_MAX,
    help=_("Spaces on the track; empty: the play app's setting."),
)

KIT = deck_kit("world", _("Spot On: The World"),
               _("place cards, six boards, guess cards, scoring track, pieces, rules"),
               PARTS, ("world",), TRACK, extra_parts=(POSTER,), rules=rules.sheet)  # fmt: skip
