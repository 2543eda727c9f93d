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

from printing.core import png
from printing.core.data import CardData
from printing.core.document import Document
from printing.core.png import (
    chunk_cards,
    face_size_px,
    faces_zip,
    pixel_size,
    pool_executor,
    pool_plan,
    rasterise,
)
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
def graceful_sigterm(monkeypatch):
    """SIGTERM handled as the job worker handles it: a request to stop later, not an exit; on
    an idle 2-core machine, so that a pool is started whatever else the machine is doing."""
    monkeypatch.setattr(png, "usable_cores", lambda: 2)
    monkeypatch.setattr(png.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
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
    # One chunk of 15 cards, both sides: 120 cards in chunks of four per process.
    assert progress.faces == 30 and progress.total == 240


def test_a_pool_draws_the_faces_in_order_under_a_job_worker(graceful_sigterm):
    cards = [LUDWIGSHAFEN.__class__(**{**LUDWIGSHAFEN.__dict__, "quantity": 30})]
    alone = zipfile.ZipFile(io.BytesIO(faces_zip(cards, SheetSpec(), dpi=20))).namelist()
    pooled = faces_zip(cards, SheetSpec(), dpi=20, processes=2)
    assert zipfile.ZipFile(io.BytesIO(pooled)).namelist() == alone
    assert len(alone) == 60


def test_the_pool_takes_a_process_per_core_on_an_idle_machine():
    assert pool_plan(0, cores=2, load=0.1, cards=689) == 2
    assert pool_plan(0, cores=8, load=0.0, cards=689) == 8
    assert pool_plan(2, cores=8, load=0.0, cards=689) == 2  # PNG_PROCESSES caps it


def test_the_pool_takes_only_the_cores_other_work_leaves_idle():
    assert pool_plan(0, cores=2, load=1.0, cards=689) == 2  # one idle core and our own
    assert pool_plan(0, cores=8, load=5.2, cards=689) == 4
    # Both cores busy with other work: a pool would only add forks and copies.
    assert pool_plan(0, cores=2, load=2.0, cards=689) == 1
    assert pool_plan(0, cores=2, load=6.5, cards=689) == 1


def test_the_pool_never_exceeds_the_cores_this_process_may_use_nor_a_small_deck():
    assert pool_plan(16, cores=2, load=0.0, cards=689) == 2
    assert pool_plan(0, cores=1, load=0.0, cards=689) == 1
    assert pool_plan(0, cores=4, load=0.0, cards=5) == 2
    assert pool_plan(0, cores=2, load=0.0, cards=3) == 1
    assert pool_plan(1, cores=2, load=0.0, cards=689) == 1


def test_chunks_give_every_pool_process_several_and_stay_small_for_memory():
    assert chunk_cards(689, 1) == 24
    assert chunk_cards(689, 2) == 24
    assert chunk_cards(40, 2) == 5  # 8 chunks: four for each process
    assert chunk_cards(3, 2) == 1
