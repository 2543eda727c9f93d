"""PNGs rasterised from our own PDFs with pdfium: one renderer, two outputs."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator, Sequence
from functools import cache

from printing.data import CardData
from printing.pdf import Document, expand_quantities
from printing.sheets import SheetSpec, face_page

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


def faces_zip(cards: Sequence[CardData], spec: SheetSpec, dpi: int = 300) -> bytes:
    """A zip with one PNG per card face (with bleed), named like ``001-front-Berlin.png``."""
    doc = Document("Spot On faces", compress=False)
    names = doc.add_faces(expand_quantities(cards), spec)
    pdf = doc.finish()
    out = io.BytesIO()
    seen: dict[str, int] = {}
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, png in zip(names, rasterise(pdf, dpi), strict=True):
            # Copies of one card (quantity > 1) get a suffix instead of overwriting each other.
            seen[name] = seen.get(name, 0) + 1
            suffix = f"-{seen[name]}" if seen[name] > 1 else ""
            archive.writestr(f"{name}{suffix}.png", png)
    return out.getvalue()


def face_size_px(spec: SheetSpec, dpi: int = 300) -> tuple[int, int]:
    return pixel_size(*face_page(spec), dpi)


def preview_png(pdf: bytes, dpi: int = 72) -> bytes:
    """The first page of ``pdf`` as a small PNG for the print page."""
    return next(rasterise(pdf, dpi, pages=[0]))
