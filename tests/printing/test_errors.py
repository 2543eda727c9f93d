"""Clear errors, in the deck's language, instead of crashes or one-page notices."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from printing import kits
from printing.core.data import CardData
from printing.core.deck import DeckInfo, PrintError
from printing.core.kit import KitError
from printing.requests import PrintOptions, render_pdf, render_png_zip
from tests.printing.cast import HEPPENHEIM, SAO_PAULO

EMPTY_DE = DeckInfo("Leer", "germany", "de", [])
WORLD_EN = DeckInfo("World", "world", "en", [SAO_PAULO])


def test_it_refuses_an_empty_deck_in_its_language():
    with pytest.raises(PrintError, match="noch keine Karten"):
        render_pdf(EMPTY_DE, PrintOptions())
    with pytest.raises(PrintError, match="noch keine Karten"):
        render_png_zip(EMPTY_DE, PrintOptions(dpi=72))


def test_it_refuses_a_part_the_edition_lacks():
    with pytest.raises(KitError, match="the world kit has no part 'tips'"):
        render_pdf(WORLD_EN, PrintOptions(what="tips"))
    with pytest.raises(KitError, match="the germany kit has no part 'boards'"):
        render_pdf(DeckInfo("D", "germany", "de", [HEPPENHEIM]), PrintOptions(what="boards"))


def test_it_refuses_pngs_of_a_whole_page_part():
    with pytest.raises(KitError, match="PNG files are made of card faces only"):
        render_png_zip(WORLD_EN, PrintOptions(what="boards", dpi=72))


def test_it_refuses_an_option_the_kit_does_not_have():
    with pytest.raises(KitError, match="track_length does not apply to the germany kit"):
        render_pdf(DeckInfo("D", "germany", "de", [HEPPENHEIM]), PrintOptions(track_length=50))
    with pytest.raises(
        KitError, match=r"the preset mpc-poker sets .*; leave out bleed 2, dpi 600 or the preset"
    ):
        render_pdf(WORLD_EN, PrintOptions(preset="mpc-poker", dpi=600, bleed=2))


def test_an_empty_decks_kit_is_refused_not_printed_without_its_cards():
    with pytest.raises(PrintError, match="noch keine Karten"):
        render_pdf(EMPTY_DE, PrintOptions(what="kit"))


def test_it_makes_pngs_of_the_tip_cards():
    deck = DeckInfo("Leer", "germany", "en", [])
    zipped = render_png_zip(deck, PrintOptions(what="tips", dpi=72, card_size="mini"))
    assert zipped[:2] == b"PK"


def test_it_names_the_card_and_the_character_no_font_has():
    bad = CardData("germany", 7, "Hiero\U00013000glyph", ns=1, we=1)
    with pytest.raises(PrintError, match=r"Hiero.*\(card 7\).*U\+13000"):
        render_pdf(DeckInfo("D", "germany", "en", [bad]), PrintOptions())


def test_it_names_the_card_and_a_character_no_font_has():
    bad = CardData("germany", 3, "ལྷ་ས", ns=1, we=1)  # Tibetan: no shipped font has it
    with pytest.raises(PrintError, match=r"card 3.*U\+0F63 TIBETAN LETTER LA"):
        render_pdf(DeckInfo("D", "germany", "en", [bad]), PrintOptions())


def test_it_offers_each_edition_only_its_parts():
    assert "tips" not in kits.for_edition("world").part_slugs
    assert "boards" not in kits.for_edition("germany").part_slugs
    assert kits.for_edition("some-new-edition").part_slugs == ("cards",)


@pytest.mark.django_db
def test_the_command_fails_with_the_message(tmp_path, world_deck):
    with pytest.raises(CommandError, match=r"the world kit has no part 'tips'"):
        call_command(
            "render_deck",
            world_deck.slug,
            "--what",
            "tips",
            "--out",
            str(tmp_path / "x.pdf"),
            stdout=io.StringIO(),
        )
    assert not (tmp_path / "x.pdf").exists()
