"""The card database: places, decks and the cards that put a place into a deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from cards.deck_rules import check_has_population, check_inside_edition, check_inside_germany
from cards.geometry_limits import simplify_geometry
from cards.grids.models import GERMANY_SLUG, GridEdition, germany_edition
from cards.sanitize import coordinate_constraints, forbid_control_characters, validate_finite
from cards.symbols.models import MatchCard, MatchCardSymbol, MatchDeck, Symbol, SymbolSet  # noqa: F401
from cards.validators import parse_solutions, validate_geometry, validate_image, validate_solutions

if TYPE_CHECKING:
    from geo.grid import GridNumbers
    from geo.locate import WorldLocation

# What an editor states about a place, in the order a spreadsheet export and the API give it:
# the one list that import/export, the REST API and the print studio read. Not in it: the image
# (a file, which the API adds and a spreadsheet cannot hold), the gazetteer import's own record
# of what it wrote (imported_values) and the timestamps.
PLACE_FIELDS = (
    "id",
    "name",
    "name_en",
    "kind",
    "country",
    "state",
    "description",
    "description_en",
    "population",
    "population_source",
    "population_year",
    "latitude",
    "longitude",
    "geometry",
    "stated_latitude",
    "stated_longitude",
    "board_override",
    "solutions_override",
    "geonames_id",
)
# Where a place's data came from: kept and exported, never printed on a card.
PROVENANCE_FIELDS = ("population_source", "population_year", "geonames_id")

# A card back has room for about three short lines of text at a readable size.
DESCRIPTION_MAX_LENGTH = 160
# Lazy, so that the text is translated when shown, not frozen in the language active at import.
DESCRIPTION_HELP = format_lazy(
    _("At most {n} characters, so that it fits on the card."), n=DESCRIPTION_MAX_LENGTH
)


class Kind(models.TextChoices):
    CITY = "city", _("town or city")
    MOUNTAINS = "mountains", _("mountain range")
    RIVER = "river", _("river")
    LAKE = "lake", _("lake")
    ISLAND = "island", _("island")
    SEA = "sea", _("sea")
    DESERT = "desert", _("desert")
    REGION = "region", _("region")


class Edition(models.TextChoices):
    GERMANY = "germany", _("Spot On: Germany")
    WORLD = "world", _("Spot On: The World")
    MATCH = "match", _("Spot the Match (symbol cards)")
    GRID = "grid", _("Spot On: a grid edition (any country)")


# Decks whose cards show grid numbers (and have no colours): Germany's and any grid edition's.
GRID_DECK_EDITIONS = frozenset({Edition.GERMANY, Edition.GRID})


class Language(models.TextChoices):
    GERMAN = "de", _("German")
    ENGLISH = "en", _("English")


class Colour(models.TextChoices):
    YELLOW = "yellow", _("yellow (best known)")
    ORANGE = "orange", _("orange")
    GREEN = "green", _("green (hardest)")


class Board(models.TextChoices):
    NA = "NA", _("North America")
    EU = "EU", _("Europe")
    AS = "AS", _("Asia")
    SA = "SA", _("South America")
    AF = "AF", _("Africa")
    AU = "AU", _("Australia")


country_code = RegexValidator(r"^[A-Z]{2}$", _("Use the two-letter ISO code in capitals, e.g. DE."))


class Place(models.Model):
    name = models.CharField(_("name (German)"), max_length=120)
    name_en = models.CharField(_("name (English)"), max_length=120, blank=True)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.CITY)
    country = models.CharField(
        _("country"),
        max_length=2,
        blank=True,
        validators=[country_code],
        help_text=_("Required for towns; empty for seas and rivers shared by many countries."),
    )
    state = models.CharField(_("state / Bundesland"), max_length=100, blank=True)
    description = models.CharField(
        _("description (German)"),
        max_length=DESCRIPTION_MAX_LENGTH,
        blank=True,
        help_text=DESCRIPTION_HELP,
    )
    description_en = models.CharField(
        _("description (English)"),
        max_length=DESCRIPTION_MAX_LENGTH,
        blank=True,
        help_text=DESCRIPTION_HELP,
    )
    population = models.PositiveBigIntegerField(
        _("population"), null=True, blank=True, help_text=_("Empty for natural regions.")
    )
    population_source = models.CharField(_("population source"), max_length=100, blank=True)
    population_year = models.PositiveSmallIntegerField(
        _("population year"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1800), MaxValueValidator(2100)],
    )
    latitude = models.FloatField(
        _("latitude"),
        validators=[validate_finite, MinValueValidator(-90.0), MaxValueValidator(90.0)],
        help_text=_("Decimal degrees, −90 (south) to 90 (north)."),
    )
    longitude = models.FloatField(
        _("longitude"),
        validators=[validate_finite, MinValueValidator(-180.0), MaxValueValidator(180.0)],
        help_text=_("Decimal degrees, −180 (west) to 180 (east)."),
    )
    geometry = models.JSONField(
        _("geometry (GeoJSON)"),
        null=True,
        blank=True,
        validators=[validate_geometry],
        help_text=_("Optional outline or course of a natural region, as a GeoJSON geometry."),
    )
    stated_latitude = models.FloatField(
        _("stated point latitude"),
        null=True,
        blank=True,
        validators=[validate_finite, MinValueValidator(-90.0), MaxValueValidator(90.0)],
    )
    stated_longitude = models.FloatField(
        _("stated point longitude"),
        null=True,
        blank=True,
        validators=[validate_finite, MinValueValidator(-180.0), MaxValueValidator(180.0)],
    )
    image = models.ImageField(
        _("image"), upload_to="places/", blank=True, validators=[validate_image]
    )
    geonames_id = models.PositiveIntegerField(
        _("gazetteer id"), null=True, blank=True, unique=True, editable=False
    )
    # The values the gazetteer import last wrote; a field whose value differs was edited by
    # hand, and a re-import leaves it alone.
    imported_values = models.JSONField(default=dict, blank=True, editable=False)
    board_override = models.CharField(
        _("board (override)"), max_length=2, choices=Board.choices, blank=True
    )
    solutions_override = models.CharField(
        _("solutions (override)"),
        max_length=200,
        blank=True,
        validators=[validate_solutions],
        help_text=_("Comma-separated, e.g. “EU-O-M-C, EU-O-M-D”. Empty: computed."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last changed"), auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("place")
        verbose_name_plural = _("places")
        indexes = [models.Index(fields=["name"]), models.Index(fields=["state"])]
        # The last line of defence against NaN: every comparison with NaN is false.
        constraints = coordinate_constraints()

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.geometry = simplify_geometry(self.geometry)
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        stated = (self.stated_latitude is None, self.stated_longitude is None)
        if stated[0] != stated[1]:
            raise ValidationError(
                {"stated_longitude": _("Give both coordinates of the stated point, or neither.")}
            )
        if self.kind == Kind.CITY and not self.country:
            raise ValidationError({"country": _("A town or city needs its country.")})
        if self.kind != Kind.CITY and self.population is not None:
            raise ValidationError(
                {"population": _("Natural regions have no population; leave it empty.")}
            )
        if self.pk and self.latitude is not None and self.longitude is not None:
            in_germany_deck = self.deck_cards.filter(deck__edition=Edition.GERMANY).exists()
            if in_germany_deck:
                try:
                    check_inside_germany(self)
                except ValidationError as error:
                    raise ValidationError({"latitude": error.messages}) from None
                try:
                    check_has_population(self)
                except ValidationError as error:
                    raise ValidationError({"population": error.messages}) from None
            grid_decks = Deck.objects.filter(
                edition=Edition.GRID, cards__place_id=self.pk, grid__isnull=False
            ).select_related("grid")
            for deck in grid_decks:
                try:
                    check_inside_edition(self, deck.grid)
                    check_has_population(self)
                except ValidationError as error:
                    raise ValidationError({"latitude": error.messages}) from None

    def display_name(self, language: str = "de") -> str:
        if language == "en":
            return self.name_en or self.name
        return self.name or self.name_en

    def display_description(self, language: str = "de") -> str:
        if language == "en":
            return self.description_en or self.description
        return self.description or self.description_en

    @property
    def stated_point(self) -> tuple[float, float] | None:
        if self.stated_latitude is None or self.stated_longitude is None:
            return None
        return (self.stated_latitude, self.stated_longitude)

    def germany_grid(self) -> GridNumbers | None:
        """The two numbers on a Germany card back, or None for a place outside Germany."""
        from geo.grid import germany_grid
        from geo.outlines import in_germany

        if self.country not in ("DE", "") or not in_germany(self.latitude, self.longitude):
            return None
        return germany_grid(self.latitude, self.longitude)

    def grids(self, editions: list[GridEdition] | None = None) -> list[dict]:
        """``{"edition": slug, "ns", "we"}`` for every grid edition whose outline holds it."""
        found = []
        for edition in GridEdition.objects.all() if editions is None else editions:
            numbers = edition.numbers(self)
            if numbers is not None:
                found.append({"edition": edition.slug, "ns": numbers.ns, "we": numbers.we})
        return found

    def world_location(self) -> WorldLocation | None:
        """Board and solutions on a world card back, honouring the editor's overrides."""
        from geo.locate import world_location

        return world_location(
            self.country,
            self.latitude,
            self.longitude,
            geometry=self.geometry,
            stated_point=self.stated_point,
            board_override=self.board_override,
            solutions_override=parse_solutions(self.solutions_override) or None,
        )

    def state_warning(self) -> str:
        """A hint when the state given disagrees with the state polygon the point lies in."""
        from geo.outlines import german_state_at

        if self.country != "DE" or not self.state:
            return ""
        found = german_state_at(self.latitude, self.longitude)
        if found and found != self.state:
            return _("“%(name)s” lies in %(found)s, not in %(state)s.") % {
                "name": self.name,
                "found": found,
                "state": self.state,
            }
        return ""


class Deck(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=120)
    edition = models.CharField(_("edition"), max_length=10, choices=Edition.choices)
    language = models.CharField(
        _("language"), max_length=2, choices=Language.choices, default=Language.GERMAN
    )
    grid = models.ForeignKey(
        GridEdition,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="decks",
        verbose_name=_("grid edition"),
        help_text=_("Grid-edition decks only: the country or state whose grid the cards show."),
    )
    description = models.TextField(_("description"), blank=True)
    places = models.ManyToManyField(Place, through="DeckCard", related_name="decks")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last changed"), auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if self.edition == Edition.GRID and self.grid_id is None:
            raise ValidationError({"grid": _("A grid-edition deck needs its grid edition.")})
        if self.edition not in (Edition.GRID, Edition.GERMANY) and self.grid_id is not None:
            raise ValidationError({"grid": _("Only grid-edition decks have a grid edition.")})
        if self.edition == Edition.GERMANY and self.grid_id and self.grid.slug != GERMANY_SLUG:
            raise ValidationError({"grid": _("A Germany deck shows Germany's grid.")})

    def grid_edition(self) -> GridEdition | None:
        """The grid the cards show: the deck's own, Germany's for a Germany deck, else None."""
        if self.edition == Edition.GRID:
            return self.grid
        if self.edition == Edition.GERMANY:
            return self.grid or germany_edition()
        return None


class DeckCard(models.Model):
    deck = models.ForeignKey(
        Deck, on_delete=models.CASCADE, related_name="cards", verbose_name=_("deck")
    )
    # PROTECT: deleting a place that is still on a card is refused, never cascaded.
    place = models.ForeignKey(
        Place, on_delete=models.PROTECT, related_name="deck_cards", verbose_name=_("place")
    )
    colour = models.CharField(
        _("colour"),
        max_length=6,
        choices=Colour.choices,
        blank=True,
        help_text=_("World decks only: how hard the card is."),
    )
    quantity = models.PositiveSmallIntegerField(
        _("copies to print"), default=1, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    # Deck order: cards with the same position (0 unless an editor reorders) go by name.
    position = models.PositiveIntegerField(
        _("position"), default=0, help_text=_("Order in the deck; equal positions go by name.")
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["deck", "position", "place__name"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        constraints = [
            models.UniqueConstraint(fields=["deck", "place"], name="unique_place_per_deck")
        ]

    def __str__(self) -> str:
        return f"{self.place} ({self.deck})"

    def clean(self) -> None:
        super().clean()
        try:
            deck = self.deck  # an inline on a new deck has the unsaved deck here
        except Deck.DoesNotExist:
            return
        if deck.edition == Edition.WORLD and not self.colour:
            raise ValidationError({"colour": _("A card in a world deck needs a colour.")})
        if deck.edition == Edition.GERMANY and self.colour:
            raise ValidationError({"colour": _("Germany decks have no card colours.")})
        if deck.edition == Edition.GERMANY and self.place_id is not None:
            check_inside_germany(self.place)
            check_has_population(self.place)
        if deck.edition == Edition.GRID and self.colour:
            raise ValidationError({"colour": _("Grid-edition decks have no card colours.")})
        if deck.edition == Edition.GRID and self.place_id is not None and deck.grid_id:
            check_inside_edition(self.place, deck.grid)
            check_has_population(self.place)


forbid_control_characters(Place, Deck)
