"""Every kit that prints cards, in every combination a print shop or a teacher may ask for:
kit × preset × layout × card size × bleed × paper. Each PDF opens, has the pages its sheets
need and embeds every font it uses."""

from __future__ import annotations

import io
import math
import zipfile

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cards.symbols.decks import deck_from_symbols, island_symbols
from printing import kits as deck_kits
from printing.core.data import CardData, edition_mark
from printing.core.deck import DeckInfo
from printing.core.presets import PRESETS
from printing.core.round_imposition import RoundSpec, impose_round
from printing.core.sheets import CARD_SIZES, LAYOUTS, PAPERS, SheetSpec, plan_grid
from printing.kits.match import kit as match
from printing.kits.numbers import kit as numbers
from tests.printing.cast import SAO_PAULO
from tests.printing.textlayer import fonts_of

# Print shops' bleeds (1/8 in, 0.12 in), a home printer's, none, and the largest allowed.
BLEEDS = (0.0, 3.0, 3.048, 3.175, 6.0)


def germany_deck(count: int = 5) -> DeckInfo:
    cards = [
        CardData(
            "germany",
            i,
            f"Ort {i}",
            state="Hessen",
            description="Kreisstadt.",
            population=1000 * i,
            ns=100 + i,
            we=20 + i,
            edition_mark=edition_mark("germany", "de", "Test", i),
        )
        for i in range(1, count + 1)
    ]
    return DeckInfo("Test", "germany", "de", cards)


def world_deck() -> DeckInfo:
    return DeckInfo("Welt", "world", "de", [SAO_PAULO] * 3)


def other_deck() -> DeckInfo:
    deck = germany_deck(4)
    return DeckInfo("Andere", "other", "de", deck.cards)


KITS = {
    "germany": (deck_kits.GERMANY, germany_deck, "cards"),
    "world": (deck_kits.WORLD, world_deck, "cards"),
    "cards": (deck_kits.CARDS_ONLY, other_deck, "cards"),
    "numbers": (numbers.KIT, None, "deck"),
}


def expected_pages(cards: list[CardData], spec: SheetSpec) -> int:
    sheets = math.ceil(len(cards) / plan_grid(spec).per_page)
    backs = spec.duplex and any(c.has_back for c in cards)
    return sheets * (2 if backs else 1)


def expected_pages_of(source: DeckInfo | None, job) -> int:
    o = job.options
    spec = SheetSpec(o["paper"], o["card_size"], o["layout"], o["bleed"])
    return expected_pages(source.cards if source else numbers.deck(), spec)


def assert_sound(pdf: bytes, pages: int) -> None:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == pages
    fonts = fonts_of(reader)
    assert fonts, "no text drawn"
    assert all(fonts.values()), f"not embedded: {[f for f, e in fonts.items() if not e]}"


# What each distinct print was found to be ("" sound, else why not), by kit and the options it
# was printed with: the grid, the presets and the samples ask for many of the same prints
# (a preset is a card size and bleed of the grid), and each is rendered and checked once.
_verdicts: dict[tuple[str, str], str] = {}


def verdict(kit_name: str, given: dict) -> str:
    """Whether the kit prints soundly with ``given``: "" if so, else what is wrong."""
    kit, make, part = KITS[kit_name]
    source = make() if make else None
    job = kit.clean({"what": part, **given}, source=source)
    # A preset only sets card size, bleed and resolution (the options beside it here).
    printed = {name: value for name, value in job.options.items() if name != "preset"}
    key = (kit_name, repr(sorted(printed.items())))
    if key not in _verdicts:
        try:
            assert_sound(kit.render(job), expected_pages_of(source, job))
            _verdicts[key] = ""
        except Exception as exc:
            _verdicts[key] = repr(exc)
    return _verdicts[key]


@pytest.mark.parametrize("kit_name", sorted(KITS))
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_it_prints_every_preset_of_every_card_kit_as_pdf(kit_name, preset):
    assert verdict(kit_name, {"preset": preset}) == ""


@pytest.mark.parametrize("card_size", sorted(CARD_SIZES))
@pytest.mark.parametrize("bleed", BLEEDS)
def test_it_prints_every_card_size_with_every_bleed(card_size, bleed):
    assert verdict("germany", {"card_size": card_size, "bleed": bleed}) == ""


@settings(max_examples=30)
@given(
    kit_name=st.sampled_from(sorted(KITS)),
    layout=st.sampled_from(LAYOUTS),
    card_size=st.sampled_from(sorted(CARD_SIZES)),
    bleed=st.sampled_from(BLEEDS) | st.floats(0, 6, allow_nan=False).map(lambda b: round(b, 3)),
    paper=st.sampled_from(("a4", "letter")),
    crop_marks=st.booleans(),
)
def test_it_prints_any_combination(kit_name, layout, card_size, bleed, paper, crop_marks):
    given_options = {
        "layout": layout,
        "card_size": card_size,
        "bleed": bleed,
        "paper": paper,
        "crop_marks": crop_marks,
    }
    assert verdict(kit_name, given_options) == ""


@settings(max_examples=12)
@given(
    layout=st.sampled_from(match.ROUND_LAYOUTS),
    bleed=st.sampled_from(BLEEDS),
    paper=st.sampled_from(sorted(PAPERS)),
)
def test_it_prints_round_cards_with_any_bleed(layout, bleed, paper):
    deck = deck_from_symbols("Insel", 3, island_symbols(), seed=11, credit="Icons")
    spec = RoundSpec(paper=paper, bleed=bleed, layout=layout)
    pdf = match.KIT.render(match.job_for(deck, spec, "cards"))
    assert_sound(pdf, len(impose_round([True] * len(deck.cards), spec)))


def _whole_grid(kit_name: str, layout: str) -> list[str]:
    """Every card size × bleed × paper of one kit and layout (each fits both papers): the
    combinations that failed, with why, so that one run lists them all."""
    faults = []
    for card_size in sorted(CARD_SIZES):
        for bleed in BLEEDS:
            for paper in ("a4", "letter"):
                given_options = {"layout": layout, "card_size": card_size, "bleed": bleed}
                found = verdict(kit_name, {**given_options, "paper": paper})
                if found:
                    faults.append(f"{card_size} {bleed} {paper}: {found}")
    return faults


@pytest.mark.exhaustive
@pytest.mark.parametrize("kit_name", sorted(KITS))
@pytest.mark.parametrize("layout", LAYOUTS)
def test_it_prints_every_card_size_bleed_and_paper_in_every_kit_and_layout(kit_name, layout):
    """The whole grid (the US inch sizes and the 3.175 mm bleed included), not a sample."""
    assert _whole_grid(kit_name, layout) == []


@pytest.mark.parametrize("kit_name", sorted(KITS))
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("layout", LAYOUTS)
def test_it_prints_every_preset_on_both_papers_in_every_layout(kit_name, preset, paper, layout):
    assert verdict(kit_name, {"preset": preset, "paper": paper, "layout": layout}) == ""


def presets_beyond_the_first() -> list:
    """Every preset; all but the first marked exhaustive (the first one of each kit always runs)."""
    first, *rest = sorted(PRESETS)
    return [first, *(pytest.param(p, marks=pytest.mark.exhaustive) for p in rest)]


@pytest.mark.parametrize("kit_name", sorted(KITS))
@pytest.mark.parametrize("preset", presets_beyond_the_first())
def test_it_writes_every_preset_of_every_card_kit_as_pngs_of_the_shops_size(kit_name, preset):
    kit, make, part = KITS[kit_name]
    source = make() if make else None
    job = kit.clean({"what": part, "preset": preset}, source=source)
    archive = zipfile.ZipFile(io.BytesIO(kit.render_faces(job)))
    cards = source.cards if source else numbers.deck()
    names = archive.namelist()
    assert len(names) == sum(2 if c.has_back else 1 for c in cards)
    for name in names:
        with Image.open(archive.open(name)) as image:
            assert image.size == PRESETS[preset].pixels, name
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # pixels per metre
