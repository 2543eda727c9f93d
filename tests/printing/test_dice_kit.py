"""The print-and-play kit of the dice game: parts, card data, rules in both languages."""

from __future__ import annotations

import io
from collections import Counter

import pypdf
import pytest
from django.core.management import call_command

from play.editions.dice import rules
from printing.dice_kit import PARTS, cards, dice_kit_pdf
from printing.dice_rules import RULES
from printing.sheets import SheetError


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("mix", ["standard", "fours"])
def test_it_prints_the_same_36_cards_as_the_play_edition(mix):
    printed = Counter(cards(mix))
    played = Counter((card["rank"], card["suit"]) for card in rules.deck_for(mix))
    assert printed == played and sum(printed.values()) == 36


def test_it_puts_every_part_in_the_kit_in_order():
    text = pages_text(dice_kit_pdf("en"))
    assert len(text) == 1 + 4 + 1 + 1 + 2
    assert "take these cards from two standard decks" in text[0]
    assert all("♠" in page or "♥" in page or "♦" in page for page in text[1:5])
    assert "Counters" in text[5] and "Pawns" in text[6] and "Die" in text[6]
    assert text[7].startswith("Spot On (Reiner Knizia, 1995) – rules")
    assert "Spielregel" in text[8]


def test_it_prints_the_rules_in_german_first_for_a_german_kit_with_every_decision():
    de, en = pages_text(dice_kit_pdf("de", parts=["rules"]))
    assert "Spielregel" in de and "rules" in en
    for needle in ("2 bis 9", "erste Wurf ist Pflicht", "jede Karte schon einen eigenen Marker"):
        assert needle in " ".join(de.split())
    for needle in ("2 to 9", "first roll is compulsory", "seven or more score 12"):
        assert needle in " ".join(en.split())
    assert RULES["de"][1][-1][0] == "Unsere Entscheidungen"


def test_it_refuses_unknown_parts_languages_and_mixes():
    for kwargs in ({"language": "fr"}, {"parts": ["box"]}, {"mix": "pinochle"}):
        with pytest.raises(SheetError):
            dice_kit_pdf(**kwargs)
    assert set(PARTS) == {"cards-to-take", "cards", "counters", "pawns-die", "rules"}


def test_it_writes_the_kit_from_the_command(tmp_path):
    out = tmp_path / "kit.pdf"
    call_command("render_dice_kit", "--out", str(out), "--what", "cards", "--paper", "letter")
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 4
    assert round(float(reader.pages[0].mediabox.width) / 72 * 25.4) == 216


def test_it_serves_the_kit_to_anyone(client):
    response = client.get("/print/games/dice.pdf?language=en&part=rules")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(pages_text(response.content)) == 2
    assert client.get("/print/games/dice.pdf?language=xx").status_code == 400
    assert client.get("/print/games/dice.pdf?part=box").status_code == 400
