"""What a card of a Germany or grid-edition deck needs: a place inside the grid, a population.

Refused with a message naming the place, never a silently clamped number or a card that would
score as 0 inhabitants. Used by the models' ``clean`` (admin and API alike).
"""

from __future__ import annotations

from typing import Protocol

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from cards.grids.models import GridEdition, Located


class RuledPlace(Located, Protocol):
    """What the rules read of a place; ``cards.models.Place`` calls them with itself."""

    name: str
    population: int | None


__all__ = ["check_has_population", "check_inside_edition", "check_inside_germany"]


def check_has_population(place: RuledPlace) -> None:
    """Germany cards are compared by population ("most/fewest inhabitants"): a card without one
    would silently score as 0."""
    if place.population is None:
        raise ValidationError(
            _("“%(name)s” has no population, which every card of a Germany deck needs.")
            % {"name": place.name},
            code="population_missing",
        )


def check_inside_germany(place: RuledPlace) -> None:
    """Refuse a place outside Germany for a Germany deck instead of clamping its numbers."""
    from geo.outlines import in_germany

    # The outline has a small tolerance for border towns, which also lets in foreign towns
    # right on the border (Basel, Słubice): the country decides those.
    if place.country not in ("DE", "") or not in_germany(place.latitude, place.longitude):
        raise ValidationError(
            _(
                "“%(name)s” (%(lat).4f, %(lon).4f) lies outside Germany, so it cannot be on a "
                "card of a Germany deck."
            )
            % {"name": place.name, "lat": place.latitude, "lon": place.longitude},
            code="outside_germany",
        )


def check_inside_edition(place: RuledPlace, edition: GridEdition) -> None:
    """Refuse a place outside a grid edition instead of clamping its numbers."""
    if not edition.holds(place):
        raise ValidationError(
            _(
                "“%(name)s” (%(lat).4f, %(lon).4f) lies outside %(edition)s, so it cannot be on "
                "a card of that grid edition."
            )
            % {
                "name": place.name,
                "lat": place.latitude,
                "lon": place.longitude,
                "edition": edition.name,
            },
            code="outside_edition",
        )
