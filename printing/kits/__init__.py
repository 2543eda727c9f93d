"""The registry of print kits: every kit by slug, one package per kit.

Adding a kit: write ``printing/kits/<slug>/`` with its ``kit.py`` (parts, each a function
appending pages to the document; options, mostly the shared ones of ``printing.core.kit``; its
card source), its ``faces.py`` and ``rules.py`` where it has them, and add its ``KIT`` to
``KITS`` below. The options page, the PDF, PNG and preview views, ``render_kit``, the print
jobs and the ``/print/`` list then offer it without further code. The views, commands and the
job worker reach a kit only through this module.
"""

from __future__ import annotations

from printing.core.deckkit import CARDS_ONLY
from printing.core.designs import DESIGNS
from printing.core.kit import Kit, KitError
from printing.kits.dice.kit import KIT as DICE
from printing.kits.grid.kit import GERMANY, GRID
from printing.kits.match.kit import KIT as MATCH
from printing.kits.numbers.kit import KIT as NUMBERS
from printing.kits.quiz.kit import KIT as QUIZ
from printing.kits.world.kit import KIT as WORLD

KITS: dict[str, Kit] = {kit.slug: kit for kit in (GERMANY, GRID, WORLD, MATCH, NUMBERS, DICE, QUIZ)}
__all__ = [
    "CARDS_ONLY", "DESIGNS", "DICE", "GERMANY", "GRID", "KITS", "MATCH", "NUMBERS", "QUIZ", "WORLD",
    "fixed_kits", "for_edition", "get",
]  # fmt: skip


def get(slug: str) -> Kit:
    try:
        return KITS[slug]
    except KeyError:
        raise KitError(f"no kit {slug!r}; the kits: {', '.join(KITS)}") from None


def for_edition(edition: str) -> Kit:
    """The kit that prints decks of ``edition`` (the plain card sheets for any other)."""
    return next((k for k in KITS.values() if edition in k.editions and not k.companion), CARDS_ONLY)


def fixed_kits() -> list[Kit]:
    """The kits that need no deck, in menu order."""
    return [k for k in KITS.values() if not k.source]
