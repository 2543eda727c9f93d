"""A deck as the printer sees it, and the checks every deck print makes. No database here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from printing.core.data import CardData
from printing.core.fonts import GlyphError
from printing.core.i18n import in_language
from printing.core.kit import KitError
from printing.core.shaping import check_text, describe

if TYPE_CHECKING:
    from geo.grid_frame import MapEdition

GLYPH = _("Cannot print “{name}” (card {number}): no font has {char}")


class PrintError(KitError):
    """A request this deck cannot fulfil; the message is in the deck's language."""


@dataclass(frozen=True)
class DeckInfo:
    """A deck as the printer sees it."""

    name: str
    edition: str  # "germany" | "world" | another grid edition
    language: str
    cards: list[CardData]
    # name, lat, lon and population (labels go to the most populous first)
    dots: list[tuple] = field(default_factory=list)
    # A grid-edition deck's grid and outline (its map, its name); None: Germany's.
    grid: MapEdition | None = None

    @property
    def grid_name(self) -> str:
        """The grid edition's name in the deck's language ("" for Germany and the World)."""
        return self.grid.name(self.language) if self.grid is not None else ""


def check_cards(cards: list[CardData], language: str) -> None:
    """Refuse, naming the card and the character, any text no shipped font can print."""
    for card in cards:
        for key in ("name", "state", "description", "board_name", "solutions", "tip_caption"):
            try:
                check_text(card.value(key))
            except GlyphError as exc:
                raise glyph_refusal(language, card.name, card.number, exc) from None


def glyph_refusal(language: str, name: str, number: int, exc: GlyphError) -> PrintError:
    """The one-line refusal of a card whose ``name`` (a place, a symbol's label) has a
    character no shipped font can draw, in the deck's language."""
    text = in_language(language, GLYPH)
    return PrintError(text.format(name=name, number=number, char=describe(exc.char)))
