"""python manage.py load_places --country DE --min-population N [--deck SLUG]"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils.text import slugify

from cards.gazetteer.places import known_countries
from cards.gazetteer.world import country_places
from cards.grids.decks import (
    GridDeckError,
    deck_for,
    edition_for_country,
    edition_places,
    fill_deck,
)
from cards.imports.gazetteer import ImportResult, import_places
from cards.models import Deck, Edition
from jobs.console import bar


class Command(BaseCommand):
    help = (
        "Import towns from the offline gazetteer (GeoNames); German towns are cleaned of city "
        "districts and get proper German names. With --deck, a new deck of another country "
        "goes into that country's grid edition (made from its outline when there is none). "
        "Idempotent: fields changed by an editor are never overwritten."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--country", required=True, help="ISO code, e.g. DE")
        parser.add_argument("--min-population", type=int, required=True)
        parser.add_argument("--deck", help="also put the places into this deck (slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        country = options["country"].strip().upper()
        minimum = options["min_population"]
        if minimum < 0:
            raise CommandError("--min-population must be 0 or more.")
        if len(country) != 2 or not country.isalpha():
            raise CommandError(f"--country must be a two-letter ISO code like DE, not {country!r}.")
        if country not in known_countries():
            raise CommandError(f"The gazetteer has no towns for country {country!r}.")

        if options["deck"] and slugify(options["deck"]) != options["deck"]:
            raise CommandError(
                f"--deck must be a slug (letters, digits, hyphens), not {options['deck']!r}."
            )
        places = country_places(country, minimum)
        deck = None
        try:
            with transaction.atomic(), bar(f"{country} places", self.stderr._out) as progress:
                if options["deck"]:
                    deck = self._deck(options["deck"], country)
                result = self._import(places, deck, minimum, progress)
        except GridDeckError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{len(places)} places from the gazetteer ({country}, {minimum}+ inhabitants): "
            f"{result.created} created, {result.updated} updated, {result.unchanged} unchanged, "
            f"{result.kept_edits} with editors' changes kept."
        )
        if deck is not None:
            self.stdout.write(f"Deck {deck.slug!r} now has {deck.cards.count()} cards.")

    def _import(self, places: list, deck: Deck | None, minimum: int, progress) -> ImportResult:
        """Every town of the country; with a grid deck, those its outline holds go into it,
        with card backs written from data."""
        if deck is None or deck.edition != Edition.GRID:
            return import_places(places, deck=deck, progress=progress)
        filled = fill_deck(deck, minimum)
        carded = {p.geonames_id for p in edition_places(deck.grid_edition(), minimum)}
        rest = import_places([p for p in places if p.geonames_id not in carded], progress=progress)
        return ImportResult(
            created=filled.result.created + rest.created,
            updated=filled.result.updated + rest.updated,
            unchanged=filled.result.unchanged + rest.unchanged,
            kept_edits=filled.result.kept_edits + rest.kept_edits,
        )

    def _deck(self, slug: str, country: str) -> Deck:
        deck = Deck.objects.filter(slug=slug).first()
        if deck is not None:
            edition = deck.grid_edition()
            if edition is not None and edition.country != country:
                raise CommandError(
                    f"Deck {slug!r} is in the grid edition {edition.slug!r} of "
                    f"{edition.country}, not of {country}."
                )
            return deck
        edition = edition_for_country(country)
        deck = deck_for(slug, edition)
        self.stdout.write(f"Created deck {slug!r} in the grid edition {edition.slug!r}.")
        return deck
