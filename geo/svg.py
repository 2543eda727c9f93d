"""Renders a ``geo.mapdraw.MapDrawing`` as an SVG document (for the admin and the browser)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from geo.mapdraw import Circle, Item, Line, MapDrawing, Polygon, Text

FONT = "'DejaVu Sans', 'Noto Sans', Verdana, sans-serif"
CAP = 0.73  # cap height per unit of font size, as the PDF renderer assumes


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _paint(fill: str | None, stroke: str | None, width: float, opacity: float = 1.0) -> str:
    attrs = [f'fill="{fill or "none"}"']
    if stroke:
        attrs.append(f'stroke="{stroke}" stroke-width="{_n(width)}" stroke-linejoin="round"')
    if opacity < 1:
        attrs.append(f'opacity="{_n(opacity)}"')
    return " ".join(attrs)


def _polygon(item: Polygon) -> str:
    d = " ".join(
        "M" + " ".join(f"{_n(x)},{_n(y)}" for x, y in ring) + "Z" for ring in item.rings if ring
    )
    paint = _paint(item.fill, item.stroke, item.stroke_width, item.opacity)
    return f'<path d="{d}" fill-rule="evenodd" {paint}/>'


def _line(item: Line) -> str:
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in item.points)
    extra = ""
    if item.dash:
        extra += f' stroke-dasharray="{" ".join(_n(d) for d in item.dash)}"'
    if item.opacity < 1:
        extra += f' opacity="{_n(item.opacity)}"'
    return (
        f'<polyline points="{points}" fill="none" stroke="{item.stroke}" '
        f'stroke-width="{_n(item.width)}" stroke-linecap="round"{extra}/>'
    )


def _circle(item: Circle) -> str:
    paint = _paint(item.fill, item.stroke, item.stroke_width)
    return f'<circle cx="{_n(item.x)}" cy="{_n(item.y)}" r="{_n(item.r)}" {paint}/>'


def _text(item: Text) -> str:
    size = item.size / CAP
    attrs = (
        f'x="{_n(item.x)}" y="{_n(item.y)}" font-size="{_n(size)}" text-anchor="{item.anchor}" '
        f'fill="{item.fill}"'
    )
    if item.weight == "bold":
        attrs += ' font-weight="bold"'
    if item.halo:
        attrs += (
            f' stroke="{item.halo}" stroke-width="{_n(size * 0.18)}" paint-order="stroke" '
            'stroke-linejoin="round"'
        )
    return f"<text {attrs}>{escape(item.text)}</text>"


def render_svg(drawing: MapDrawing) -> str:
    """A standalone SVG document sized in millimetres."""
    w, h = _n(drawing.width), _n(drawing.height)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
        f'viewBox="0 0 {w} {h}" font-family={quoteattr(FONT)}>',
    ]
    if drawing.title:
        parts.append(f"<title>{escape(drawing.title)}</title>")
    if drawing.background:
        parts.append(f'<rect width="{w}" height="{h}" fill="{drawing.background}"/>')
    parts.extend(render_item(item) for item in drawing.items)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


_RENDER = {Polygon: _polygon, Line: _line, Circle: _circle, Text: _text}


def render_item(item: Item) -> str:
    """One item as the line ``render_svg`` writes for it."""
    return _RENDER[type(item)](item)
