"""The World's six boards as whole pages (landscape, one per page), drawn from ``geo``'s board
maps as vectors through ``printing.core.mapdraw_pdf``; with the deck's places, its poster."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from geo.boards import BOARD_CODES
from printing.core import pagedraw
from printing.core.deck import DeckInfo
from printing.core.document import Document
from printing.core.mapdraw_pdf import map_form
from printing.core.sheets import MIN_MARGIN


def add_boards(doc: Document, deck: DeckInfo, paper: str, with_dots: bool = False) -> None:
    """The six world boards, landscape, one per page; ``with_dots`` adds the deck's places."""
    from geo.board_maps import board_map  # outlines and shapely: only board pages need them

    pw, ph = pagedraw.landscape(paper)
    for code in BOARD_CODES:
        drawing = board_map(
            code,
            width_mm=250,
            language=deck.language,
            dots=list(deck.dots) if with_dots else (),
            labels="fit",
            measure=pagedraw.measure,
        )
        scale = min(
            (pw - 2 * MIN_MARGIN - 4) / drawing.width, (ph - 2 * MIN_MARGIN - 4) / drawing.height
        )

        def draw(c: Canvas, w: float, h: float, drawing=drawing, scale=scale, code=code) -> None:
            name = map_form(c, drawing, f"board-{code}{'-dots' if with_dots else ''}")
            c.saveState()
            c.translate((w - drawing.width * scale) / 2 * mm, (h - drawing.height * scale) / 2 * mm)
            c.scale(scale, scale)
            c.doForm(name)
            c.restoreState()

        doc.add_page(pw, ph, draw)
