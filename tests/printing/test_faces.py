"""The card faces' words: edition mark once, E for east in English, hyphen breaks, captions."""

from __future__ import annotations

import io

import pypdf

from printing.core.data import CardData, edition_mark, printed_code
from printing.core.document import cards_pdf
from printing.core.fonts import register_fonts
from printing.core.sheets import SheetSpec
from printing.core.textfit import fit_text
from tests.printing.cast import HEPPENHEIM


def test_it_prints_the_edition_mark_once():
    assert edition_mark("germany", "de", "Deutschland", 1) == "Spot On: Deutschland · 1"
    assert edition_mark("germany", "de", "Klasse 7b", 2) == "Spot On: Deutschland · Klasse 7b · 2"
    assert edition_mark("world", "en", "The World", 3) == "Spot On: The World · 3"


def test_it_says_e_for_east_on_english_cards_only():
    assert printed_code("EU-O-M-C", "en") == "EU-E-M-C"
    assert printed_code("EU-O-M-C", "de") == "EU-O-M-C"
    card = CardData(
        "world", 1, "Tokyo", language="en", solutions=("AS-O-M-A",), solution_texts=("Asia",)
    )
    assert "AS-E-M-A" in card.value("solutions")


def test_it_breaks_hyphenated_names_before_shrinking_them():
    _, bold = register_fonts()
    size, lines = fit_text("Garmisch-Partenkirchen", bold, bold, 22, 13, 3, 51, 36)
    assert [line for line, _ in lines] == ["Garmisch-", "Partenkirchen"]
    assert size >= 13
    berlin, _ = fit_text("Berlin", bold, bold, 22, 13, 3, 51, 36)
    assert berlin == 22


def test_it_captions_the_blobs_on_the_back():
    english = CardData("germany", 1, "Ulm", language="en", ns=120, we=40, population=1)
    reader = pypdf.PdfReader(io.BytesIO(cards_pdf([HEPPENHEIM, english], SheetSpec())))
    back = " ".join(reader.pages[1].extract_text().split())
    assert "Nord–Süd" in back and "West–Ost" in back
    assert "North–South" in back and "West–East" in back
