"""Printed maps: labels that never overlap, a quiz map without names, an index, posters."""

from __future__ import annotations

import io
import re
from itertools import combinations
from unittest import mock

import pypdf
import pytest

from cards.gazetteer.places import german_places
from geo import mapdraw as md
from geo.board_maps import board_map
from geo.labels import label_box, overlaps
from geo.maps import germany_map_indexed
from printing.core.deck import DeckInfo
from printing.core.pagedraw import measure
from printing.requests import PrintOptions, render_pdf
from tests.printing.cast import HEPPENHEIM, SAO_PAULO


@pytest.fixture(scope="module")
def dense_dots() -> list[tuple]:
    places = german_places(15_000)
    assert len(places) > 600  # as dense as the deck that piled its labels up in the Ruhr
    return [(p.name, p.latitude, p.longitude, p.population) for p in places]


def _labels(drawing: md.MapDrawing) -> list[md.Text]:
    return [i for i in drawing.items if isinstance(i, md.Text) and i.halo]


def test_it_places_map_labels_without_overlap(dense_dots):
    drawing, index = germany_map_indexed(dense_dots, width_mm=190, labels="fit", measure=measure)
    labels = _labels(drawing)
    boxes = [label_box(label, measure) for label in labels]  # a number: its digits
    clashes = [
        (a, b)
        for (a, ba), (b, bb) in combinations(zip(labels, boxes, strict=True), 2)
        if overlaps(ba, bb)
    ]
    assert clashes == []
    names = {label.text for label in labels}
    assert {"Berlin", "Hamburg", "München", "Köln"} <= names  # the biggest first
    numbered = {label.text for label in labels if label.text.isdigit()}
    assert len(names) - len(numbered) + len(index) == len(dense_dots)
    # A number with no room beside its dot is in a detail of its region (tests/geo).
    assert {str(e.number) for e in index if e.shown} == numbered


def test_it_draws_a_quiz_map_with_dots_and_no_names(dense_dots):
    quiz, index = germany_map_indexed(dense_dots[:50], width_mm=190, labels="none")
    texts = {i.text for i in quiz.items if isinstance(i, md.Text)}
    assert not texts & {name for name, *_ in dense_dots[:50]}
    assert _labels(quiz) == [] and index == []
    assert sum(isinstance(i, md.Circle) and i.r < 2 for i in quiz.items) == 50


def test_it_clips_dots_to_the_frame():
    new_york = ("New York", 40.71, -74.0, 8_000_000)
    drawing, _ = germany_map_indexed([new_york], labels="fit")
    assert not [i for i in drawing.items if isinstance(i, md.Circle) and i.r < 2]


def test_it_prints_quiz_and_answer_maps_with_an_index(dense_dots):
    deck = DeckInfo("Deutschland", "germany", "de", [HEPPENHEIM], dense_dots[:120])
    answer = pypdf.PdfReader(io.BytesIO(render_pdf(deck, PrintOptions(what="map"))))
    assert "Lösungskarte" in answer.pages[0].extract_text()
    assert "Register" in answer.pages[1].extract_text()
    quiz = pypdf.PdfReader(io.BytesIO(render_pdf(deck, PrintOptions(what="quiz-map"))))
    assert len(quiz.pages) == 1
    assert "Berlin" not in quiz.pages[0].extract_text()


def test_a_world_decks_poster_is_its_boards_with_its_places():
    deck = DeckInfo("World", "world", "en", [SAO_PAULO], [("São Paulo", -23.55, -46.63, 1)])
    with mock.patch("printing.kits.world.boards.add_boards") as add_boards:
        render_pdf(deck, PrintOptions(what="poster"))
    assert add_boards.call_args.kwargs == {"with_dots": True}
    board = board_map("SA", dots=deck.dots, labels="fit", measure=measure)
    assert "São Paulo" in {i.text for i in board.items if isinstance(i, md.Text)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_it_leaves_no_nearly_blank_poster_tiles(paper):
    deck = DeckInfo("Deutschland", "germany", "de", [HEPPENHEIM], [("Ulm", 48.4, 9.99, 1)])
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(deck, PrintOptions(what="poster", paper=paper))))
    assert len(reader.pages) % 2 == 0 and len(reader.pages) <= 6


@pytest.mark.exhaustive
def test_every_place_of_a_dense_deck_is_found_on_the_answer_maps_sheets(dense_dots):
    """More than 600 towns: each is named on the map or listed in the index; each number the
    map could not show beside its dot is printed in a detail page, between the map and its
    index, which is titled as the answer map's."""
    deck = DeckInfo("Deutschland", "germany", "de", [HEPPENHEIM], dense_dots)
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(deck, PrintOptions(what="map"))))
    texts = [page.extract_text() for page in reader.pages]
    details = [n for n, t in enumerate(texts) if "Ausschnitte der Lösungskarte" in t]
    indexes = [n for n, t in enumerate(texts) if "Register der Lösungskarte" in t]
    assert details and indexes and details[0] > 0 and details[-1] < indexes[0]
    assert re.search(r"Ausschnitte A–[B-Z] und das Register folgen nach dieser Seite", texts[0])
    on_map = set(re.findall(r"\d+", texts[0]))
    in_details = {w for n in details for w in re.findall(r"\d+", texts[n])}
    index_text = "\n".join(texts[n] for n in indexes)
    entries = re.findall(r"^(\d+)\n(.+)\n(\d+/\d+)$", index_text, re.M)  # number, name, ns/we
    assert len(entries) > 100
    missing = [name for number, name, _ in entries if number not in on_map | in_details]
    assert missing == []
    listed = {_flat(name.rstrip("…")) for _, name, _ in entries}
    map_text = _flat(texts[0])
    unfound = [
        name
        for name, *_ in dense_dots
        if _flat(name) not in map_text and not any(_flat(name).startswith(n) for n in listed)
    ]
    assert unfound == []


def _flat(text: str) -> str:
    return re.sub(r"\s", "", text)
