"""``render_deck SLUG --out FILE.pdf`` and/or ``--png-zip FILE.zip``: ``render_kit`` for a deck."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from printing import kit_command, kits


class Command(BaseCommand):
    help = "Render a deck as a print-and-play PDF and/or one PNG per card face (see render_kit)."
    requires_system_checks: list[str] = []  # rendering needs no URL or admin checks

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the deck's slug, e.g. germany")
        kit_command.add_output_flags(parser)
        decks = tuple(k for k in kits.KITS.values() if k.source)
        kit_command.add_option_flags(parser, decks)

    def handle(self, *args, slug: str, **options) -> None:
        kit, deck = kit_command.resolve(slug)
        kit_command.run(self, kit, deck, options)
