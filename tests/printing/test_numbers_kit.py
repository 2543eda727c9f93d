"""The Numbers print kit: the deck as data, the PDF's pages and text."""

from __future__ import annotations

import io
from collections import Counter

import pypdfium2
import pytest
from django.core.management import CommandError, call_command
from pypdf import PdfReader

from printing import kits
from printing.core.kit import KitError
from printing.kits.numbers.kit import deck

NUMBERS = kits.get("numbers")


def render_numbers_kit(what: str = "kit", **given) -> bytes:
    return NUMBERS.render(NUMBERS.clean({"what": what, **given}))


def text_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_it_has_a_54_card_deck_of_four_suits_and_two_jokers():
    cards = deck()
    assert len(cards) == 54
    assert Counter(card.value_of for card in cards) == {0: 2, **{v: 4 for v in range(1, 14)}}
    assert {card.value("suit_symbol") for card in cards} == {"♠", "♥", "♦", "♣", ""}
    assert cards[-1].value("centre") == "JOKER" and cards[10].value("centre_note") == "= 11"


def test_it_prints_the_deck_with_backs_on_poker_cards_and_asks_for_duplex():
    pdf = render_numbers_kit("deck", card_size="poker", paper="a4")
    pages = text_of(pdf)
    # 8 poker cards per A4 sheet: 7 sheets, each a front page and a back page
    assert len(pages) == 14
    fronts = "".join(pages[::2])
    assert "JOKER" in fronts and "= 13" in fronts and "10" in fronts
    assert "Spot On" in pages[1] and "JOKER" not in pages[1] and "Zahlen" in pages[1]
    assert "mit 100 % drucken" in pages[0]
    prefs = PdfReader(io.BytesIO(pdf)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_it_prints_the_note_sheet_and_the_rules_in_both_languages():
    # The one-sided sheets of a duplex file have blank backs: only the printed pages.
    pages = [t for t in text_of(render_numbers_kit("kit", language="en")) if t]
    assert "target sheet" in pages[-3]
    assert "Numbers – rules summary" in pages[-2]
    assert "Zahlen – Kurzregeln" in pages[-1]
    assert "ohne Rest" in pages[-1]
    english = " ".join(pages[-2].split())
    for rule in (
        "say the result aloud",
        "showing draws nothing",
        "go back into the hand",
        "draws at the end of that turn",
        "going once through the whole stock",
    ):
        assert rule in english, rule  # fmt: skip


def test_it_refuses_an_unknown_part_language_or_option():
    with pytest.raises(KitError, match="no part 'poster'"):
        render_numbers_kit("poster")
    with pytest.raises(KitError, match="language 'fr' unknown"):
        render_numbers_kit("rules", language="fr")
    with pytest.raises(KitError, match="track_length does not apply to the numbers kit"):
        render_numbers_kit("deck", track_length=50)


def test_the_command_and_an_unwritable_path(tmp_path):
    out = tmp_path / "n.pdf"
    call_command("render_kit", "numbers", "--out", str(out), "--what", "rules", "--language", "en")
    assert "Numbers" in text_of(out.read_bytes())[0]
    with pytest.raises(CommandError, match=r"^cannot write"):
        call_command("render_kit", "numbers", "--out", "/proc/numbers.pdf")


def test_it_serves_the_kit_to_teachers_only(client, teacher, student):
    url = "/print/kits/numbers/kit.pdf"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(student)
    assert client.get(url).status_code == 403
    client.force_login(teacher)
    response = client.get(url, {"what": "rules", "language": "en"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Numbers – rules summary" in text_of(response.content)[0]
    assert client.get(url, {"what": "poster"}).status_code == 400
    index = client.get("/print/").content.decode()
    assert "/print/kits/numbers/" in index and "/print/kits/dice/" in index
    page = client.get("/print/kits/numbers/")
    assert page.status_code == 200 and 'name="language"' in page.content.decode()


@pytest.mark.parametrize("bleed", [0, 3])
def test_the_back_pattern_stays_inside_each_cards_bleed(bleed):
    pdf = render_numbers_kit("deck", layout="duplex-long", bleed=bleed, crop_marks=False)
    reader = PdfReader(io.BytesIO(pdf))
    back = reader.pages[1]
    x0, _, x1, y1 = (float(v) for v in back.bleedbox)
    scale = 2.0
    image = pypdfium2.PdfDocument(io.BytesIO(pdf))[1].render(scale=scale).to_pil().convert("L")
    height = image.height
    # Above, left and right of the cards' bleed (the scale note sits below them).
    margins = [
        (0, 0, image.width, int(height - y1 * scale) - 1),
        (0, 0, int(x0 * scale) - 1, height),
        (int(x1 * scale) + 2, 0, image.width, height),
    ]
    for box in margins:
        assert image.crop(box).getextrema()[0] > 240, f"ink in the margin {box}"


def test_the_small_numbers_variant_says_the_tens_card_is_ace_to_nine():
    from printing.kits.numbers.rules import RULES

    for language, words in (("en", "the tens as the hundreds otherwise, so Ace–9"),
                            ("de", "Zehner wie sonst die Hunderter, also Ass–9")):  # fmt: skip
        variants = dict(RULES[language][1])["Variants" if language == "en" else "Varianten"]
        assert words in variants
