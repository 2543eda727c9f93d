"""Every print kit, by slug: one module per kit, each a ``printing.core.kit.Kit`` made of data.

Adding a kit: write ``printing/kits/<slug>.py`` with its parts (each a function appending pages
to the document), its options (mostly the shared ones of ``printing.core.kit``) and its faces,
and add its ``KIT`` here. The options page, the PDF, PNG and preview views, ``render_kit`` and
the ``/print/`` list then offer it without further code.
"""

from __future__ import annotations

from printing.core.kit import Kit, KitError
from printing.kits.dice import kit as dice
from printing.kits.grid import kit as deck
from printing.kits.match import kit as match
from printing.kits.numbers import kit as numbers

KITS: dict[str, Kit] = {
    kit.slug: kit for kit in (deck.GERMANY, deck.GRID, deck.WORLD, match.KIT, numbers.KIT, dice.KIT)
}
CARDS_ONLY = deck.CARDS_ONLY


def get(slug: str) -> Kit:
    try:
        return KITS[slug]
    except KeyError:
        raise KitError(f"no kit {slug!r}; the kits: {', '.join(KITS)}") from None


def for_edition(edition: str) -> Kit:
    """The kit that prints decks of ``edition`` (the plain card sheets for any other)."""
    return match.KIT if edition in match.KIT.editions else deck.for_edition(edition)


def fixed_kits() -> list[Kit]:
    """The kits that need no deck, in menu order."""
    return [k for k in KITS.values() if not k.source]
