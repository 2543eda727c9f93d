"""Every script prints right or stops with a clear message: one text path for every face."""

from __future__ import annotations

import unicodedata

import pypdfium2
import pytest
from reportlab.pdfbase.ttfonts import ShapedStr

from cards.symbols.decks import SymbolData, deck_from_symbols
from printing.core.data import CardData
from printing.core.deck import DeckInfo, PrintError
from printing.core.fonts import BOLD, EMBOLDENED, REGULAR, GlyphError, cmap
from printing.core.round_imposition import RoundSpec
from printing.core.shaping import runs, width
from printing.kits.match.kit import render_match_pdf
from printing.requests import PrintOptions, render_pdf
from tests.printing.textlayer import drawn_by_font, glyphs_missing_from_their_font

# 13 names for an order-3 match deck (13 cards of 4 symbols), one of every script we print.
INTERNATIONAL = (
    "北京",
    "東京",
    "서울",
    "กรุงเทพมหานคร",
    "القاهرة",
    "ירושלים",
    unicodedata.normalize("NFD", "Đà Nẵng"),  # decomposed, as some sources store it
    "Hà Nội",
    "上海",
    "부산",
    "ที่นี่",
    "תל אביב",
    "دمشق",
)


def international_deck(language: str = "en"):
    symbols = tuple(SymbolData(0, name, "") for name in INTERNATIONAL)
    return deck_from_symbols("Welt", 3, symbols, language=language)


def test_it_normalises_decomposed_letters_before_printing():
    decomposed = unicodedata.normalize("NFD", "Nẵng")
    (run,) = runs(decomposed)
    assert run.text == "Nẵng" and run.font == REGULAR  # one precomposed letter DejaVu has
    assert width(decomposed, REGULAR, 10) == width("Nẵng", REGULAR, 10)


def test_it_joins_arabic_letters_and_draws_them_right_to_left():
    (run,) = runs("القاهرة")
    assert isinstance(run.text, ShapedStr)
    letters = [unicodedata.name(ch, "") for ch in run.text]
    assert any("FINAL FORM" in n for n in letters) and any("INITIAL FORM" in n for n in letters)
    assert unicodedata.normalize("NFKC", run.text)[0] == "ة"  # the last letter stands leftmost


def test_it_orders_hebrew_and_a_latin_name_around_it():
    pieces = runs("Tel Aviv תל אביב")
    assert "".join(r.text for r in pieces).startswith("Tel Aviv ")
    assert pieces[-1].text == "ביבא לת"


def test_it_stacks_thai_tone_marks_above_the_vowel():
    (run,) = runs("ที่นี่")
    assert run.font == "NotoSansThai"
    moved = [d for d in run.text.__shapeData__ if d.y_offset or d.x_offset]
    private = [ch for ch in run.text if 0xE000 <= ord(ch) <= 0xF8FF]
    assert moved or private  # HarfBuzz lifted the marks (offsets or the font's raised forms)
    assert len(run.text) == 6


def test_it_prints_korean_and_has_bold_faces_for_chinese_japanese_and_korean():
    assert {r.font for r in runs("서울", REGULAR)} == {"HangulGothic"}
    assert {r.font for r in runs("서울", BOLD)} == {"HangulGothic-Bold"}
    assert all(0xAC00 + k in cmap("HangulGothic-Bold") for k in range(11_172))
    assert {r.font for r in runs("東京", BOLD)} <= EMBOLDENED  # drawn filled and stroked


def test_it_names_a_character_no_font_has():
    with pytest.raises(GlyphError, match=r"U\+10000 LINEAR B SYLLABLE B008 A.*in 'Linear B"):
        runs("Linear B \U00010000")


def test_a_rectangular_card_names_the_card_and_the_character():
    bad = CardData("germany", 7, "Ort \U00013000", ns=1, we=1)
    with pytest.raises(PrintError, match=r"card 7.*U\+13000 EGYPTIAN HIEROGLYPH"):
        render_pdf(DeckInfo("D", "germany", "en", [bad]), PrintOptions())


def test_a_round_card_names_the_card_the_symbol_and_the_character():
    names = ("Ort \U00013000", *INTERNATIONAL[1:])
    deck = deck_from_symbols("Welt", 3, tuple(SymbolData(0, n, "") for n in names))
    with pytest.raises(
        PrintError,
        match=r"„Ort .“ \(Karte \d+\) lässt sich nicht drucken: keine Schrift hat .*U\+13000",
    ):
        render_match_pdf(deck, RoundSpec())


@pytest.fixture(scope="module")
def international_fronts() -> bytes:
    """The international Match deck's fronts, drawn once for the tests that read them."""
    return render_match_pdf(international_deck(), RoundSpec(layout="fronts"))


def test_the_international_match_deck_prints_every_name_in_the_text_layer(international_fronts):
    drawn = drawn_by_font(international_fronts)
    # Words of a two-line label come back without the line break; compare without spaces.
    text = unicodedata.normalize("NFKC", "".join(drawn.values())).replace(" ", "")
    # pypdf puts right-to-left glyphs (drawn in visual order) back into reading order.
    names = ("北京", "東京", "서울", "上海", "부산", "HàNội", "ĐàNẵng")
    for name in (*names, "ירושלים", "القاهرة", "دمشق"):
        assert name in text, name
    assert "กรุงเทพมหานคร"[:4] in text
    assert {"DroidSansFallback", "HangulGothic-Bold", "NotoSansThai-Bold"} <= set(drawn)


def test_no_glyph_is_drawn_from_a_font_lacking_it(international_fronts):
    assert glyphs_missing_from_their_font(international_fronts) == {}
    cards = [
        CardData("world", i + 1, name, board="AS", solutions=("AS-M-M-A",))
        for i, name in enumerate(INTERNATIONAL)
    ]
    kit = render_pdf(DeckInfo("Welt", "world", "en", cards), PrintOptions(what="cards"))
    assert glyphs_missing_from_their_font(kit) == {}


def test_the_international_match_deck_rasterises(international_fronts, tmp_path):
    page = pypdfium2.PdfDocument(international_fronts)[0]
    image = page.render(scale=100 / 72).to_pil()
    image.save(tmp_path / "international.png")  # looked at by eye when the path changes
    assert image.getbbox() is not None


def test_a_rectangular_card_joins_arabic_like_a_round_one():
    cards = [CardData("world", 1, "القاهرة", board="AF", solutions=("AF-O-N-A",))]
    pdf = render_pdf(DeckInfo("Welt", "world", "en", cards), PrintOptions(what="cards"))
    drawn = "".join(drawn_by_font(pdf).values())
    assert any("FINAL FORM" in unicodedata.name(ch, "") for ch in drawn)  # joined, not isolated
