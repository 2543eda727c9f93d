"""Grid-edition decks from the gazetteer: the edition of a country, and filling a deck.

Used by ``load_places``, the starter decks and the admin's "fill from the gazetteer" page.
A country's edition is made from its outline with the suggested extent and ranges when it has
none; a deck is filled with the country's cleaned towns that the edition's outline holds,
biggest first, with card backs generated from data.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.text import slugify

from cards.gazetteer.countries import country_name
from cards.gazetteer.places import GazetteerPlace
from cards.grids.models import GERMANY_SLUG, GridEdition, germany_edition
from cards.imports.gazetteer import ImportResult, import_places
from cards.models import Deck, Edition, Language, Place


class GridDeckError(ValueError):
    """A deck that cannot be made or filled; the message says why."""


def edition_for_country(country: str) -> GridEdition:
    """The country's grid edition (the whole country's), made from its outline when missing."""
    from geo.grid_editions import EditionError, suggest_for

    if country == "DE":
        return germany_edition()
    found = GridEdition.objects.filter(country=country, region="").order_by("id").first()
    if found is not None:
        return found
    try:
        spec = suggest_for(country)
    except EditionError as error:
        raise GridDeckError(str(error)) from None
    name_en = country_name(country, "en")
    slug = slugify(name_en) or country.lower()
    if slug == GERMANY_SLUG or GridEdition.objects.filter(slug=slug).exists():
        slug = f"{slug}-{country.lower()}"
    edition = GridEdition(
        slug=slug,
        name=country_name(country, "de"),
        name_en=name_en,
        country=country,
        west=spec.west,
        east=spec.east,
        north=spec.north,
        south=spec.south,
        ns_max=spec.ns_max,
        we_max=spec.we_max,
    )
    edition.full_clean()
    edition.save()
    return edition


def deck_for(slug: str, edition: GridEdition, name: str = "", language: str = "") -> Deck:
    """The deck ``slug``, made in ``edition`` when missing (Germany's: a Germany deck)."""
    deck = Deck.objects.filter(slug=slug).first()
    if deck is not None:
        return deck
    germany = edition.slug == GERMANY_SLUG
    deck = Deck(
        slug=slug,
        name=name or slug.replace("-", " ").replace("_", " ").title(),
        edition=Edition.GERMANY if germany else Edition.GRID,
        grid=edition,
        language=language or (Language.GERMAN if edition.country in ("DE", "AT", "CH") else "en"),
    )
    deck.full_clean()
    deck.save()
    return deck


def edition_places(edition: GridEdition, min_population: int) -> list[GazetteerPlace]:
    """The cleaned towns of the edition's country that its outline holds, biggest first."""
    from cards.gazetteer.world import country_places

    towns = country_places(edition.country, min_population)
    probes = [
        Place(
            latitude=t.latitude,
            longitude=t.longitude,
            country=t.country,
            name=t.name,
            state=t.state,
        )
        for t in towns
    ]
    held = edition.holds_array(probes)
    return [t for t, ok in zip(towns, held.tolist(), strict=True) if ok]


def backs_for(places: list[GazetteerPlace], country: str) -> dict:
    """Card-back texts from data, compared with every town of the country."""
    from cards.gazetteer.world import country_places

    if country == "DE":
        from cards.backs.germany import describe

        return describe(places, reference=country_places("DE", 0))
    from cards.backs.world import describe_world

    return describe_world(places, reference=country_places(country, 0))


@dataclass(frozen=True)
class Filled:
    deck: Deck
    result: ImportResult
    offered: int  # places of the edition with the minimum population


def fill_deck(deck: Deck, min_population: int, count: int | None = None) -> Filled:
    """Put the edition's ``count`` biggest towns of ``min_population``+ into ``deck``.

    Idempotent: places come by gazetteer id, cards already in the deck stay, editors' changes
    to places are kept.
    """
    edition = deck.grid_edition()
    if edition is None:
        raise GridDeckError(f"Deck {deck.slug!r} is not a grid-edition deck.")
    if min_population < 0:
        raise GridDeckError("The minimum population must be 0 or more.")
    if count is not None and count < 1:
        raise GridDeckError("The number of cards must be 1 or more.")
    places = edition_places(edition, min_population)
    chosen = places[:count] if count else places
    with transaction.atomic():
        result = import_places(chosen, deck=deck, backs=backs_for(chosen, edition.country))
    return Filled(deck, result, len(places))
