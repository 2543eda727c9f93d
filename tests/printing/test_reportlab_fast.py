"""The shortcuts through reportlab's private attributes (``printing.core.reportlab_fast``)
print the same deck as reportlab's public path: the same text on every page, the same pixels."""

from __future__ import annotations

import dataclasses
import io

import pypdf
import pypdfium2
import pytest

from printing.core import reportlab_fast
from printing.core.deck import DeckInfo
from printing.core.round_imposition import RoundSpec
from printing.kits.match.kit import job_for as match_job
from printing.requests import PrintOptions, render_pdf
from tests.printing.cast import HEPPENHEIM, LUDWIGSHAFEN, SAO_PAULO

# Latin, a combining mark, right-to-left shaping and a CJK name in the emboldened fallback font.
NAMES = ("Ludwigshafen am Rhein", "Nový Bydžov", "القاهرة", "東京", "Heppenheim (Bergstraße)")


def _germany() -> DeckInfo:
    cards = [
        dataclasses.replace(LUDWIGSHAFEN if i % 2 else HEPPENHEIM, number=i + 1, name=name)
        for i, name in enumerate(NAMES)
    ]
    return DeckInfo("Testdeck", "germany", "de", cards)


def _world() -> DeckInfo:
    return DeckInfo("World", "world", "en", [SAO_PAULO])


def _both(make) -> tuple[bytes, bytes]:
    assert reportlab_fast.FAST, "the shortcuts are off: nothing to compare"
    fast = make()
    with reportlab_fast.plain():
        assert not reportlab_fast.FAST
        plain = make()
    assert reportlab_fast.FAST
    return fast, plain


def _texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def _rasters(pdf: bytes) -> list[bytes]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=100 / 72).to_pil().tobytes() for page in document]
    finally:
        document.close()


@pytest.mark.parametrize(
    ("make", "shown"),
    [
        (lambda: render_pdf(_germany(), PrintOptions(what="cards")), "Heppenheim"),
        (lambda: render_pdf(_germany(), PrintOptions(what="tips")), "Norden"),
        (lambda: render_pdf(_world(), PrintOptions(what="cards")), "São Paulo"),
        (lambda: render_pdf(_germany(), PrintOptions(what="score-pad")), "Runde 8"),
    ],
    ids=["germany-cards", "tips", "world-cards", "score-pad"],
)
def test_the_fast_path_prints_the_same_pages_as_reportlabs_own(make, shown):
    fast, plain = _both(make)
    assert shown in " ".join(_texts(fast))
    assert _texts(fast) == _texts(plain)
    assert _rasters(fast) == _rasters(plain)


def test_round_cards_too(db):
    from cards.symbols.making import make_match_deck

    deck = make_match_deck("mini", order=2, symbols="island", name="Mini").as_data()
    spec = RoundSpec(paper="a4", diameter=85, bleed=2, layout="duplex-long", cut_lines=True)
    job = match_job(deck, spec)
    fast, plain = _both(lambda: job.kit.render(job))
    assert _texts(fast) == _texts(plain)
    assert _rasters(fast) == _rasters(plain)
