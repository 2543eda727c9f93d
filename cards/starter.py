"""The starter decks: Germany and the grid countries from the gazetteer, The World from committed
data, and the island match deck the browser game plays with."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.db import transaction

from cards import DATA_DIR
from cards.models import Deck, DeckCard, Edition, Kind, Language, Place
from cards.symbols.making import ISLAND_SLUG, make_match_deck

WORLD_DECK_FILE = DATA_DIR / "world_deck.json"
GERMANY_MIN_POPULATION = 20_000
# Grid-edition starter decks: (slug, country, German name, minimum population), about 150
# towns each, like a printed deck.
GRID_STARTERS = (
    ("austria", "AT", "Österreich", 5_000),
    ("switzerland", "CH", "Schweiz", 8_000),
)

# Fields a starter entry may fill; an existing place only gets the ones still empty, so
# re-running never overwrites an editor's work.
WORLD_FIELDS = (
    "name_en",
    "kind",
    "country",
    "description",
    "description_en",
    "population",
    "population_source",
    "latitude",
    "longitude",
    "geometry",
    "stated_latitude",
    "stated_longitude",
)


@dataclass
class StarterResult:
    created: int = 0
    updated: int = 0
    cards_added: int = 0


def germany_deck() -> tuple[Deck, object]:
    from cards.backs.germany import describe
    from cards.gazetteer.places import german_places
    from cards.grids.models import germany_edition
    from cards.imports.gazetteer import import_places

    deck, _ = Deck.objects.get_or_create(
        slug="germany",
        defaults={
            "name": "Deutschland",
            "edition": Edition.GERMANY,
            "grid": germany_edition(),
            "language": Language.GERMAN,
            "description": "Deutsche Städte ab 20.000 Einwohnern.",
        },
    )
    places = german_places(GERMANY_MIN_POPULATION)
    # Card backs from data: compared with every German town (largest of its district, …).
    backs = describe(places, reference=german_places(0))
    return deck, import_places(places, deck=deck, backs=backs)


def grid_deck(slug: str, country: str, name: str, min_population: int) -> tuple[Deck, object]:
    """A country's starter deck in its grid edition (made from the outline when missing)."""
    from cards.grids.decks import deck_for, edition_for_country, fill_deck

    with transaction.atomic():
        edition = edition_for_country(country)
        deck = deck_for(slug, edition, name=name, language=Language.GERMAN)
        if not deck.description:
            deck.description = f"{name}: Orte ab {min_population:,} Einwohnern.".replace(",", ".")
            deck.save(update_fields=["description"])
        return deck, fill_deck(deck, min_population).result


def _place_values(entry: dict) -> dict:
    stated = entry.get("stated_point") or (None, None)
    return {
        "name": entry["name_de"],
        "name_en": entry["name_en"],
        "kind": entry["kind"],
        "country": entry.get("country") or "",
        "description": entry.get("description_de", ""),
        "description_en": entry.get("description_en", ""),
        "population": entry.get("population") if entry["kind"] == Kind.CITY else None,
        "population_source": entry.get("population_source", "") or "",
        "latitude": entry["latitude"],
        "longitude": entry["longitude"],
        "geometry": entry.get("geometry"),
        "stated_latitude": stated[0],
        "stated_longitude": stated[1],
        "board_override": "" if entry.get("country") else entry.get("board", ""),
    }


def _find(entry: dict) -> Place | None:
    if entry.get("geonames_id"):
        place = Place.objects.filter(geonames_id=entry["geonames_id"]).first()
        if place:
            return place
    return Place.objects.filter(name=entry["name_de"], kind=entry["kind"]).first()


@transaction.atomic
def world_deck(entries: list[dict] | None = None) -> tuple[Deck, StarterResult]:
    if entries is None:
        entries = json.loads(WORLD_DECK_FILE.read_text(encoding="utf-8"))
    deck, _ = Deck.objects.get_or_create(
        slug="world",
        defaults={
            "name": "Die Welt",
            "edition": Edition.WORLD,
            "language": Language.GERMAN,
            "description": "Städte und Naturräume auf allen Kontinenten.",
        },
    )
    result = StarterResult()
    in_deck = set(deck.cards.values_list("place_id", flat=True))
    for entry in entries:
        values = _place_values(entry)
        place = _find(entry)
        if place is None:
            place = Place(geonames_id=entry.get("geonames_id"), **values)
            place.full_clean()
            place.save()
            result.created += 1
        else:
            missing = {
                field: values[field]
                for field in (*WORLD_FIELDS, "board_override")
                if getattr(place, field) in ("", None) and values[field] not in ("", None)
            }
            if missing:
                for field, value in missing.items():
                    setattr(place, field, value)
                place.save()
                result.updated += 1
        if place.pk not in in_deck:
            DeckCard.objects.create(deck=deck, place=place, colour=entry["colour"])
            in_deck.add(place.pk)
            result.cards_added += 1
    return deck, result


ISLAND_DECK_SLUG = "island"


def island_match_deck() -> Deck | None:
    """The island edition as a match deck (the full plane of order 8 with the island symbols),
    so that the cards the browser game plays with can be printed on a fresh site. Made once:
    an editor's rebuild or renaming is never undone; None when the slug is another deck's."""
    deck = Deck.objects.filter(slug=ISLAND_DECK_SLUG).first()
    if deck is not None:
        return deck if deck.edition == Edition.MATCH else None
    return make_match_deck(
        ISLAND_DECK_SLUG, order=8, symbols=ISLAND_SLUG, name="Insel", language=Language.GERMAN
    ).deck
