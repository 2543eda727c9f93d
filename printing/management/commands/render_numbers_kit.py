"""``render_numbers_kit --out FILE.pdf [options]``: ``render_kit numbers``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from printing import kit_command, kits


class Command(BaseCommand):
    help = "Render the Numbers kit: 54 playing cards, a target sheet, the rules (see render_kit)."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        kit_command.add_output_flags(parser, png=False)
        kit_command.add_option_flags(parser, (kits.get("numbers"),))

    def handle(self, *args, **options) -> None:
        kit_command.run(self, kits.get("numbers"), None, options)
