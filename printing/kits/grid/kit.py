"""The grid editions' kits: a deck of the card database printed as Spot On: Germany, or as a
grid edition of any other country (Germany's kit by the deck's grid: its numbers, map and
name). Card faces are the data-driven designs of ``printing.kits.grid.faces``; the maps come
from ``geo``, the score pad from ``printing.kits.grid.pads``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from printing.core import rules_sheet
from printing.core.data import tip_cards
from printing.core.deckkit import CARDS, deck_kit, deck_of, spec_of
from printing.core.document import Document
from printing.core.kit import Job, Part
from printing.kits.grid import (
    faces,  # noqa: F401  (registers the kit's card designs)
    maps,
    pads,
    rules,
)


def _tips(doc: Document, job: Job) -> None:
    deck = deck_of(job)
    doc.add_sheets(tip_cards(deck.language, grid_name=deck.grid_name), spec_of(job))


def _rules(doc: Document, job: Job) -> None:
    deck = deck_of(job)
    rules_sheet.add_rules(doc, rules.sheet(deck.language, deck.grid_name), job.paper)


PARTS = (
    CARDS,
    Part("tips", _("Tip cards"), _tips, faces=True, duplex=True),
    Part("map", _("Answer map with names, and the index of its numbers"),
         lambda doc, job: maps.add_germany_map(doc, deck_of(job), job.paper), cut=False),
    Part("quiz-map", _("Quiz map: grid and dots, no names"),
         lambda doc, job: maps.add_germany_map(doc, deck_of(job), job.paper, quiz=True),
         cut=False),
    Part("score-pad", _("Score pad"),
         lambda doc, job: pads.add_score_pad(doc, deck_of(job).language, job.paper,
                                             deck_of(job).grid_name)),
    Part("rules", _("Rules summary"), _rules, cut=False),
)  # fmt: skip
# Not part of "kit": the map as a poster of tiles to glue.
POSTER = Part(
    "poster",
    _("Map as a tiled poster"),
    lambda doc, job: maps.add_poster(doc, deck_of(job), job.paper),
    cut=False,
)

GERMANY = deck_kit("germany", _("Spot On: Germany"),
                   _("place cards, tip cards, answer and quiz maps, score pad, rules"),
                   PARTS, ("germany",), extra_parts=(POSTER,), rules=rules.sheet)  # fmt: skip
# Any other country's grid edition: Germany's parts, drawn from the deck's grid.
GRID = deck_kit("grid", _("Spot On: a grid edition (any country)"),
                _("place cards, tip cards, answer and quiz maps, score pad, rules"),
                PARTS, ("grid",), extra_parts=(POSTER,))  # fmt: skip
