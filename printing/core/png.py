"""PNGs rasterised from our own PDFs with pdfium: one renderer, two outputs."""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import signal
import zipfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from printing.core.data import CardData
from printing.core.document import Document, expand_quantities
from printing.core.sheets import SheetSpec, face_page

MM_PER_INCH = 25.4


@cache
def srgb_profile() -> bytes:
    """An sRGB ICC profile: pdfium renders in sRGB, and print shops want to be told so."""
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def pixel_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """Print-shop pixel size: poker with 3 mm bleed at 300 dpi is 815 × 1110."""
    return round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)


def rasterise(pdf: bytes, dpi: int = 300, pages: Sequence[int] | None = None) -> Iterator[bytes]:
    """Each (chosen) page of ``pdf`` as PNG bytes, sized to the page's millimetres at ``dpi``."""
    # pdfium is a 5 MB native library: loaded when a PNG is made, not by every PDF print.
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for index in pages if pages is not None else range(len(doc)):
            page = doc[index]
            w_pt, h_pt = page.get_size()
            size = pixel_size(w_pt / 72 * MM_PER_INCH, h_pt / 72 * MM_PER_INCH, dpi)
            # Scale so that both sides reach the print-shop size, then crop the (at most one
            # pixel of) excess from the bleed: exact sizes without resampling.
            scale = max(size[0] / w_pt, size[1] / h_pt)
            bitmap = page.render(scale=scale, may_draw_forms=False, rev_byteorder=True)
            image = bitmap.to_pil()
            if image.size != size:
                image = image.crop((0, 0, *size))
            out = io.BytesIO()
            # Fast deflate: PNG export speed matters more than a few percent of file size.
            image.save(
                out, format="PNG", compress_level=1, dpi=(dpi, dpi), icc_profile=srgb_profile()
            )
            yield out.getvalue()
            page.close()
    finally:
        doc.close()


# Cards drawn per PDF: small enough that memory does not grow with the deck, large enough
# that a PDF's fixed cost is shared.
CHUNK_CARDS = 24


def _faces_of(task: tuple[Sequence[CardData], SheetSpec, int]) -> list[tuple[str, bytes]]:
    """The PNGs of a few cards' faces, named: one small PDF, rasterised."""
    cards, spec, dpi = task
    doc = Document("Spot On faces", compress=False)
    names = doc.add_faces(cards, spec)
    return list(zip(names, rasterise(doc.finish(), dpi), strict=True))


# The work of a pool process, given once when it starts (inherited through the fork, never
# pickled): a task is then only a range of cards, not 24 cards' data sent each time.
_WORK: tuple[Sequence[CardData], SheetSpec, int] | None = None


def _start_worker(cards: Sequence[CardData], spec: SheetSpec, dpi: int) -> None:
    global _WORK
    default_signals()
    _WORK = (cards, spec, dpi)


def _faces_of_range(bounds: tuple[int, int]) -> list[tuple[str, bytes]]:
    assert _WORK is not None, "a pool process started without its work"
    cards, spec, dpi = _WORK
    return _faces_of((cards[bounds[0] : bounds[1]], spec, dpi))


def chunk_cards(cards: int, processes: int) -> int:
    """Cards per PDF: at most ``CHUNK_CARDS`` (memory), and for a pool small enough that each
    process gets four chunks or more, so that none idles at the end while another draws a
    last long chunk."""
    if processes <= 1:
        return CHUNK_CARDS
    return max(1, min(CHUNK_CARDS, -(-cards // (4 * processes))))


def pool_plan(asked: int, cores: int, load: float, cards: int) -> int:
    """How many processes draw ``cards`` cards' faces: ``asked`` (``PNG_PROCESSES``, 0: one
    per core), never more than the cores this process may run on, and only one more than the
    cores the load leaves idle (``load``: the one-minute load average, taken before the pool
    starts, which counts this process too while it works: alone on 2 cores, load 1, a pool
    of 2; beside one other busy process, load 2, this process alone). A pool that cannot get
    a second core costs forks, copies and a coordinating process for nothing: measured on a
    busy 2-core machine, 44 faces/s on a pool of 2 against 53 in one process. 1: drawn in
    this process, no pool."""
    wanted = min(asked or cores, cores)
    idle = int(cores - load + 0.5)  # cores nobody else is using, rounded
    # At least two cards per process: below that the forks cost more than they share.
    return max(1, min(wanted, idle + 1, cards // 2))


def face_count(cards: Sequence[CardData]) -> int:
    return sum(2 if card.has_back else 1 for card in cards)


def faces_zip(
    cards: Sequence[CardData],
    spec: SheetSpec,
    dpi: int = 300,
    out: Any = None,
    progress: Any = None,
    processes: int = 1,
) -> bytes | None:
    """A zip with one PNG per card face (with bleed), named like ``001-front-Berlin.png``.

    Written to ``out`` (a path or a binary file; None: returned as bytes) as the faces are
    drawn, a few cards at a time, so that memory does not grow with the deck. With
    ``processes`` > 1 the faces are drawn by a pool of up to that many processes (forked: they
    share the fonts already loaded; ``pool_plan`` says how many the machine can run), in
    order. ``progress`` (``set_total(n)``, ``advance(n)``) hears
    of every face written; an exception it raises (a cancel) stops the pool."""
    expanded = expand_quantities(cards)
    processes = pool_plan(processes, usable_cores(), load_average(), len(expanded))
    step = chunk_cards(len(expanded), processes)
    bounds = [(i, min(i + step, len(expanded))) for i in range(0, len(expanded), step)]
    if progress is not None:
        progress.set_total(face_count(expanded))
    target = io.BytesIO() if out is None else out
    seen: dict[str, int] = {}
    with contextlib.ExitStack() as stack:
        if processes > 1:
            warm_up()
            pool = pool_executor(
                processes, initializer=_start_worker, initargs=(expanded, spec, dpi)
            )
            # Ended by sentinels, never by signals: a cancel drops the chunks not yet started
            # and waits for the few being drawn.
            stack.callback(pool.shutdown, wait=True, cancel_futures=True)
            results = pool.map(_faces_of_range, bounds)
        else:
            results = (_faces_of((expanded[a:b], spec, dpi)) for a, b in bounds)
        archive = stack.enter_context(zipfile.ZipFile(target, "w", zipfile.ZIP_STORED))
        for faces in results:
            for name, png in faces:
                # Copies of one card (quantity > 1) get a suffix instead of overwriting.
                seen[name] = seen.get(name, 0) + 1
                suffix = f"-{seen[name]}" if seen[name] > 1 else ""
                archive.writestr(f"{name}{suffix}.png", png)
            if progress is not None:
                progress.advance(len(faces))
    return target.getvalue() if out is None else None


def pool_executor(
    processes: int, initializer: Any = None, initargs: tuple = ()
) -> ProcessPoolExecutor:
    """Processes forked from this one (they share the fonts already loaded), with Python's own
    signals: the job worker's SIGTERM handler only asks for a graceful stop, and a pool process
    that inherited it outlived a terminated pool, which then waited for it for ever. The
    executor ends its processes with sentinels and reports one that died instead of waiting.
    ``initializer`` (which must restore the signals too) runs once in each process."""
    return ProcessPoolExecutor(
        processes,
        mp_context=multiprocessing.get_context("fork"),
        initializer=initializer or default_signals,
        initargs=initargs,
    )


def default_signals() -> None:
    for name in ("SIGTERM", "SIGINT", "SIGQUIT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def warm_up() -> None:
    """Load the fonts and pdfium once in this process before it forks its pool: each pool
    process inherits them instead of loading them again."""
    import pypdfium2  # noqa: F401

    from printing.core.fonts import register_fonts

    register_fonts()


def load_average() -> float:
    """The one-minute load average; 0 where the system keeps none (Windows)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def usable_cores() -> int:
    """The cores this process may run on (a container's or taskset's limit, not the host's)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def pool_size(setting: int) -> int:
    """``PNG_PROCESSES``: 0 means one process per core; ``faces_zip`` then takes fewer when
    the machine is busy (``pool_plan``)."""
    return setting or usable_cores()


def face_size_px(spec: SheetSpec, dpi: int = 300) -> tuple[int, int]:
    return pixel_size(*face_page(spec), dpi)


def preview_png(pdf: bytes, dpi: int = 72) -> bytes:
    """The first page of ``pdf`` as a small PNG for the print page."""
    return next(rasterise(pdf, dpi, pages=[0]))
