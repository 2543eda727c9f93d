"""Grid editions as data: a country or German state, its extent and its two number ranges.

Germany is the first row (slug ``germany``, made by a migration with the rule book's
constants). Every other edition is made by an editor in the admin or by ``load_places`` from
the country's outline with the suggested values. The mathematics is ``geo.grid.GridSpec``;
which places an edition numbers is ``geo.grid_editions`` (outline, main part, tolerance).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

if TYPE_CHECKING:
    import numpy as np

    from geo.grid import GridNumbers, GridSpec
    from geo.grid_editions import EditionShape
    from geo.maps import MapEdition

GERMANY_SLUG = "germany"
region_code = RegexValidator(r"^DE-[A-Z]{2}$", _("Use a German state's code, e.g. DE-BY."))


class Located(Protocol):
    """What an edition reads of a place (a ``cards.models.Place`` or a plain stand-in): the
    card database's models build on grid editions, not the other way round."""

    latitude: float
    longitude: float
    country: str
    state: str


class OutlinePart(models.TextChoices):
    MAIN = "main", _("main part only (no far territories)")
    ALL = "all", _("every part")


class GridEdition(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name (German)"), max_length=120)
    name_en = models.CharField(_("name (English)"), max_length=120, blank=True)
    country = models.CharField(
        _("country"),
        max_length=2,
        validators=[RegexValidator(r"^[A-Z]{2}$", _("Use the two-letter ISO code, e.g. AT."))],
    )
    region = models.CharField(
        _("region"),
        max_length=5,
        blank=True,
        validators=[region_code],
        help_text=_("Empty for the whole country; a German state's code (DE-BY) for a state."),
    )
    outline_part = models.CharField(
        _("outline"), max_length=4, choices=OutlinePart.choices, default=OutlinePart.MAIN
    )
    west = models.FloatField(_("west (longitude)"))
    east = models.FloatField(
        _("east (longitude)"), help_text=_("Less than west for a grid across the date line.")
    )
    north = models.FloatField(_("north (latitude)"))
    south = models.FloatField(_("south (latitude)"))
    ns_max = models.PositiveSmallIntegerField(
        _("north–south range"), validators=[MinValueValidator(1), MaxValueValidator(999)]
    )
    we_max = models.PositiveSmallIntegerField(
        _("west–east range"), validators=[MinValueValidator(1), MaxValueValidator(999)]
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last changed"), auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name = _("grid edition")
        verbose_name_plural = _("grid editions")

    def __str__(self) -> str:
        return self.name

    def display_name(self, language: str = "de") -> str:
        return (self.name_en or self.name) if language == "en" else self.name

    def spec(self) -> GridSpec:
        from geo.grid_editions import make_spec

        return make_spec(self.west, self.east, self.north, self.south, self.ns_max, self.we_max)

    def as_data(self) -> dict:
        """Plain data: slug, names, outline and grid (``MapEdition.from_data`` reads it)."""
        return {
            "slug": self.slug,
            "name": self.name,
            "name_en": self.name_en,
            "country": self.country,
            "region": self.region,
            "part": self.outline_part,
            **{name: getattr(self, name) for name in ("west", "east", "north", "south")},
            "ns_max": self.ns_max,
            "we_max": self.we_max,
        }

    def map_edition(self) -> MapEdition:
        """What ``geo.maps.grid_map`` draws for this edition (Germany's: the rule book's map)."""
        from geo.maps import MapEdition

        return MapEdition.from_data(self.as_data())

    def shape(self) -> EditionShape:
        from geo.grid_editions import edition_shape

        return edition_shape(self.country, self.region, self.outline_part)

    def clean(self) -> None:
        super().clean()
        from geo.grid_editions import EditionError, check

        try:
            check(self.spec(), self.shape())
        except EditionError as error:
            raise ValidationError(str(error), code="grid_edition") from None

    def _region_name(self) -> str:
        from geo.outlines import german_state_codes

        return german_state_codes().get(self.region, "")

    def holds_array(self, places: Sequence[Located]) -> np.ndarray:
        """Which of ``places`` this edition numbers: its country's, inside its outline."""
        # numpy loads here, not with the models that every process and command loads: it is
        # about a tenth of a command's start-up.
        import numpy as np

        if not places:
            return np.zeros(0, dtype=bool)
        lat = np.array([p.latitude for p in places], dtype=float)
        lon = np.array([p.longitude for p in places], dtype=float)
        # The outline's tolerance lets in foreign towns right on the border: the country decides.
        own = np.array([p.country in (self.country, "") for p in places])
        found = own & self.shape().holds_array(lat, lon)
        if self.region:
            from geo.outlines import german_state_at

            name = self._region_name()
            # The state a place gives decides; the state polygons only where it gives none.
            found &= np.array(
                [
                    p.state == name if p.state else german_state_at(p.latitude, p.longitude) == name
                    for p in places
                ]
            )
        return found

    def holds(self, place: Located) -> bool:
        return bool(self.holds_array([place])[0])

    def numbers(self, place: Located) -> GridNumbers | None:
        """The two numbers on this edition's card back, or None for a place it does not hold."""
        if not self.holds(place):
            return None
        return self.spec().numbers(place.latitude, place.longitude)

    def numbers_for(self, places: Sequence[Located]) -> list[tuple[int, int] | None]:
        """Vectorised ``numbers``: (ns, we) per place, None where the edition does not hold it."""
        import numpy as np  # see holds_array

        if not places:
            return []
        inside = self.holds_array(places)
        ns, we = self.spec().numbers_array(
            np.array([p.latitude for p in places]), np.array([p.longitude for p in places])
        )
        return [
            (int(a), int(b)) if ok else None
            for a, b, ok in zip(ns.tolist(), we.tolist(), inside.tolist(), strict=True)
        ]


def germany_edition() -> GridEdition:
    """Germany's row (a migration makes it; made again here after a test database's flush)."""
    from geo.grid import GERMANY

    edition, _ = GridEdition.objects.get_or_create(
        slug=GERMANY_SLUG,
        defaults={
            "name": "Deutschland",
            "name_en": "Germany",
            "country": "DE",
            "west": GERMANY.west,
            "east": GERMANY.east,
            "north": GERMANY.north,
            "south": GERMANY.south,
            "ns_max": GERMANY.ns_max,
            "we_max": GERMANY.we_max,
        },
    )
    return edition
