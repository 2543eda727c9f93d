"""``manage.py render_numbers_kit --out FILE.pdf``: the print kit of Numbers."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from printing.numbers_kit import WHATS, render_numbers_kit
from printing.sheets import CARD_SIZES, LAYOUTS, PAPERS, SheetError


class Command(BaseCommand):
    help = (
        "Render the Numbers print kit: a 54-card deck with large indices, a target sheet, "
        "and the rules in German and English."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", required=True, help="the PDF file to write")
        parser.add_argument("--what", choices=WHATS, default="kit")
        parser.add_argument("--language", choices=("de", "en"), default="de")
        parser.add_argument("--paper", choices=tuple(PAPERS), default="a4")
        parser.add_argument("--card-size", choices=tuple(CARD_SIZES), default="poker")
        parser.add_argument("--layout", choices=LAYOUTS, default="duplex-long")
        parser.add_argument("--bleed", type=float, default=3.0)
        parser.add_argument("--no-crop-marks", action="store_true")

    def handle(self, *args, **options) -> None:
        try:
            pdf = render_numbers_kit(
                options["what"],
                options["language"],
                options["paper"],
                options["card_size"],
                options["layout"],
                options["bleed"],
                not options["no_crop_marks"],
            )
        except SheetError as error:
            raise CommandError(str(error)) from None
        Path(options["out"]).write_bytes(pdf)
        self.stdout.write(f"Wrote {options['out']} ({len(pdf) // 1024} KB).")
