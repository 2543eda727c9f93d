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
    """The PNGs of a few cards' faces, named: one small PDF, rasterised (in a pool process)."""
    cards, spec, dpi = task
    doc = Document("Spot On faces", compress=False)
    names = doc.add_faces(cards, spec)
    return list(zip(names, rasterise(doc.finish(), dpi), strict=True))


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
    ``processes`` > 1 the faces are drawn by a pool of that many processes (forked: they share
    the fonts already loaded), in order. ``progress`` (``set_total(n)``, ``advance(n)``) hears
    of every face written; an exception it raises (a cancel) stops the pool."""
    expanded = expand_quantities(cards)
    tasks = [
        (expanded[i : i + CHUNK_CARDS], spec, dpi) for i in range(0, len(expanded), CHUNK_CARDS)
    ]
    if progress is not None:
        progress.set_total(face_count(expanded))
    target = io.BytesIO() if out is None else out
    seen: dict[str, int] = {}
    with contextlib.ExitStack() as stack:
        if processes > 1 and len(tasks) > 1:
            pool = pool_executor(min(processes, len(tasks)))
            # Ended by sentinels, never by signals: a cancel drops the chunks not yet started
            # and waits for the few being drawn.
            stack.callback(pool.shutdown, wait=True, cancel_futures=True)
            results = pool.map(_faces_of, tasks)
        else:
            results = map(_faces_of, tasks)
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


def pool_executor(processes: int) -> ProcessPoolExecutor:
    """Processes forked from this one (they share the fonts already loaded), with Python's own
    signals: the job worker's SIGTERM handler only asks for a graceful stop, and a pool process
    that inherited it outlived a terminated pool, which then waited for it for ever. The
    executor ends its processes with sentinels and reports one that died instead of waiting."""
    return ProcessPoolExecutor(
        processes, mp_context=multiprocessing.get_context("fork"), initializer=default_signals
    )


def default_signals() -> None:
    for name in ("SIGTERM", "SIGINT", "SIGQUIT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def pool_size(setting: int) -> int:
    """``PNG_PROCESSES``: 0 means one process per core."""
    return setting or os.cpu_count() or 1


def face_size_px(spec: SheetSpec, dpi: int = 300) -> tuple[int, int]:
    return pixel_size(*face_page(spec), dpi)


def preview_png(pdf: bytes, dpi: int = 72) -> bytes:
    """The first page of ``pdf`` as a small PNG for the print page."""
    return next(rasterise(pdf, dpi, pages=[0]))
