"""``render_deck SLUG --out FILE.pdf`` and/or ``--png-zip FILE.zip``: printing from the shell."""

from __future__ import annotations

import gc
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.models import Deck
from printing.cards import deck_info
from printing.kit import WHATS, PrintError, PrintOptions, render_pdf, render_png_zip
from printing.presets import PRESETS
from printing.sheets import CARD_SIZES, LAYOUTS, PAPERS, SheetError


class Command(BaseCommand):
    help = "Render a deck as a print-and-play PDF and/or one PNG per card face."
    # Rendering needs no URL or admin checks; skipping them saves half a second per run.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the deck's slug, e.g. germany")
        parser.add_argument("--out", type=Path, help="write the PDF here")
        parser.add_argument("--png-zip", type=Path, help="write a zip of one PNG per face here")
        parser.add_argument("--dpi", type=int, default=300, help="PNG resolution (default 300)")
        parser.add_argument("--layout", default="duplex-long", choices=LAYOUTS)
        parser.add_argument("--card-size", default="skat", choices=sorted(CARD_SIZES))
        parser.add_argument("--paper", default="a4", choices=sorted(PAPERS))
        parser.add_argument("--bleed", type=float, default=3.0, help="bleed in mm (default 3)")
        parser.add_argument("--no-crop-marks", action="store_true")
        parser.add_argument(
            "--preset",
            choices=sorted(PRESETS),
            help="a print shop's card size, bleed and dpi (e.g. mpc-poker: 822×1122 px)",
        )
        parser.add_argument(
            "--track-length",
            type=int,
            help="spaces on the world scoring track (default: the play app's setting)",
        )
        parser.add_argument(
            "--what",
            default="cards",
            choices=WHATS,
            help="which part of the kit (default: the deck's cards)",
        )
        parser.add_argument(
            "--language", choices=["de", "en"], help="print language (default: the deck's)"
        )
        parser.add_argument(
            "--diameter", type=float, help="round (match) cards: diameter in mm (default 85)"
        )

    def handle(self, *args, **options) -> None:
        if not options["out"] and not options["png_zip"]:
            raise CommandError("give --out FILE.pdf and/or --png-zip FILE.zip")
        # Everything loaded so far lives until the process ends; without this the collector
        # rescans all of Django each time the rendering has made enough new objects.
        gc.freeze()
        try:
            deck = Deck.objects.get(slug=options["slug"])
        except Deck.DoesNotExist:
            known = ", ".join(Deck.objects.order_by("slug").values_list("slug", flat=True))
            raise CommandError(
                f"no deck with slug {options['slug']!r} (known: {known or 'none'})"
            ) from None
        if deck.edition == "match":  # round symbol cards print on their own sheets
            from printing.match_command import render_match

            return render_match(self, deck, options)
        try:
            print_options = PrintOptions(
                what=options["what"],
                layout=options["layout"],
                card_size=options["card_size"],
                paper=options["paper"],
                bleed=options["bleed"],
                crop_marks=not options["no_crop_marks"],
                dpi=options["dpi"],
                preset=options["preset"] or "",
                track_length=options["track_length"],
            )
        except SheetError as exc:
            raise CommandError(str(exc)) from None
        info = deck_info(deck, options["language"])
        for target, render in ((options["out"], render_pdf), (options["png_zip"], render_png_zip)):
            if target is None:
                continue
            try:
                data = render(info, print_options)
            except PrintError as exc:
                raise CommandError(str(exc)) from None
            try:
                target.write_bytes(data)
            except OSError as exc:
                raise CommandError(f"cannot write {target}: {exc}") from None
            self.stdout.write(f"wrote {target} ({len(data) / 1e6:.2f} MB)")
