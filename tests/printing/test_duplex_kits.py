"""A kit printed whole asks for duplex when its cards have backs; then no single-sided part
(a board, a pad, the pieces, a rules sheet) backs another part: each of its pages starts on
a front and has a blank back."""

from __future__ import annotations

import io

import pypdf
import pytest
from pypdf.generic import ContentStream

from cards.symbols.decks import deck_from_symbols, island_symbols
from printing.core.deck import DeckInfo
from printing.core.round_imposition import RoundSpec
from printing.kits import GERMANY, WORLD
from printing.kits.dice import kit as dice
from printing.kits.match import kit as match
from printing.kits.numbers import kit as numbers
from tests.printing.cast import HEPPENHEIM, LUDWIGSHAFEN, SAO_PAULO


def part_pages(reader: pypdf.PdfReader) -> dict[str, range]:
    """Each bookmarked part's pages (0-based), up to the next part's first page."""
    starts = [(reader.get_destination_page_number(o), o.title) for o in reader.outline]
    ends = [s for s, _ in starts[1:]] + [len(reader.pages)]
    return {title: range(start, end) for (start, title), end in zip(starts, ends, strict=True)}


def is_blank(page: pypdf.PageObject) -> bool:
    """Nothing drawn: no operator but reportlab's initial (identity) matrix."""
    contents = page.get("/Contents")
    if contents is None:
        return True
    stream = ContentStream(contents.get_object(), page.pdf)
    return {operator for _, operator in stream.operations} <= {b"cm"}


def germany_kit(layout: str) -> bytes:
    deck = DeckInfo("Test", "germany", "en", [LUDWIGSHAFEN, HEPPENHEIM],
                    [("Ludwigshafen am Rhein", 49.48, 8.44)])  # fmt: skip
    return GERMANY.render(GERMANY.clean({"what": "kit", "layout": layout}, source=deck))


def world_kit(layout: str) -> bytes:
    deck = DeckInfo("Welt", "world", "en", [SAO_PAULO] * 3)
    return WORLD.render(WORLD.clean({"what": "kit", "layout": layout}, source=deck))


def numbers_kit(layout: str) -> bytes:
    return numbers.KIT.render(numbers.KIT.clean({"what": "kit", "layout": layout}))


def match_kit(layout: str) -> bytes:
    deck = deck_from_symbols("Insel", 2, island_symbols(), seed=1, credit="Icons")
    return match.KIT.render(match.job_for(deck, RoundSpec(layout=layout), "kit"))


KITS = {
    "germany": (germany_kit, GERMANY),
    "world": (world_kit, WORLD),
    "numbers": (numbers_kit, numbers.KIT),
    "match": (match_kit, match.KIT),
}


@pytest.mark.parametrize("name", sorted(KITS))
@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
def test_no_single_sided_part_backs_another_in_a_duplex_kit(name, layout):
    make, kit = KITS[name]
    reader = pypdf.PdfReader(io.BytesIO(make(layout)))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"].startswith("/DuplexFlip")
    single = {p.slug for p in kit.parts if not p.duplex}
    assert single
    parts = part_pages(reader)
    for slug, pages in zip((p.slug for p in kit.parts), parts.values(), strict=True):
        assert pages.start % 2 == 0, f"{slug} starts on a back"
        if slug not in single:
            continue
        fronts, backs = pages[::2], pages[1::2]
        assert len(fronts) == len(backs), slug
        assert all(not is_blank(reader.pages[i]) for i in fronts), slug
        assert all(is_blank(reader.pages[i]) for i in backs), f"{slug} prints on a back"


@pytest.mark.parametrize("name", sorted(KITS))
def test_a_one_sided_kit_has_no_blank_pages(name):
    make, _ = KITS[name]
    reader = pypdf.PdfReader(io.BytesIO(make("fronts")))
    assert not any(is_blank(page) for page in reader.pages)


def test_the_dice_kit_prints_one_sided_without_blanks():
    reader = pypdf.PdfReader(io.BytesIO(dice.KIT.render(dice.KIT.clean({"what": "kit"}))))
    assert reader.trailer["/Root"]["/ViewerPreferences"].get("/Duplex") in (None, "/Simplex")
    assert not any(is_blank(page) for page in reader.pages)
