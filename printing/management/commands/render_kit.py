"""``render_kit KIT_OR_DECK --out FILE.pdf [--png-zip FILE.zip] [options]``: any print kit."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from printing import kit_command


class Command(BaseCommand):
    help = (
        "Print a kit: a fixed kit by its slug (numbers, dice) or a deck by its slug (with its "
        "edition's kit). An option the kit does not have is refused."
    )
    requires_system_checks: list[str] = []  # rendering needs no URL or admin checks

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="a kit (numbers, dice, quiz) or a deck's slug")
        parser.add_argument(
            "--deck", help="the deck a kit such as quiz prints, beside the deck's own kit"
        )
        kit_command.add_output_flags(parser)
        kit_command.add_option_flags(parser)

    def handle(self, *args, name: str, deck: str | None = None, **options) -> None:
        kit, deck = kit_command.resolve(name, deck)
        kit_command.run(self, kit, deck, options)
