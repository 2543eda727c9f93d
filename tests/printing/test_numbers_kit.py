"""The Numbers print kit: the deck as data, the PDF's pages and text."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from pypdf import PdfReader

from printing.numbers_kit import deck, render_numbers_kit
from printing.sheets import SheetError


def text_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_it_has_a_54_card_deck_of_four_suits_and_two_jokers():
    cards = deck()
    assert len(cards) == 54
    assert Counter(card.value for card in cards) == {0: 2, **{v: 4 for v in range(1, 14)}}
    assert {card.symbol for card in cards} == {"♠", "♥", "♦", "♣", ""}


def test_it_prints_the_deck_with_backs_on_poker_cards():
    pages = text_of(render_numbers_kit("deck", card_size="poker", paper="a4"))
    # 8 poker cards per A4 sheet: 7 sheets, each a front page and a back page
    assert len(pages) == 14
    fronts = "".join(pages[::2])
    assert "JOKER" in fronts and "= 13" in fronts and "10" in fronts
    assert "Spot On" in pages[1] and "JOKER" not in pages[1]


def test_it_prints_the_note_sheet_and_the_rules_in_both_languages():
    pages = text_of(render_numbers_kit("kit", language="en"))
    assert "target sheet" in pages[-3]
    assert "Numbers – rules summary" in pages[-2]
    assert "Zahlen – Kurzregeln" in pages[-1]
    assert "leaves" not in pages[-1] and "ohne Rest" in pages[-1]


def test_it_refuses_an_unknown_part_or_language():
    with pytest.raises(SheetError):
        render_numbers_kit("poster")
    with pytest.raises(SheetError):
        render_numbers_kit("rules", language="fr")


def test_it_serves_the_kit_to_teachers_only(client, teacher, student):
    url = "/print/numbers-kit.pdf"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(student)
    assert client.get(url).status_code == 403
    client.force_login(teacher)
    response = client.get(url, {"what": "rules", "language": "en"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Numbers – rules summary" in text_of(response.content)[0]
    assert client.get(url, {"what": "poster"}).status_code == 400
    assert "numbers-kit.pdf" in client.get("/print/").content.decode()
