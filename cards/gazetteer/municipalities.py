"""One card per municipality: the rule that lets a place stand for a municipality without a town.

Pure: plain lists in, plain lists out. GeoNames marks some places that are the only
settlement of their municipality in the table as "section of populated place" (``PPLX``):
Westerland (municipality Sylt) and Neuharlingersiel. A municipality none of whose places is
kept would then have no card; its most populous place that no bigger town nearby claims as a
district stands for it.
"""

from __future__ import annotations

from collections.abc import Sequence


def stand_ins(
    municipalities: Sequence[str],
    populations: Sequence[int],
    dropped: Sequence[bool],
    eligible: Sequence[bool],
) -> list[bool]:
    """``dropped`` with one place un-dropped per municipality that would have none.

    ``municipalities`` holds each place's municipality key ("" when unknown: never grouped);
    ``eligible`` says which dropped places may stand in (not a district of a bigger town).
    """
    kept_somewhere = {m for m, gone in zip(municipalities, dropped, strict=True) if m and not gone}
    best: dict[str, int] = {}
    for i, (key, gone, ok) in enumerate(zip(municipalities, dropped, eligible, strict=True)):
        if not key or not gone or not ok or key in kept_somewhere:
            continue
        if key not in best or populations[i] > populations[best[key]]:
            best[key] = i
    chosen = set(best.values())
    return [gone and i not in chosen for i, gone in enumerate(dropped)]
