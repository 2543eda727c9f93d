"""The six world boards: extents, projection, fields W/M/O × N/M/S, rectangles A–D, solutions.

A board is a lon/lat rectangle drawn in Mercator. Its projected area is cut into a 6 × 6 grid
of small rectangles; two by two they form the 3 × 3 fields. Cell (i, j) counts columns i from
the west and rows j from the north, both 0–5. A solution is written ``EU-O-M-C``.

Points outside their board's extent are clamped to the nearest edge cell (a Pacific island east
of the Australia board lands in its easternmost column); ``geo.continents.board_for`` first
tries to move such points onto a board that does show them. Which board a country is on lives
in ``geo.continents``, the solutions of a region's geometry in ``geo.regions``; both import
this module, never the reverse.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from geo.grid import mercator_lat, mercator_y

COLUMNS = ("W", "M", "O")
ROWS = ("N", "M", "S")
LETTERS = ("A", "B", "C", "D")  # A B over C D
CELLS = 6  # small rectangles per side
NEAR_LINE = 0.015  # fraction of the board's width (height) that counts as "on the line"


@dataclass(frozen=True)
class Board:
    code: str
    name_de: str
    name_en: str
    colour: str
    lon_min: float
    lat_min: float
    lon_max: float
    lat_max: float

    @property
    def y_top(self) -> float:
        return float(mercator_y(self.lat_max))

    @property
    def y_bottom(self) -> float:
        return float(mercator_y(self.lat_min))

    @property
    def aspect(self) -> float:
        """Height over width of the projected board."""
        return (self.y_top - self.y_bottom) / np.radians(self.lon_max - self.lon_min)

    def name(self, language: str) -> str:
        return self.name_de if language == "de" else self.name_en

    def contains(self, lat: float, lon: float) -> bool:
        return self.lon_min <= lon <= self.lon_max and self.lat_min <= lat <= self.lat_max


# DESIGN.md's suggested extents, with two changes so boards keep their places: Africa reaches
# 58° E (Réunion, Mauritius, Seychelles) and Australia 21° N (the whole Philippines, which
# belong to the Sunda Islands override).
BOARDS: dict[str, Board] = {
    b.code: b
    for b in (
        Board("NA", "Nordamerika", "North America", "#e8730c", -170, 5, -50, 75),
        Board("EU", "Europa", "Europe", "#1f5fbf", -25, 34, 60, 72),
        Board("AS", "Asien", "Asia", "#c62828", 25, -1, 150, 70),
        Board("SA", "Südamerika", "South America", "#2e8b3a", -92, -56, -33, 13),
        Board("AF", "Afrika", "Africa", "#c99a06", -26, -36, 58, 38),
        Board("AU", "Australien", "Australia", "#7b3fa0", 92, -48, 180, 21),
    )
}
BOARD_CODES = tuple(BOARDS)

_SORTED_CODES = np.array(sorted(BOARD_CODES))
_PARAMS = np.array(
    [
        [b.lon_min, b.lon_max, b.y_top, b.y_bottom]
        for b in (BOARDS[str(code)] for code in _SORTED_CODES)
    ]
)


def board(code: str) -> Board:
    try:
        return BOARDS[code]
    except KeyError:
        raise ValueError(
            f"unknown board {code!r}; expected one of {', '.join(BOARD_CODES)}"
        ) from None


def cell_code(board_code: str, i: int, j: int) -> str:
    """Solution string of cell (i, j), e.g. ``cell_code("EU", 4, 3) == "EU-O-M-C"``."""
    letter = LETTERS[(j % 2) * 2 + i % 2]
    return f"{board_code}-{COLUMNS[i // 2]}-{ROWS[j // 2]}-{letter}"


def cell_of(code: str) -> tuple[str, int, int]:
    """Inverse of :func:`cell_code`: (board, i, j)."""
    board_code, column, row, letter = code.split("-")
    if (
        board_code not in BOARDS
        or column not in COLUMNS
        or row not in ROWS
        or letter not in LETTERS
    ):
        raise ValueError(f"not a solution: {code!r} (expected e.g. EU-O-M-C)")
    k = LETTERS.index(letter)
    return board_code, COLUMNS.index(column) * 2 + k % 2, ROWS.index(row) * 2 + k // 2


_CELL_CODES = {
    code: [[cell_code(code, i, j) for j in range(CELLS)] for i in range(CELLS)]
    for code in BOARD_CODES
}


def _board_index(board_codes) -> np.ndarray:
    codes = np.asarray(board_codes, dtype=str)
    index = np.searchsorted(_SORTED_CODES, codes).clip(0, len(_SORTED_CODES) - 1)
    if not np.all(_SORTED_CODES[index] == codes):
        bad = sorted(set(codes[_SORTED_CODES[index] != codes].tolist()))
        raise ValueError(f"unknown board(s) {bad}; expected one of {', '.join(BOARD_CODES)}")
    return index


def board_fractions(board_codes, lats, lons, *, wrap: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Position on the projected board, 0–1 from the west (fx) and from the north (fy).

    Not clamped: values outside 0–1 lie off the board. Longitudes are taken modulo 360 to the
    value nearest the board's centre, so boards near the date line see both sides of it
    (maps pass ``wrap=False`` and shift whole polygons instead, so none is torn apart).
    """
    params = _PARAMS[_board_index(board_codes)]
    lon_min, lon_max, y_top, y_bottom = params.T
    lons = np.asarray(lons, dtype=float)
    if wrap:
        centre = (lon_min + lon_max) / 2
        lons = lons + 360.0 * np.round((centre - lons) / 360.0)
    fx = (lons - lon_min) / (lon_max - lon_min)
    fy = (y_top - mercator_y(np.asarray(lats, dtype=float))) / (y_top - y_bottom)
    return fx, fy


def board_point(board_code: str, fx: float, fy: float) -> tuple[float, float]:
    """(lat, lon) at fractions (fx from the west, fy from the north) of a projected board."""
    b = board(board_code)
    lon = b.lon_min + fx * (b.lon_max - b.lon_min)
    lat = float(mercator_lat(b.y_top - fy * (b.y_top - b.y_bottom)))
    return lat, lon


def _cells_1d(fraction: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Primary cell index 0–5 and the neighbour across a nearby line (or -1)."""
    f = np.clip(fraction, 0.0, 1.0)
    primary = np.minimum(np.floor(f * CELLS), CELLS - 1).astype(np.int64)
    line = np.rint(f * CELLS)
    near = (np.abs(f - line / CELLS) <= NEAR_LINE + 1e-12) & (line >= 1) & (line <= CELLS - 1)
    other = np.where(primary == line, line - 1, line).astype(np.int64)
    return primary, np.where(near, other, -1)


def point_cells_array(
    board_codes, lats, lons
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Vectorised core of :func:`point_solutions`: (i, j, other_i, other_j), -1 for none."""
    fx, fy = board_fractions(board_codes, lats, lons)
    i, other_i = _cells_1d(fx)
    j, other_j = _cells_1d(fy)
    return i, j, other_i, other_j


def _solutions(code: str, i: int, j: int, other_i: int, other_j: int) -> list[str]:
    columns = [i] if other_i < 0 else [i, other_i]
    rows = [j] if other_j < 0 else [j, other_j]
    table = _CELL_CODES[code]
    return [table[c][r] for r, c in itertools.product(rows, columns)]


def point_solutions_array(board_codes, lats, lons) -> list[list[str]]:
    """Solutions for many points: the cell of each, plus neighbours within 1.5 % of a line."""
    codes = np.broadcast_to(np.asarray(board_codes, dtype=str), np.shape(lats))
    cells = point_cells_array(codes, lats, lons)
    return [
        _solutions(*row) for row in zip(codes.tolist(), *(a.tolist() for a in cells), strict=True)
    ]


def point_solutions(board: str, lat: float, lon: float) -> list[str]:
    """Solutions of a point (a city's centre): its cell first, then cells across a near line."""
    return point_solutions_array(np.array([board]), np.array([lat]), np.array([lon]))[0]


_COLUMN_WORDS = {
    "de": {"W": "Westen", "M": "Mitte", "O": "Osten"},
    "en": {"W": "west", "M": "middle", "O": "east"},
}
_ROW_WORDS = {
    "de": {"N": "Norden", "M": "Mitte", "S": "Süden"},
    "en": {"N": "north", "M": "middle", "S": "south"},
}


def describe_solution(code: str, language: str = "de") -> str:
    """Spelled-out solution: ``EU-O-M-C`` → "Europa, Osten, Mitte, Feld C"."""
    language = "de" if language.startswith("de") else "en"
    board_code, column, row, letter = code.split("-")
    cell_of(code)  # validates
    rectangle = "Feld" if language == "de" else "rectangle"
    return ", ".join(
        (
            BOARDS[board_code].name(language),
            _COLUMN_WORDS[language][column],
            _ROW_WORDS[language][row],
            f"{rectangle} {letter}",
        )
    )
