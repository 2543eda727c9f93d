"""Real PDFs read back with pypdf: pages, texts, where the text sits, and the page boxes."""

from __future__ import annotations

import io

import pypdf
import pytest
from reportlab.lib.units import mm

from printing.core.data import tip_cards
from printing.core.deck import DeckInfo
from printing.core.document import Document, cards_pdf
from printing.core.sheets import SAFE_INSET, SheetSpec
from printing.requests import PrintOptions, render_pdf
from tests.printing.cast import ENGLISH_TOWN, HEPPENHEIM, LUDWIGSHAFEN, SAO_PAULO


def read(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


def texts(page) -> str:
    """The page's text with line breaks from wrapping folded into single spaces."""
    return " ".join(page.extract_text().split())


def test_it_prints_names_on_fronts_and_numbers_on_backs():
    reader = read(cards_pdf([LUDWIGSHAFEN, HEPPENHEIM], SheetSpec(layout="duplex-long")))
    assert len(reader.pages) == 2
    front, back = texts(reader.pages[0]), texts(reader.pages[1])
    assert "Ludwigshafen" in front and "Heppenheim" in front
    assert "Einwohner" not in front and "117" not in front
    for expected in (
        "111.407 Einwohner",
        "26.023 Einwohner",
        "117",
        "28",
        "114",
        "31",
        "Rheinland-Pfalz",
        "Hessen",
    ):
        assert expected in back


def test_it_prints_english_populations_with_commas():
    back = texts(read(cards_pdf([ENGLISH_TOWN], SheetSpec())).pages[1])
    assert "111,407 inhabitants" in back


def test_it_prints_world_solutions_spelled_out():
    back = texts(read(cards_pdf([SAO_PAULO], SheetSpec())).pages[1])
    assert "SA-O-S-A" in back and "SA-O-M-C" in back
    assert "Südamerika, Osten, Mitte, Feld C" in back


def test_it_honours_quantities():
    cards = [LUDWIGSHAFEN.__class__(**{**LUDWIGSHAFEN.__dict__, "quantity": 9})]
    reader = read(cards_pdf(cards, SheetSpec(layout="fronts")))
    assert len(reader.pages) == 2  # 8 Skat cards per A4 sheet
    assert texts(reader.pages[0]).count("Ludwigshafen") == 8


def test_it_sets_trim_and_bleed_boxes():
    page = read(cards_pdf([LUDWIGSHAFEN], SheetSpec(bleed=3))).pages[0]
    trim, bleed = page.trimbox, page.bleedbox
    assert float(trim.width) == pytest.approx(59 * mm, abs=0.01)
    assert float(trim.height) == pytest.approx(91 * mm, abs=0.01)
    assert float(bleed.width) == pytest.approx(65 * mm, abs=0.01)
    assert float(bleed.left) == pytest.approx(float(trim.left) - 3 * mm, abs=0.01)


def test_it_keeps_every_text_inside_the_safe_zone():
    spec = SheetSpec(card_size="mini", bleed=3)
    doc = Document()
    doc.add_faces([LUDWIGSHAFEN, HEPPENHEIM, SAO_PAULO, *tip_cards("de")[:3]], spec)
    reader = read(doc.finish())
    lo, hi_x, hi_y = (3 + SAFE_INSET) * mm, (3 + 44 - SAFE_INSET) * mm, (3 + 63 - SAFE_INSET) * mm
    seen = []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        seen.append(text)
        assert lo - 0.5 <= x <= hi_x + 0.5, (text, x)
        assert lo - 0.5 <= y <= hi_y + 0.5, (text, y)

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    assert any("Ludwigs" in t for t in seen)  # on a mini card: "Ludwigs-/hafen"


def test_it_renders_the_whole_germany_kit():
    deck = DeckInfo(
        "Test",
        "germany",
        "de",
        [LUDWIGSHAFEN, HEPPENHEIM],
        [("Ludwigshafen am Rhein", 49.48, 8.44)],
    )
    reader = read(render_pdf(deck, PrintOptions(what="kit")))
    everything = " ".join(texts(p) for p in reader.pages)
    assert "liegt am weitesten im Norden" in everything  # tip cards
    assert "Kurzregeln" in everything and "Punkte" in everything
    assert len(reader.pages) >= 2 + 6 + 3
