"""PNGs from the PDF: print-shop sizes, file names, and golden images by raster diff."""

from __future__ import annotations

import io
import os
import signal
import zipfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from printing.core.data import CardData
from printing.core.document import Document
from printing.core.png import face_size_px, faces_zip, pixel_size, pool_executor, rasterise
from printing.core.sheets import SheetSpec
from tests.printing.cast import HEPPENHEIM, LUDWIGSHAFEN, SAO_PAULO

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_DPI = 100
# Anti-aliasing and sub-pixel placement differ a little between pdfium builds; a changed design
# differs a lot. Images are compared at a quarter of their size, which absorbs sub-pixel shifts.
MAX_MEAN_DIFF = 2.0  # grey levels, averaged over the image
MAX_CHANGED = 0.01  # share of pixels differing by more than 64 grey levels


def _diff(a: Image.Image, b: Image.Image) -> np.ndarray:
    small_a, small_b = (np.asarray(i.reduce(4), dtype=np.int16) for i in (a, b))
    return np.abs(small_a - small_b)


def test_it_sizes_faces_to_print_shop_specs():
    assert pixel_size(69, 94, 300) == (815, 1110)
    assert face_size_px(SheetSpec(card_size="poker", bleed=3)) == (815, 1110)
    assert face_size_px(SheetSpec(card_size="skat", bleed=3)) == (768, 1146)


def test_it_zips_one_png_per_face_named_by_number_and_place():
    spec = SheetSpec(card_size="poker", bleed=3)
    archive = zipfile.ZipFile(io.BytesIO(faces_zip([LUDWIGSHAFEN, HEPPENHEIM], spec, dpi=300)))
    names = archive.namelist()
    assert names == [
        "0001-front-Ludwigshafen_am_Rhein.png",
        "0001-back-Ludwigshafen_am_Rhein.png",
        "0002-front-Heppenheim_Bergstraße.png",
        "0002-back-Heppenheim_Bergstraße.png",
    ]
    for name in names:
        image = Image.open(io.BytesIO(archive.read(name)))
        assert image.size == (815, 1110)


def test_it_numbers_copies_of_a_card_apart():
    card = LUDWIGSHAFEN.__class__(**{**LUDWIGSHAFEN.__dict__, "quantity": 2})
    names = zipfile.ZipFile(io.BytesIO(faces_zip([card], SheetSpec(), dpi=72))).namelist()
    assert "0001-front-Ludwigshafen_am_Rhein-2.png" in names


def _faces(card) -> Image.Image:
    """Front and back of ``card`` (Skat, 3 mm bleed) side by side."""
    doc = Document()
    doc.add_faces([card], SheetSpec(card_size="skat", bleed=3))
    front, back = (
        Image.open(io.BytesIO(p)).convert("RGB") for p in rasterise(doc.finish(), GOLDEN_DPI)
    )
    both = Image.new("RGB", (front.width * 2, front.height), "white")
    both.paste(front, (0, 0))
    both.paste(back, (front.width, 0))
    return both


@pytest.mark.parametrize(
    ("card", "name"), [(LUDWIGSHAFEN, "germany-card"), (SAO_PAULO, "world-card")]
)
def test_it_matches_the_golden_image(card, name):
    path = GOLDEN / f"{name}.png"
    actual = _faces(card)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        actual.save(path, optimize=True)
    expected = Image.open(path).convert("RGB")
    assert actual.size == expected.size
    diff = _diff(actual, expected)
    assert diff.mean() <= MAX_MEAN_DIFF
    assert (diff.max(axis=2) > 64).mean() <= MAX_CHANGED


def test_it_notices_a_changed_design():
    germany, world = _faces(LUDWIGSHAFEN), Image.open(GOLDEN / "world-card.png").convert("RGB")
    assert _diff(germany, world).mean() > MAX_MEAN_DIFF


def test_png_names_sort_in_card_order_past_999_cards():
    stems = [CardData("germany", n, "Ort").file_stem.format(side="front") for n in (9, 999, 1000)]
    assert stems == sorted(stems)


def _child_sigterm(_task) -> bool:
    return signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


@pytest.fixture
def graceful_sigterm():
    """SIGTERM handled as the job worker handles it: a request to stop later, not an exit."""
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    yield
    signal.signal(signal.SIGTERM, previous)


def test_the_pool_processes_of_a_job_worker_take_python_s_own_signals(graceful_sigterm):
    # Forked with the worker's handler, a pool process ignored a terminate and the job waited
    # on it for ever.
    with pool_executor(2) as pool:
        assert all(pool.map(_child_sigterm, range(4)))


class _Cancel(Exception):
    pass


class _CancelAfterFirstChunk:
    def __init__(self):
        self.faces = 0

    def set_total(self, total):
        self.total = total

    def advance(self, faces):
        self.faces += faces
        raise _Cancel


def test_a_cancel_from_the_progress_ends_the_pool_and_the_zip(graceful_sigterm):
    cards = [LUDWIGSHAFEN.__class__(**{**LUDWIGSHAFEN.__dict__, "quantity": 120})]
    progress = _CancelAfterFirstChunk()
    with pytest.raises(_Cancel):
        faces_zip(cards, SheetSpec(), dpi=20, processes=2, progress=progress, out=io.BytesIO())
    assert progress.faces == 48 and progress.total == 240  # one chunk of 24 cards, both sides


def test_a_pool_draws_the_faces_in_order_under_a_job_worker(graceful_sigterm):
    cards = [LUDWIGSHAFEN.__class__(**{**LUDWIGSHAFEN.__dict__, "quantity": 30})]
    alone = zipfile.ZipFile(io.BytesIO(faces_zip(cards, SheetSpec(), dpi=20))).namelist()
    pooled = faces_zip(cards, SheetSpec(), dpi=20, processes=2)
    assert zipfile.ZipFile(io.BytesIO(pooled)).namelist() == alone
    assert len(alone) == 60
