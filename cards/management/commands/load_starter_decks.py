"""Create or update the starter decks `germany`, `austria`, `switzerland` and `world`, and make
the `island` match deck once.

Safe to run again.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from cards import starter


class Command(BaseCommand):
    help = (
        "Create or update the starter decks: germany, austria and switzerland (gazetteer) and "
        "world (committed data); make the island match deck once."
    )

    def handle(self, *args, **options) -> None:
        deck, result = starter.germany_deck()
        self.stdout.write(
            f"{deck.slug}: {deck.cards.count()} cards ({result.created} places created, "
            f"{result.updated} updated, {result.unchanged} unchanged, "
            f"{result.kept_edits} with hand edits kept)"
        )
        for slug, country, name, minimum in starter.GRID_STARTERS:
            deck, grid = starter.grid_deck(slug, country, name, minimum)
            self.stdout.write(
                f"{deck.slug}: {deck.cards.count()} cards in the grid edition "
                f"{deck.grid.slug} ({grid.created} places created, {grid.updated} updated, "
                f"{grid.unchanged} unchanged, {grid.kept_edits} with hand edits kept)"
            )
        if starter.WORLD_DECK_FILE.exists():
            deck, world = starter.world_deck()
            self.stdout.write(
                f"{deck.slug}: {deck.cards.count()} cards "
                f"({world.created} places created, {world.updated} filled in, "
                f"{world.cards_added} cards added)"
            )
        deck = starter.island_match_deck()
        if deck is None:
            self.stdout.write(
                f"{starter.ISLAND_DECK_SLUG}: not made, a deck of another edition has that slug"
            )
        else:
            self.stdout.write(
                f"{deck.slug}: {deck.match.cards.count()} round cards (match deck, made once)"
            )
