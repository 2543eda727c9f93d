"""Extract the island symbols' icons from the Game Icons set into ``island_symbols.json``.

``island_symbols.csv`` is the hand-made choice: each of the 73 symbols of the island edition
(English and German name) and the Game Icons name drawn for it. This script copies each icon's
SVG path data from the Iconify JSON of the npm package ``@iconify-json/game-icons`` (licence
CC BY 3.0, see ``ICONS-LICENCE.md``), so nothing is drawn or typed by hand:

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python cards/data/build_island_symbols.py package/icons.json
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
CHOICE = HERE / "island_symbols.csv"
OUT = HERE / "island_symbols.json"
SOURCE = (
    "Game Icons by Lorc, Delapouite and contributors (game-icons.net), "
    "via the npm package @iconify-json/game-icons"
)
LICENCE = "CC BY 3.0"
_PATH = re.compile(r'^<path fill="currentColor" d="([^"]+)"/>$')


def build(icons_json: Path) -> dict:
    data = json.loads(icons_json.read_text(encoding="utf-8"))
    size = f"0 0 {data.get('width', 16)} {data.get('height', 16)}"
    symbols = []
    for row in csv.DictReader(CHOICE.open(encoding="utf-8")):
        body = data["icons"][row["icon"]]["body"]
        match = _PATH.match(body)
        if match is None:  # every chosen icon is a single filled path; refuse anything else
            raise SystemExit(f"{row['icon']}: not a single path: {body[:80]}")
        symbols.append(
            {
                "name_en": row["name_en"],
                "name_de": row["name_de"],
                "icon": f"game-icons:{row['icon']}",
                "d": match.group(1),
            }
        )
    return {
        "source": SOURCE,
        "version": _package_version(icons_json),
        "licence": LICENCE,
        "view_box": size,
        "symbols": symbols,
    }


def _package_version(icons_json: Path) -> str:
    package = icons_json.with_name("package.json")
    if not package.exists():
        return ""
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    result = build(Path(argv[1]))
    lines = [json.dumps(s, ensure_ascii=False) for s in result.pop("symbols")]
    head = json.dumps(result, ensure_ascii=False)[:-1]
    OUT.write_text(head + ', "symbols": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
    print(f"wrote {OUT.name}: {len(lines)} symbols")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
