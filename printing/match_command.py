"""``render_deck`` for match decks: round cards, with the same output options as other decks."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from cards.models import Deck
from printing.fonts import GlyphError
from printing.match_kit import render_match_pdf, render_match_png_zip
from printing.round_sheets import DEFAULT_DIAMETER, RoundSpec
from printing.sheets import SheetError


def render_match(command: BaseCommand, deck: Deck, options: dict[str, Any]) -> None:
    if options["what"] not in ("cards", "kit"):
        raise CommandError(f"a match deck prints its cards only, not {options['what']!r}")
    try:
        spec = RoundSpec(
            paper=options["paper"],
            diameter=options["diameter"] or DEFAULT_DIAMETER,
            bleed=options["bleed"],
            layout=options["layout"],
            cut_lines=not options["no_crop_marks"],
        )
    except SheetError as exc:
        raise CommandError(str(exc)) from None
    data = deck.match.as_data(options["language"])
    outputs = (
        (options["out"], lambda: render_match_pdf(data, spec)),
        (options["png_zip"], lambda: render_match_png_zip(data, spec, options["dpi"])),
    )
    for target, render in outputs:
        if target is None:
            continue
        try:
            pdf = render()
        except GlyphError as exc:
            raise CommandError(str(exc)) from None
        try:
            target.write_bytes(pdf)
        except OSError as exc:
            raise CommandError(f"cannot write {target}: {exc}") from None
        command.stdout.write(f"wrote {target} ({len(pdf) / 1e6:.2f} MB)")
