"""``render_dice_kit --out FILE.pdf [options]``: ``render_kit dice``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from printing import kit_command, kits


class Command(BaseCommand):
    help = "Write the dice game's kit: cards to take, cards, counters, pawns, die, rules."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        kit_command.add_output_flags(parser, png=False)
        kit_command.add_option_flags(parser, (kits.get("dice"),))

    def handle(self, *args, **options) -> None:
        kit_command.run(self, kits.get("dice"), None, options)
