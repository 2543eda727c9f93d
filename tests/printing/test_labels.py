"""The fixed labels of the card faces come from the catalogue: German cards in German, English
cards in English, and any other language as before (German designs, English labels)."""

from __future__ import annotations

import io

import pypdf
import pytest

from printing import kits
from printing.core.data import CardData, edition_mark, edition_title, format_population, tip_cards
from printing.core.designs import faces_for

pytestmark = pytest.mark.django_db

GERMAN = {
    "germany": [
        "DEUTSCHLAND",
        "Nord–Süd",
        "West–Ost",
        "3.426.354 Einwohner",
        "Spot On: Deutschland",
        "Tippkarte",
        "liegt am weitesten im Osten",
        "Die wenigsten Einwohner",
        "liegt in keiner Richtung am weitesten außen",
    ],
    "world": ["DIE WELT", "Stadt", "Spot On: Die Welt"],
    "numbers": ["Zahlen"],
}
ENGLISH = {
    "germany": [
        "GERMANY",
        "North–South",
        "West–East",
        "3,426,354 inhabitants",
        "Spot On: Germany",
        "Tip card",
        "lies furthest east",
        "fewest inhabitants",
        "is furthest in no direction",
    ],
    "world": ["THE WORLD", "City", "Spot On: The World"],
    "numbers": ["Numbers"],
}


def _text(pdf: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return "\n".join(" ".join(page.extract_text().split()) for page in reader.pages)


def _printed(deck, language: str, what) -> str:
    kit = kits.for_edition(deck.edition) if deck is not None else kits.get("numbers")
    return _text(kit.render(kit.prepare({"what": what, "language": language}, deck)))


@pytest.mark.parametrize(
    ("language", "labels", "other"), [("de", GERMAN, ENGLISH), ("en", ENGLISH, GERMAN)]
)
def test_a_deck_prints_its_labels_in_its_language(
    germany_deck, world_deck, language, labels, other
):
    printed = {
        "germany": _printed(germany_deck, language, ["cards", "tips"]),
        "world": _printed(world_deck, language, "cards"),
        "numbers": _printed(None, language, "deck"),
    }
    for kit, words in labels.items():
        for word in words:
            assert word in printed[kit], (kit, word)
        for word in other[kit]:
            assert word not in printed[kit], (kit, word)


def test_another_language_keeps_its_earlier_fallbacks():
    # The designs' fixed texts fall back to German, the data's labels to English.
    front, back = faces_for("germany", 59, 91, "fr")
    assert "DEUTSCHLAND" in [getattr(el, "text", "") for el in front.elements]
    assert "Nord–Süd" in [getattr(el, "text", "") for el in back.elements]
    english, _ = faces_for("germany", 59, 91, "en-gb")
    assert "GERMANY" in [getattr(el, "text", "") for el in english.elements]
    assert format_population(2, "fr") == "2 inhabitants"
    assert (
        format_population(1, "en") == "1 inhabitant" and format_population(1, "de") == "1 Einwohner"
    )
    assert (
        CardData("world", 1, "Rhein", language="fr", place_kind="river").value("kind_label")
        == "River"
    )
    assert edition_title("germany", "fr") == "Spot On"
    tips = tip_cards("fr")
    assert tips[3].tip_letter == "E" and tips[3].tip_caption == "lies furthest east"
    assert tips[3].edition_mark == "Spot On: Germany"
    assert [c.tip_letter for c in tip_cards("de")[:6]] == ["N", "S", "W", "O", "+", "−"]


def test_a_deck_named_like_its_edition_in_the_other_language_is_not_repeated():
    assert edition_mark("germany", "en", "Deutschland", 1) == "Spot On: Germany · 1"
    assert edition_mark("world", "de", "The World", 2) == "Spot On: Die Welt · 2"
    assert edition_mark("germany", "en", "Klasse 7b", 3) == "Spot On: Germany · Klasse 7b · 3"
