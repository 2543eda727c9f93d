"""Symbol sets for matching decks, and the match decks built from them.

A ``SymbolSet`` holds symbols (German and English names, an SVG icon or a text label, a
colour, provenance and licence). A match deck is an ordinary ``Deck`` of edition ``match``
with a ``MatchDeck`` beside it: the symbol set, the plane's order and the seed, and its cards
(``MatchCard``), each with its symbols in order.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.symbols.decks import ROLES, TEAM_COLOURS, MatchCardData, MatchDeckData, SymbolData
from cards.symbols.planes import MAX_ORDER
from cards.symbols.svgpath import PathError, outline

hex_colour = RegexValidator(r"^#[0-9a-fA-F]{6}$", _("Use a colour like #1b1b1b."))
_VIEW_BOX = re.compile(r"^\s*(-?[\d.]+)[\s,]+(-?[\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*$")


def validate_icon(value: str) -> None:
    if not value:
        return
    try:
        outline(value)
    except PathError as exc:
        raise ValidationError(
            _("Not usable SVG path data: %(error)s"), params={"error": exc}, code="icon"
        ) from None


def validate_view_box(value: str) -> None:
    match = _VIEW_BOX.match(value)
    if not match or float(match.group(3)) <= 0 or float(match.group(4)) <= 0:
        raise ValidationError(_("Give four numbers: x, y, width, height, e.g. “0 0 512 512”."))


class SymbolSet(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name (German)"), max_length=120)
    name_en = models.CharField(_("name (English)"), max_length=120, blank=True)
    description = models.TextField(_("description"), blank=True)
    source = models.CharField(
        _("source"), max_length=300, blank=True, help_text=_("Where the symbols come from.")
    )
    licence = models.CharField(_("licence"), max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("symbol set")
        verbose_name_plural = _("symbol sets")

    def __str__(self) -> str:
        return self.name

    def credit(self) -> str:
        """One line for printed kits: the set's source and licence."""
        parts = [p for p in (self.source, self.licence) if p]
        return " · ".join(parts)


class Symbol(models.Model):
    symbol_set = models.ForeignKey(
        SymbolSet, on_delete=models.CASCADE, related_name="symbols", verbose_name=_("symbol set")
    )
    position = models.PositiveSmallIntegerField(
        _("position"), help_text=_("Symbols are used in this order: the first n² + n + 1.")
    )
    name = models.CharField(_("name (German)"), max_length=80)
    name_en = models.CharField(_("name (English)"), max_length=80, blank=True)
    icon = models.TextField(
        _("icon (SVG path data)"),
        blank=True,
        validators=[validate_icon],
        help_text=_("The “d” of one filled SVG path. Empty: the symbol is printed as text."),
    )
    view_box = models.CharField(
        _("icon view box"), max_length=60, default="0 0 512 512", validators=[validate_view_box]
    )
    text = models.CharField(
        _("text label"),
        max_length=60,
        blank=True,
        help_text=_("Printed instead of the name when the symbol has no icon."),
    )
    colour = models.CharField(_("colour"), max_length=7, default="#1b1b1b", validators=[hex_colour])
    source = models.CharField(_("source"), max_length=200, blank=True)
    licence = models.CharField(_("licence"), max_length=100, blank=True)

    class Meta:
        ordering = ["symbol_set", "position"]
        verbose_name = _("symbol")
        verbose_name_plural = _("symbols")
        constraints = [
            models.UniqueConstraint(
                fields=["symbol_set", "position"], name="unique_symbol_position"
            ),
            models.UniqueConstraint(fields=["symbol_set", "name"], name="unique_symbol_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def as_data(self) -> SymbolData:
        return SymbolData(
            index=self.position,
            name=self.name,
            name_en=self.name_en,
            icon=self.icon,
            view_box=self.view_box,
            text=self.text,
            colour=self.colour,
        )


class MatchDeck(models.Model):
    """The matching part of a deck of edition ``match``."""

    deck = models.OneToOneField(
        "cards.Deck", on_delete=models.CASCADE, related_name="match", verbose_name=_("deck")
    )
    symbol_set = models.ForeignKey(
        SymbolSet, on_delete=models.PROTECT, related_name="decks", verbose_name=_("symbol set")
    )
    order = models.PositiveSmallIntegerField(
        _("order"), validators=[MinValueValidator(2), MaxValueValidator(MAX_ORDER)]
    )
    seed = models.PositiveIntegerField(
        _("seed"), help_text=_("Fixes the choice of cards and every card's layout.")
    )

    class Meta:
        verbose_name = _("match deck")
        verbose_name_plural = _("match decks")

    def __str__(self) -> str:
        return str(self.deck)

    def as_data(self, language: str | None = None) -> MatchDeckData:
        """The deck as plain data (two queries)."""
        symbol_set = self.symbol_set
        symbols = tuple(s.as_data() for s in symbol_set.symbols.all())
        slots: dict[int, list[int]] = {}
        rows = MatchCardSymbol.objects.filter(card__match_deck=self).order_by("card_id", "slot")
        for card_id, position in rows.values_list("card_id", "symbol__position"):
            slots.setdefault(card_id, []).append(position)
        cards = tuple(
            MatchCardData(c.number, c.role, c.colour, tuple(slots.get(c.pk, ())))
            for c in self.cards.all()
        )
        used = {i for card in cards for i in card.symbols}
        language = language or self.deck.language
        name = self.deck.name
        if name in (symbol_set.name, symbol_set.name_en):  # named after its set: translated
            name = (symbol_set.name_en if language == "en" else symbol_set.name) or name
        return MatchDeckData(
            slug=self.deck.slug,
            name=name,
            language=language,
            order=self.order,
            seed=self.seed,
            symbol_set=symbol_set.slug,
            credit=symbol_set.credit(),
            symbols=tuple(s for s in symbols if s.index in used),
            cards=cards,
        )


class MatchCard(models.Model):
    match_deck = models.ForeignKey(MatchDeck, on_delete=models.CASCADE, related_name="cards")
    number = models.PositiveSmallIntegerField(_("number"))
    role = models.CharField(_("role"), max_length=8, choices=[(r, r) for r in ROLES])
    colour = models.CharField(
        _("team colour"), max_length=8, blank=True, choices=[(c, c) for c in TEAM_COLOURS]
    )
    symbols = models.ManyToManyField(Symbol, through="MatchCardSymbol", related_name="cards")

    class Meta:
        ordering = ["match_deck", "number"]
        verbose_name = _("match card")
        verbose_name_plural = _("match cards")
        constraints = [
            models.UniqueConstraint(fields=["match_deck", "number"], name="unique_match_card")
        ]

    def __str__(self) -> str:
        return f"{self.match_deck} #{self.number}"


class MatchCardSymbol(models.Model):
    card = models.ForeignKey(MatchCard, on_delete=models.CASCADE, related_name="slots")
    # PROTECT: a symbol on a printed card cannot vanish; rebuild the deck first.
    symbol = models.ForeignKey(Symbol, on_delete=models.PROTECT, related_name="slots")
    slot = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["card", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["card", "slot"], name="unique_card_slot"),
            models.UniqueConstraint(fields=["card", "symbol"], name="unique_card_symbol"),
        ]

    def __str__(self) -> str:
        return f"{self.card}: {self.symbol}"
