"""A grid-edition deck (Austria) prints like Germany: its cards with the edition's numbers, its
map with the edition's grid, tips, score pad and rules, all under the edition's name."""

from __future__ import annotations

import io
import re
from collections import Counter

import numpy as np
import pypdf
import pypdfium2 as pdfium
import pytest
from django.core.management import CommandError, call_command

from cards.grids.decks import deck_for, edition_for_country, fill_deck
from geo import mapdraw as md
from geo.grid_editions import suggest_for
from geo.grid_frame import MapEdition
from geo.labels import text_box
from printing import kits
from printing.core import pagedraw
from printing.core.deck import DeckInfo
from printing.core.deck_source import deck_info
from printing.core.document import Document
from printing.core.sheets import MIN_MARGIN
from printing.kits.grid import maps as pages

pytestmark = pytest.mark.django_db

GERMANY_WORD = re.compile(r"\bDeutschland\b|\bGermany\b")


@pytest.fixture
def austria():
    deck = deck_for("austria", edition_for_country("AT"), name="Österreich", language="de")
    fill_deck(deck, 20_000)
    return deck


def _kit_pdf(deck, **given) -> bytes:
    kit = kits.for_edition(deck.edition)
    return kit.render(kit.prepare({"what": "kit", **given}, deck))


def _flat(text: str) -> str:
    """Text without line breaks and hyphens: a long name may break between syllables."""
    return re.sub(r"[\s\-\u00ad]", "", text)


def _part_pages(reader: pypdf.PdfReader) -> dict[str, range]:
    starts = [(o.title, reader.get_destination_page_number(o)) for o in reader.outline]
    ends = [p for _, p in starts[1:]] + [len(reader.pages)]
    return {title: range(start, end) for (title, start), end in zip(starts, ends, strict=True)}


def test_an_austria_kit_has_germanys_parts_with_austrias_numbers_and_name(austria):
    edition = austria.grid_edition()
    reader = pypdf.PdfReader(io.BytesIO(_kit_pdf(austria)))
    parts = _part_pages(reader)
    assert list(parts) == [
        "Ortskarten",
        "Tippkarten",
        "Lösungskarte mit Namen und dem Verzeichnis ihrer Nummern",
        "Quizkarte: Raster und Punkte, ohne Namen",
        "Punkteblock",
        "Kurzregeln",
    ]
    text = {t: "\n".join(reader.pages[i].extract_text() for i in r) for t, r in parts.items()}
    everything = "\n".join(text.values())
    assert not GERMANY_WORD.search(everything)  # Deutschlandsberg is an Austrian town
    cards = text["Ortskarten"]
    assert "Spot On: Österreich · 1" in cards and "ÖSTERREICH" in cards
    places = [card.place for card in austria.cards.select_related("place")]
    for place in places:
        assert _flat(place.name) in _flat(cards)
    # The two blobs of each back: north–south, then west–east, as the edition numbers them.
    printed = Counter(re.findall(r"Einwohner\s*\n\s*(\d+)\s*\n\s*(\d+)\s*\n", cards))
    expected = edition.numbers_for(places)
    assert printed == Counter((str(ns), str(we)) for ns, we in expected)
    assert all(0 <= ns <= edition.ns_max and 0 <= we <= edition.we_max for ns, we in expected)
    assert "Spot On: Österreich" in text["Tippkarten"]
    assert "Spot On: Österreich – Punkte" in text["Punkteblock"]
    assert text["Kurzregeln"].startswith("Spot On: Österreich – Kurzregeln")


def test_the_austria_map_pages_show_the_editions_grid_and_outline(austria):
    edition = austria.grid_edition()
    step = edition.map_edition().grid_step
    for what in ("map", "quiz-map"):
        pdf = _kit_pdf(austria, what=what)
        page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
        words = page.extract_text().split()
        assert "Österreich" in words
        key = f"Nord–Süd 0–{edition.ns_max}"
        assert key in page.extract_text() and f"West–Ost 0–{edition.we_max}" in page.extract_text()
        # Every numbered line on both sides of the frame.
        for number in range(0, max(edition.ns_max, edition.we_max) + 1, step):
            want = 4 if number <= min(edition.ns_max, edition.we_max) else 2
            assert words.count(str(number)) >= want, number
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert width > height  # a wide country prints on a landscape page
        if what == "quiz-map":
            assert "Graz" not in words
    answer = pypdf.PdfReader(io.BytesIO(_kit_pdf(austria, what="map")))
    assert "Graz" in answer.pages[0].extract_text()


def _raster(pdf: bytes, index: int = 0) -> np.ndarray:
    page = pdfium.PdfDocument(pdf)[index]
    return np.asarray(page.render(scale=1.0).to_pil().convert("RGB")).astype(int)


def _share(image: np.ndarray, rgb: str, tolerance: int = 12) -> float:
    want = np.array([int(rgb[i : i + 2], 16) for i in (1, 3, 5)])
    return float((np.abs(image - want).max(axis=2) <= tolerance).mean())


def test_the_austria_card_back_and_map_page_rasterise_with_blobs_and_land(austria):
    cards = _kit_pdf(austria, what="cards")
    back = _raster(cards, 1)  # the first sheet's backs
    assert _share(back, "#000000", 40) > 0.03  # the black north–south blobs
    assert _share(back, "#fbf8f1", 6) > 0.5  # the cards' paper
    land = _raster(_kit_pdf(austria, what="quiz-map"))
    assert land.shape[1] > land.shape[0]
    assert _share(land, "#9fc97f") > 0.15  # Austria's own land
    assert _share(land, "#d62728", 30) > 0.0002  # the places' dots
    top, bottom = land[: land.shape[0] // 5], land[-land.shape[0] // 8 :]
    assert _share(top, "#9fc97f") < _share(land, "#9fc97f")  # the title band above the map
    assert _share(bottom, "#9fc97f") == 0  # nothing runs off the page's foot


@pytest.mark.parametrize("country", ["CL", "NO"])
def test_a_tall_country_fits_the_page(country):
    spec = suggest_for(country)
    grid = MapEdition(spec=spec, country=country, name_de=country, name_en=country)
    deck = DeckInfo(country, "grid", "en", [], [], grid)
    pw, ph = 210.0, 297.0
    avail_w, avail_h = pw - 2 * MIN_MARGIN - 4, ph - 2 * MIN_MARGIN - 10
    drawing = pages.grid_drawing(deck, pages.fit_width(deck, avail_w, avail_h), "none")[0]
    assert drawing.width <= avail_w + 0.01 and drawing.height <= avail_h + 0.01
    assert max(drawing.width / avail_w, drawing.height / avail_h) > 0.99  # it fills the page
    # Title, key and notes stay inside the narrow drawing, the key clear of the title.
    texts = [item for item in drawing.items if isinstance(item, md.Text)]
    boxes = {item.text: text_box(item, pagedraw.measure) for item in texts}
    for item in texts:
        x0, _, x1, _ = boxes[item.text]
        assert x0 >= 0 and x1 <= drawing.width, item.text
    title, key = boxes[country], next(b for t, b in boxes.items() if t.startswith("●"))
    assert key[1] >= title[3] or key[0] >= title[2]  # below it or beside it
    doc = Document(country)
    doc.begin_part("map", cut=False)
    pages.add_germany_map(doc, deck, "a4", quiz=True)
    page = pypdf.PdfReader(io.BytesIO(doc.finish())).pages[0]
    assert float(page.mediabox.height) > float(page.mediabox.width)


def test_a_grid_deck_prints_at_its_address_and_from_the_command_line(
    austria, client, teacher, tmp_path
):
    client.force_login(teacher)
    page = client.get("/print/austria/")
    assert page.status_code == 200
    pdf = client.get("/print/austria/deck.pdf", {"what": "quiz-map"})
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    out = tmp_path / "austria.pdf"
    call_command("render_deck", "austria", "--what", "kit", "--out", str(out), stdout=io.StringIO())
    assert "Spot On: Österreich" in pypdf.PdfReader(out).pages[0].extract_text()
    with pytest.raises(CommandError, match=r"no part 'boards'; its parts: kit, cards, tips, map"):
        call_command("render_deck", "austria", "--what", "boards", "--out", str(out))


def test_an_austria_deck_in_english_says_austria():
    edition = edition_for_country("AT")
    deck = deck_for("austria-en", edition, name="Austria", language="en")
    fill_deck(deck, 100_000)
    info = deck_info(deck)
    assert info.grid_name == "Austria"
    assert {c.edition_mark.split(" · ")[0] for c in info.cards} == {"Spot On: Austria"}
    reader = pypdf.PdfReader(io.BytesIO(_kit_pdf(deck)))
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert "AUSTRIA" in text and "Spot On: Austria – rules summary" in text
    assert not GERMANY_WORD.search(text)


def test_an_answer_map_with_room_under_it_holds_its_index_on_the_same_sheet():
    """A wide country's answer map is drawn a little smaller so that its index fits in the
    band under it: one page, and each number on the map is found in the index on that page
    (Austria's 153 towns of 5,000 or more: the index had taken a second page)."""
    austria = deck_for("austria", edition_for_country("AT"), name="Österreich", language="de")
    fill_deck(austria, 5_000)
    kit = kits.for_edition(austria.edition)
    pdf = kit.render(kit.prepare({"what": "map"}, austria))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Register" in text and "Lösungskarte" in text
    info = deck_info(austria)
    # Every place is on that page: by name on the map or in the index (a long name cut short).
    missing = [name for name, *_ in info.dots if _flat(name)[:14] not in _flat(text)]
    assert missing == []
