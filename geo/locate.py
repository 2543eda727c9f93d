"""Where a place is, in game terms: the one entry point for admin, API, printing and play."""

from __future__ import annotations

from typing import NamedTuple

from geo.boards import BOARDS, cell_of, point_solutions
from geo.continents import board_for
from geo.grid import GridSpec, germany_grid
from geo.grid_editions import EditionShape
from geo.outlines import country_at, in_germany
from geo.regions import geometry_solutions


class WorldLocation(NamedTuple):
    board: str
    solutions: list[str]


def world_location(
    country: str,
    lat: float,
    lon: float,
    geometry: dict | None = None,
    stated_point: tuple[float, float] | None = None,
    board_override: str = "",
    solutions_override: list[str] | None = None,
) -> WorldLocation | None:
    """Board and solutions of a place; None if its country belongs to no board (Antarctica).

    Editor overrides win: ``solutions_override`` (validated, e.g. ``["EU-O-M-C"]``) replaces the
    computed solutions and, without ``board_override``, sets the board from the first one;
    ``board_override`` alone recomputes the solutions on that board. ``stated_point`` is
    (lat, lon) and only matters with a ``geometry``.
    """
    if board_override and board_override not in BOARDS:
        raise ValueError(f"unknown board {board_override!r}")
    if solutions_override:
        boards = {cell_of(code)[0] for code in solutions_override}
        chosen = board_override or solutions_override[0].split("-")[0]
        if boards != {chosen}:
            raise ValueError("all solutions must be on the place's board")
        return WorldLocation(chosen, list(solutions_override))
    chosen = board_override or board_for(country, lat, lon)
    if chosen is None:
        return None
    if geometry:
        return WorldLocation(chosen, geometry_solutions(chosen, geometry, stated_point))
    return WorldLocation(chosen, point_solutions(chosen, lat, lon))


def grid_location(
    lat: float, lon: float, slug: str, spec: GridSpec, shape: EditionShape
) -> dict | None:
    """``{"edition", "ns", "we"}`` of a point in a grid edition; None outside its outline."""
    if not shape.holds(lat, lon):
        return None
    ns, we = spec.numbers(lat, lon)
    return {"edition": slug, "ns": ns, "we": we}


def locate(lat: float, lon: float) -> dict:
    """The ``/api/locate/`` answer for a point (see DESIGN.md)."""
    germany = None
    if in_germany(lat, lon):
        ns, we = germany_grid(lat, lon)
        germany = {"ns": ns, "we": we}
    world = None
    country = country_at(lat, lon)
    if country is not None:
        location = world_location(country, lat, lon)
        if location is not None:
            world = {"board": location.board, "solutions": location.solutions}
    return {"germany": germany, "world": world}
