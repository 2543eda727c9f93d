"""``manage.py render_dice_kit --out FILE.pdf``: the print-and-play kit of Spot On (Knizia 1995)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from printing.dice_kit import LANGUAGES, MIXES, PARTS, dice_kit_pdf
from printing.sheets import SheetError


class Command(BaseCommand):
    help = "Write the dice game's kit: cards to take, cards, counters, pawns, die, rules."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", required=True, type=Path)
        parser.add_argument("--language", default="de", choices=LANGUAGES)
        parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
        parser.add_argument("--mix", default="standard", choices=tuple(MIXES))
        parser.add_argument("--what", action="append", choices=PARTS, help="a part (repeatable)")

    def handle(self, *args, out: Path, language: str, paper: str, mix: str, what, **options):
        try:
            pdf = dice_kit_pdf(language, paper, what or PARTS, mix)
        except SheetError as error:
            raise CommandError(str(error)) from error
        out.write_bytes(pdf)
        self.stdout.write(f"{out}: {len(pdf) // 1024} KiB")
