"""The scripts of the world's capitals and million-cities print on rectangular and round
cards: each name drawn from its script's font, every glyph in the font that draws it, and ink
on the page where the name goes."""

from __future__ import annotations

import io

import pypdfium2
import pytest

from cards.symbols.decks import SymbolData, deck_from_symbols
from printing.core.data import CardData
from printing.core.deck import DeckInfo
from printing.core.round_imposition import RoundSpec
from printing.kits.match.kit import render_match_pdf
from printing.requests import PrintOptions, render_pdf
from tests.printing.textlayer import drawn_by_font, glyphs_missing_from_their_font

NAMES = {
    "Devanagari": "नई दिल्ली",  # New Delhi
    "Bengali": "ঢাকা",  # Dhaka
    "Gurmukhi": "ਲੁਧਿਆਣਾ",  # Ludhiana
    "Gujarati": "અમદાવાદ",  # Ahmedabad
    "Oriya": "ଭୁବନେଶ୍ୱର",  # Bhubaneswar
    "Tamil": "சென்னை",  # Chennai
    "Telugu": "హైదరాబాదు",  # Hyderabad
    "Kannada": "ಬೆಂಗಳೂರು",  # Bengaluru
    "Malayalam": "തിരുവനന്തപുരം",  # Thiruvananthapuram
    "Sinhala": "කොළඹ",  # Colombo
    "Thaana": "މާލެ",  # Malé
    "Myanmar": "ရန်ကုန်",  # Yangon
    "Khmer": "ភ្នំពេញ",  # Phnom Penh
    "Ethiopic": "አዲስ አበባ",  # Addis Ababa
}


def card(name: str) -> CardData:
    return CardData("germany", 1, name, language="en", state=name, ns=1, we=1,
                    description=f"{name} · {name}")  # fmt: skip


def ink(pdf: bytes) -> int:
    """Dark pixels on the first page."""
    page = pypdfium2.PdfDocument(io.BytesIO(pdf))[0]
    image = page.render(scale=100 / 72).to_pil().convert("L")
    return sum(image.histogram()[:128])


def fonts_drawing(pdf: bytes) -> set[str]:
    return {font.removesuffix("-Bold") for font in drawn_by_font(pdf)}


@pytest.mark.parametrize("script", sorted(NAMES))
def test_a_rectangular_card_prints_the_name_in_its_scripts_font(script):
    options = PrintOptions(layout="fronts")
    pdf = render_pdf(DeckInfo("Welt", "germany", "en", [card(NAMES[script])]), options)
    assert f"NotoSans{script}" in fonts_drawing(pdf)
    assert glyphs_missing_from_their_font(pdf) == {}
    blank = render_pdf(DeckInfo("Welt", "germany", "en", [card("")]), options)
    assert ink(pdf) > ink(blank) + 200  # the name, its state and description were drawn


def test_a_round_card_prints_every_script():
    latin = [f"Ort {i}" for i in range(21 - len(NAMES))]
    symbols = tuple(SymbolData(0, name, "") for name in (*NAMES.values(), *latin))
    deck = deck_from_symbols("Welt", 4, symbols, language="en")
    pdf = render_match_pdf(deck, RoundSpec(layout="fronts"))
    assert {f"NotoSans{script}" for script in NAMES} <= fonts_drawing(pdf)
    assert glyphs_missing_from_their_font(pdf) == {}
    assert ink(pdf) > 0
