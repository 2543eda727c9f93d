"""python manage.py load_places --country DE --min-population N [--deck SLUG]"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.gazetteer import country_places, known_countries
from cards.importing import import_places
from cards.models import Deck, Edition, Language


class Command(BaseCommand):
    help = (
        "Import towns from the offline gazetteer (GeoNames); German towns are cleaned of city "
        "districts and get proper German names. Idempotent: fields changed by an editor are "
        "never overwritten."
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

        deck = None
        if options["deck"]:
            deck = self._deck(options["deck"], country)
        places = country_places(country, minimum)
        result = import_places(places, deck=deck)
        self.stdout.write(
            f"{len(places)} places from the gazetteer ({country}, {minimum}+ inhabitants): "
            f"{result.created} created, {result.updated} updated, {result.unchanged} unchanged, "
            f"{result.kept_edits} with editors' changes kept."
        )
        if deck is not None:
            self.stdout.write(f"Deck {deck.slug!r} now has {deck.cards.count()} cards.")

    def _deck(self, slug: str, country: str) -> Deck:
        from django.utils.text import slugify

        if slugify(slug) != slug:
            raise CommandError(f"--deck must be a slug (letters, digits, hyphens), not {slug!r}.")
        deck = Deck.objects.filter(slug=slug).first()
        if deck is not None:
            return deck
        german = country == "DE"
        deck = Deck(
            slug=slug,
            name=slug.replace("-", " ").replace("_", " ").title(),
            edition=Edition.GERMANY if german else Edition.WORLD,
            language=Language.GERMAN if german else Language.ENGLISH,
        )
        deck.save()
        self.stdout.write(f"Created deck {slug!r}.")
        return deck
