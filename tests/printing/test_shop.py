"""Print-shop exactness: presets' pixel sizes, colour profiles, embedded fonts, PDF metadata."""

from __future__ import annotations

import io
import unicodedata
import zipfile

import pypdf
import pytest
from PIL import Image, ImageCms

from printing.core.data import CardData, edition_mark
from printing.core.deck import DeckInfo
from printing.core.document import Document
from printing.core.png import face_size_px
from printing.core.presets import PRESETS
from printing.core.sheets import CARD_SIZES
from printing.requests import PrintOptions, render_pdf, render_png_zip
from tests.printing.cast import HEPPENHEIM
from tests.printing.textlayer import fonts_of

GLYPH_NAMES = ("Łódź", "İstanbul", "Αθήνα", "Москва", "東京", "القاهرة")


def glyph_deck() -> DeckInfo:
    cards = [
        CardData(
            "germany",
            i,
            name,
            language="en",
            state=name,
            description=f"{name}: {name}",
            population=1000 * i,
            ns=i,
            we=i,
            edition_mark=edition_mark("germany", "en", "Glyphs", i),
        )
        for i, name in enumerate(GLYPH_NAMES, 1)
    ]
    return DeckInfo("Glyphs", "germany", "en", cards)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_it_hits_each_presets_pixel_size(name):
    preset = PRESETS[name]
    options = PrintOptions(preset=name)
    assert face_size_px(options.spec, options.resolved()["dpi"]) == preset.pixels


def test_it_hits_the_print_shops_poker_sizes():
    assert face_size_px(PrintOptions(preset="mpc-poker").spec) == (822, 1122)
    assert face_size_px(PrintOptions(preset="tgc-poker").spec) == (825, 1125)
    assert CARD_SIZES["poker-us"] == (63.5, 88.9)  # 2.5 × 3.5 in


def test_it_writes_preset_pngs_at_the_exact_size_with_an_srgb_profile():
    deck = DeckInfo("D", "germany", "de", [HEPPENHEIM])
    archive = zipfile.ZipFile(io.BytesIO(render_png_zip(deck, PrintOptions(preset="mpc-poker"))))
    for name in archive.namelist():
        image = Image.open(io.BytesIO(archive.read(name)))
        assert image.size == (822, 1122)
        profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
        assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_it_prints_every_script_with_no_missing_glyph_and_every_font_embedded():
    pdf = render_pdf(glyph_deck(), PrintOptions(card_size="mini"))
    fonts = fonts_of(pdf)
    assert fonts and all(fonts.values()), fonts
    assert not any("Helvetica" in name for name in fonts)
    assert any("DroidSansFallback" in name for name in fonts)  # 東京 came from the CJK font


@pytest.mark.parametrize("what", ["kit", "quiz-map", "poster"])
def test_it_embeds_every_font_of_the_kit_pages(what):
    fonts = fonts_of(render_pdf(glyph_deck(), PrintOptions(what=what)))
    assert fonts and all(fonts.values()), fonts


def test_it_asks_viewers_for_no_scaling_and_the_right_duplex_flip():
    deck = DeckInfo("Meine Karten", "germany", "de", [HEPPENHEIM])
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(deck, PrintOptions(layout="duplex-short"))))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    meta = reader.metadata
    assert "Meine Karten" in meta.title
    assert meta.author == "Spot On Studio"
    assert meta.creation_date.year >= 2024


def test_a_wrapped_right_to_left_paragraph_goes_along_the_one_text_path():
    from unittest import mock

    from printing.core.pagedraw import paragraph
    from printing.core.shaping import draw_string

    with mock.patch("printing.core.pagedraw.draw_string", wraps=draw_string) as drawn:
        doc = Document()
        doc.add_page(210, 297, lambda c, w, h: paragraph(c, 10, 280, 190, "القاهرة", 12))
        pdf = doc.finish()
    (_, _, _, line, *_), _kwargs = drawn.call_args
    assert line == "القاهرة"  # lines are cut in reading order; the text path orders each
    text = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "القاهرة" in unicodedata.normalize("NFKC", text)  # joined forms, in reading order


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_pdf_says_its_language(language):
    deck = DeckInfo("Karten", "germany", language, [HEPPENHEIM])
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(deck, PrintOptions(what="kit"))))
    assert reader.trailer["/Root"]["/Lang"] == language
