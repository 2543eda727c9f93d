"""PDF checks shared by the printing tests: the text layer per font, each font's glyphs, and
which fonts a PDF uses and embeds."""

from __future__ import annotations

import io

import pypdf
from reportlab.pdfbase import pdfmetrics

from printing.core.fonts import register_fonts


def drawn_by_font(pdf: bytes) -> dict[str, str]:
    """Every character the PDF draws, grouped by the PostScript name of the font drawing it
    (read back through each font's ToUnicode map, as a viewer's copy and search do)."""
    out: dict[str, str] = {}

    def visit(text, _cm, _tm, font_dict, _size):
        if font_dict and text.strip():
            base = str(font_dict.get("/BaseFont", "")).lstrip("/").split("+")[-1]
            out[base] = out.get(base, "") + text

    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return out


def glyphs_missing_from_their_font(pdf: bytes) -> dict[str, set[str]]:
    """Characters drawn in a font that has no glyph for them (an empty box in print)."""
    register_fonts()
    faces: dict[str, set[int]] = {}
    for name in pdfmetrics.getRegisteredFontNames():
        face = getattr(pdfmetrics.getFont(name), "face", None)
        if hasattr(face, "charToGlyph"):  # a TrueType font the project ships
            ps_name = face.name.decode() if isinstance(face.name, bytes) else face.name
            faces.setdefault(ps_name, set()).update(face.charToGlyph)
    missing: dict[str, set[str]] = {}
    for base, text in drawn_by_font(pdf).items():
        cmap = faces.get(base)
        assert cmap is not None, f"a font the project does not ship: {base}"
        lacking = {ch for ch in text if not ch.isspace() and ord(ch) not in cmap}
        if lacking:
            missing[base] = lacking
    return missing


def fonts_of(pdf: bytes | pypdf.PdfReader) -> dict[str, bool]:
    """Every font any page, form or nested resource uses, and whether its file is embedded
    (of a PDF's bytes, or of a reader already open on them)."""
    reader = pdf if isinstance(pdf, pypdf.PdfReader) else pypdf.PdfReader(io.BytesIO(pdf))
    found: dict[str, bool] = {}
    seen: set[int] = set()

    def walk(obj) -> None:
        obj = obj.get_object() if hasattr(obj, "get_object") else obj
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, dict):
            if obj.get("/Type") == "/Font":
                descendants = obj.get("/DescendantFonts")
                font = descendants[0].get_object() if descendants else obj
                descriptor = font.get("/FontDescriptor")
                descriptor = descriptor.get_object() if descriptor else {}
                embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                found[str(obj.get("/BaseFont"))] = embedded
            for value in obj.values():
                walk(value)
        elif isinstance(obj, list):
            for value in obj:
                walk(value)

    for page in reader.pages:
        walk(page)
    return found
