"""python manage.py make_match_deck SLUG --order N --symbols SET [--cards K]"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.models import Language
from cards.symbols.decks import DeckError
from cards.symbols.making import make_match_deck
from cards.symbols.planes import PlaneError, plane_size


class Command(BaseCommand):
    help = (
        "Create or rebuild a symbol-matching deck from a projective plane: any two cards share "
        "exactly one symbol. SET is 'island' (built in), 'places:DECK' (the place names of a "
        "deck) or the slug of a symbol set."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the match deck's slug")
        parser.add_argument(
            "--order", type=int, required=True, help="2, 3, 4, 5, 7, 8, 9, 11, 13 or 16"
        )
        parser.add_argument("--symbols", required=True, help="island, places:DECK or a set slug")
        parser.add_argument("--cards", type=int, help="use only K of the plane's cards")
        parser.add_argument("--name", default="", help="the deck's name (default: the set's)")
        parser.add_argument(
            "--language", choices=Language.values, help="print language (default: kept, or de)"
        )
        parser.add_argument(
            "--seed", type=int, help="choice of cards and layouts (default: kept, or from slug)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            match = make_match_deck(
                options["slug"],
                order=options["order"],
                symbols=options["symbols"],
                cards=options["cards"],
                name=options["name"],
                language=options["language"],
                seed=options["seed"],
            )
        except (PlaneError, DeckError) as exc:
            raise CommandError(str(exc)) from None
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        cards = match.cards.count()
        order = match.order
        self.stdout.write(
            f"match deck {match.deck.slug!r}: {cards} cards, {order + 1} symbols each, "
            f"from {plane_size(order)} symbols of {match.symbol_set.slug!r}"
        )
