"""What every kit that prints a deck of places has in common: its place cards, its options, its
checks and its PNG faces. The grid editions' and the World's kits (``printing/kits/``) add
their own parts to these; a deck of any other edition prints its cards with ``CARDS_ONLY``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy as _

from printing.core.data import tip_cards
from printing.core.deck import DeckInfo, PrintError, check_cards
from printing.core.deck_source import deck_fingerprint, deck_info
from printing.core.document import Document, expand_quantities
from printing.core.i18n import in_language
from printing.core.kit import (
    BLEED,
    CARD_SIZE,
    CROP_MARKS,
    DPI,
    LANGUAGE,
    LAYOUT,
    PAPER,
    PRESET,
    Job,
    Kit,
    KitError,
    Option,
    Part,
    apply_preset,
    what_option,
)
from printing.core.png import faces_zip
from printing.core.sheets import SheetError, SheetSpec

EMPTY = _("This deck has no cards yet.")
# The parts that print the deck's places: refused for a deck without cards.
PLACE_PARTS = frozenset({"cards", "map", "quiz-map", "poster"})


def spec_of(job: Job) -> SheetSpec:
    o = job.options
    try:
        return SheetSpec(
            o["paper"], o["card_size"], o["layout"], o["bleed"], crop_marks=o["crop_marks"]
        )
    except SheetError as exc:
        raise KitError(str(exc)) from None


def deck_of(job: Job) -> DeckInfo:
    return job.source


def _cards(doc: Document, job: Job) -> None:
    doc.add_sheets(expand_quantities(deck_of(job).cards), spec_of(job))


CARDS = Part("cards", _("Place cards"), _cards, faces=True, duplex=True)


def _check(job: Job) -> None:
    deck = deck_of(job)
    chosen = {p.slug for p in job.kit.chosen(job)}
    if not deck.cards and chosen & PLACE_PARTS:
        raise PrintError(in_language(deck.language, EMPTY))
    check_cards(deck.cards, deck.language)
    spec_of(job)


def _faces(job: Job, parts: tuple[str, ...], **write: Any) -> bytes | None:
    deck = deck_of(job)
    cards = list(deck.cards) if "cards" in parts else []
    if "tips" in parts:
        cards += tip_cards(deck.language, grid_name=deck.grid_name)
    return faces_zip(cards, spec_of(job), job["dpi"], **write)


def _count(deck: Any) -> int:
    return deck.cards.count()


def deck_kit(
    slug: str,
    title: Any,
    description: Any,
    parts: tuple[Part, ...],
    editions: tuple[str, ...],
    *extra: Option,
    extra_parts: tuple[Part, ...] = (),
    rules: Callable[[str], tuple[str, list[tuple[str, str]]]] | None = None,
) -> Kit:
    """A kit printing a deck of the card database: ``parts`` (``CARDS`` among them) and the
    card options every deck print has, plus ``extra`` options; ``extra_parts`` are chosen by
    name only, never part of "kit"."""
    options = (
        what_option((*parts, *extra_parts), "cards"),
        LANGUAGE, LAYOUT, CARD_SIZE, PAPER, BLEED, CROP_MARKS, DPI, PRESET, *extra,
    )  # fmt: skip
    return Kit(
        slug=slug,
        title=title,
        description=description,
        parts=parts,
        options=options,
        source="deck",
        editions=editions,
        check=_check,
        refine=apply_preset,
        load=deck_info,
        faces_zip=_faces,
        extra_parts=extra_parts,
        fingerprint=deck_fingerprint,
        count=_count,
        rules=rules,
    )


# Decks of any edition no kit claims print their cards.
CARDS_ONLY = deck_kit("cards", _("Place cards"), _("a deck's cards"), (CARDS,), ())
