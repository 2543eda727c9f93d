"""Field validators for places: geometry, images and solution codes."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from cards.geometry_limits import check_geometry_size

SOLUTION_RE = re.compile(r"^(NA|EU|AS|SA|AF|AU)-[WMO]-[NMS]-[ABCD]$")
GEOMETRY_TYPES = {"Polygon", "MultiPolygon", "LineString", "MultiLineString", "Point"}
IMAGE_FORMATS = {"JPEG", "PNG", "WEBP"}
IMAGE_MAX_BYTES = 5 * 1024 * 1024
IMAGE_MAX_PIXELS = 6000


def parse_solutions(text: str) -> list[str]:
    """Split "EU-O-M-C, EU-O-M-D" into codes; raise ValidationError naming a bad one."""
    codes = [part.strip().upper() for part in text.split(",") if part.strip()]
    for code in codes:
        if not SOLUTION_RE.match(code):
            raise ValidationError(
                _("“%(code)s” is not a solution. Write BOARD-COLUMN-ROW-LETTER, e.g. EU-O-M-C."),
                params={"code": code},
                code="invalid_solution",
            )
    return codes


def validate_solutions(text: str) -> None:
    parse_solutions(text)


def validate_geometry(value: Any) -> None:
    from shapely.geometry import shape

    if value in (None, ""):
        return
    if not isinstance(value, dict) or value.get("type") not in GEOMETRY_TYPES:
        raise ValidationError(
            _("Give a GeoJSON geometry of type %(types)s."),
            params={"types": ", ".join(sorted(GEOMETRY_TYPES))},
            code="invalid_geometry",
        )
    check_geometry_size(value)
    try:
        geom = shape(value)
    except Exception as exc:
        raise ValidationError(
            _("The geometry cannot be read: %(error)s"), params={"error": exc}, code="invalid"
        ) from None
    if geom.is_empty:
        raise ValidationError(_("The geometry is empty."), code="invalid_geometry")
    minx, miny, maxx, maxy = geom.bounds
    if not (-180 <= minx <= maxx <= 180 and -90 <= miny <= maxy <= 90):
        raise ValidationError(
            _("Geometry coordinates must be longitude, latitude in degrees."), code="out_of_range"
        )


def validate_image(file: Any) -> None:
    from PIL import Image, UnidentifiedImageError

    if not file:
        return
    if file.size > IMAGE_MAX_BYTES:
        raise ValidationError(
            _("The image is larger than %(mb)d MB."), params={"mb": IMAGE_MAX_BYTES // 2**20}
        )
    try:
        file.seek(0)
        with Image.open(file) as img:
            fmt = img.format
            width, height = img.size
            img.verify()
    except (UnidentifiedImageError, OSError, SyntaxError):
        raise ValidationError(
            _("Upload a JPEG, PNG or WebP image."), code="invalid_image"
        ) from None
    finally:
        file.seek(0)
    if fmt not in IMAGE_FORMATS:
        raise ValidationError(_("Upload a JPEG, PNG or WebP image."), code="invalid_image")
    if max(width, height) > IMAGE_MAX_PIXELS:
        raise ValidationError(
            _("The image is %(w)d×%(h)d pixels; at most %(max)d on a side."),
            params={"w": width, "h": height, "max": IMAGE_MAX_PIXELS},
        )
