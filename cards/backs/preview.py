"""What a place's card backs will say, from a form's raw values (the admin's live preview)."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError

from cards.models import Place


def _number(raw: Any, name: str, errors: dict[str, str]) -> float | None:
    text = str(raw if raw is not None else "").strip().replace(",", ".")
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        errors[name] = f"{name}: not a number"
        return None


def preview(values: dict[str, Any]) -> tuple[dict, str]:
    """(answer, error): `{"germany": {"ns", "we"} | None, "world": {...} | None}`."""
    errors: dict[str, str] = {}
    lat = _number(values.get("latitude"), "latitude", errors)
    lon = _number(values.get("longitude"), "longitude", errors)
    geometry = values.get("geometry") or None
    if isinstance(geometry, str):
        try:
            geometry = json.loads(geometry) if geometry.strip() else None
        except ValueError:
            errors["geometry"] = "geometry: not JSON"
    place = Place(
        latitude=lat,
        longitude=lon,
        country=str(values.get("country") or "").strip().upper(),
        geometry=geometry,
        stated_latitude=_number(values.get("stated_latitude"), "stated_latitude", errors),
        stated_longitude=_number(values.get("stated_longitude"), "stated_longitude", errors),
        board_override=str(values.get("board_override") or ""),
        solutions_override=str(values.get("solutions_override") or ""),
    )
    if lat is None or lon is None:
        errors.setdefault("latitude", "latitude and longitude are needed")
    if errors:
        return {}, "; ".join(errors.values())
    try:
        place.clean_fields(exclude=["name", "kind", "population", "image"])
        grid = place.germany_grid()
        grids = place.grids()
        world = place.world_location()
    except (ValidationError, ValueError) as error:
        messages = error.messages if isinstance(error, ValidationError) else [str(error)]
        return {}, " ".join(messages)
    return {
        "germany": None if grid is None else {"ns": grid.ns, "we": grid.we},
        "grids": grids,
        "world": None if world is None else {"board": world.board, "solutions": world.solutions},
    }, ""
