"""Printed match decks: round-card sheets, PDF pages and texts, PNG faces, and render_deck."""

from __future__ import annotations

import io
import math
import re
import zipfile
from itertools import combinations

import pypdf
import pytest
from django.core.management import CommandError, call_command
from PIL import Image

from cards.symbols.decks import SymbolData, deck_from_symbols, island_symbols
from cards.symbols.making import make_match_deck
from printing.core.deck import PrintError
from printing.core.round_imposition import RoundSpec, centres, impose_round
from printing.core.sheets import PAPERS, SheetError
from printing.kits.match.kit import render_match_pdf, render_match_png_zip

A4_PT = (210 / 25.4 * 72, 297 / 25.4 * 72)
LETTER_PT = (8.5 * 72, 11 * 72)
CREDIT = "Game Icons by Lorc, Delapouite and contributors (game-icons.net) · CC BY 3.0"


@pytest.fixture(scope="module")
def island():
    return deck_from_symbols("Insel", 8, island_symbols(), seed=11, credit=CREDIT)


def read(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


@pytest.mark.parametrize(("paper", "count"), [("a4", 6), ("letter", 5)])
def test_it_fits_85_mm_cards_on_a4_and_letter_without_touching(paper, count):
    spec = RoundSpec(paper=paper)
    spots = centres(spec)
    assert len(spots) == count
    w, h = PAPERS[paper]
    reach = spec.diameter / 2 + spec.bleed
    for x, y in spots:
        assert spec.margin <= x - reach and x + reach <= w - spec.margin
        assert spec.margin <= y - reach and y + reach <= h - spec.margin
    for (x1, y1), (x2, y2) in combinations(spots, 2):
        assert math.hypot(x1 - x2, y1 - y2) >= 2 * reach


def test_duplex_backs_lie_behind_their_fronts():
    spec = RoundSpec(layout="duplex-long")
    front, back = impose_round([True] * 6, spec)
    w = PAPERS["a4"][0]
    for f, b in zip(front.slots, back.slots, strict=True):
        assert (b.card, b.cx, b.cy) == (f.card, w - f.cx, f.cy)
    short_back = impose_round([True] * 6, RoundSpec(layout="duplex-short"))[1]
    assert {s.rotate for s in short_back.slots} == {180}
    assert len(impose_round([True] * 6, RoundSpec(layout="fronts"))) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"diameter": 300}, "between 40 and 180"),
        ({"layout": "fold"}, "round cards print as"),
        ({"bleed": 9}, "bleed must be between"),
        ({"paper": "a5"}, "unknown paper"),
    ],
)
def test_it_refuses_options_that_cannot_print(options, message):
    with pytest.raises(SheetError, match=message):
        RoundSpec(**options)


def test_it_prints_the_island_deck_on_a4_with_fronts_backs_and_score_dials(island):
    reader = read(render_match_pdf(island, RoundSpec()))
    assert len(reader.pages) == 2 * math.ceil(76 / 6)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(A4_PT[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(A4_PT[1], abs=0.01)
    text = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert "Insel" in text[1] and "Game Icons" in text[0]
    assert all("Game Icons" in t for t in text[0::2])  # every front sheet credits the icons
    last_front, last_back = text[-2], text[-1]
    for team in ("Blau", "Orange", "Rot"):
        assert team in last_front and team in last_back
    assert all(str(n) in last_front for n in range(6))
    assert all(str(n) in last_back for n in range(6, 11))
    assert "Hafen" in last_back


def test_it_prints_on_letter_in_english(island):
    english = deck_from_symbols("Island", 8, island_symbols(), seed=11, language="en")
    reader = read(render_match_pdf(english, RoundSpec(paper="letter", diameter=80)))
    assert float(reader.pages[0].mediabox.width) == pytest.approx(LETTER_PT[0], abs=0.01)
    backs = " ".join(p.extract_text() for p in reader.pages[1::2])
    assert "Island" in backs and "Port" in backs and "Score" in backs and "Blue" in backs


def _without_dates(pdf: bytes) -> bytes:
    # Each file says when it was made (and its /ID follows from that); the rest must match.
    return re.sub(rb"/(CreationDate|ModDate) \(D:[^)]*\)|/ID \[<[0-9a-f]*><[0-9a-f]*>\]", b"", pdf)


def test_a_reprint_is_the_same_pdf(island):
    first, second = render_match_pdf(island, RoundSpec()), render_match_pdf(island, RoundSpec())
    assert _without_dates(first) == _without_dates(second)


def test_it_prints_a_57_card_place_name_deck_with_every_name():
    names = [f"Stadt{chr(65 + i % 26)}{i}" for i in range(57)]  # one word: one line
    deck = deck_from_symbols("Orte", 7, tuple(SymbolData(0, n, "") for n in names))
    reader = read(render_match_pdf(deck, RoundSpec(layout="fronts")))
    assert len(reader.pages) == math.ceil(57 / 6)
    text = " ".join(p.extract_text() for p in reader.pages)
    assert all(name in text for name in names)


def test_it_names_a_label_no_font_can_draw():
    names = ["Linear B \U00010000"] + [f"Ort {i}" for i in range(6)]  # no shipped font has it
    deck = deck_from_symbols("Emoji", 2, tuple(SymbolData(0, n, "") for n in names))
    with pytest.raises(
        PrintError,
        match=r"^„Linear B .“ \(Karte \d+\) lässt sich nicht drucken: keine Schrift hat '.' "
        r"\(U\+10000",
    ):
        render_match_pdf(deck, RoundSpec())


def test_it_makes_one_square_png_per_face_for_print_shops(island):
    small = deck_from_symbols("Insel", 8, island_symbols(), seed=11, cards=3)
    data = render_match_png_zip(small, RoundSpec(diameter=85, bleed=3), dpi=100)
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = archive.namelist()
    assert names == [f"{n:04d}-{side}-symbol.png" for n in (1, 2, 3) for side in ("front", "back")]
    image = Image.open(io.BytesIO(archive.read(names[0])))
    assert image.size == (round(91 / 25.4 * 100),) * 2


@pytest.mark.django_db
def test_render_deck_prints_a_match_deck(tmp_path):
    make_match_deck("insel", order=8, symbols="island")
    out = tmp_path / "insel.pdf"
    call_command("render_deck", "insel", "--out", str(out), "--paper", "letter", "--diameter", "90")
    reader = read(out.read_bytes())
    assert len(reader.pages) > 2 and "Game Icons" in reader.pages[0].extract_text()
    with pytest.raises(CommandError, match="layout 'fold' unknown"):
        call_command("render_deck", "insel", "--out", str(out), "--layout", "fold")
    with pytest.raises(CommandError, match="no part 'map'"):
        call_command("render_deck", "insel", "--out", str(out), "--what", "map")


def test_round_faces_are_element_data_for_the_one_renderer(island):
    from printing.core.layouts import Disc, Symbol, validate_face
    from printing.kits.match import faces as match_faces

    card = next(c for c in island.cards if c.role == "island")
    front = match_faces.front(island, card, 85)
    assert sum(isinstance(el, Symbol) for el in front.elements) == 9
    assert isinstance(front.elements[0], Disc) and front.elements[0].bleed
    for face in (front, match_faces.back(island, card, 85), match_faces.dial(85, range(6))):
        assert validate_face(face) == []


@pytest.mark.parametrize(
    ("language", "phrases", "wrong"),
    [("en", ("the team with most points wins", "Uneven teams", "shuffles its 16 team cards"),
      "First team to 10 points wins"),
     ("de", ("das Team mit den meisten Punkten", "Ungleiche Teams", "mischt es seine 16"),
      "Wer zuerst 10 Punkte hat, gewinnt")],
)  # fmt: skip
def test_the_rules_sheet_gives_the_win_to_the_most_points_and_the_whole_rule_book(
    language, phrases, wrong
):
    from printing.kits.match.rules import RULES

    text = " ".join(body for _, body in RULES[language][1])
    assert wrong not in text
    for phrase in phrases:
        assert phrase in text, phrase
