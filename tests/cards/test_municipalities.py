from __future__ import annotations

from cards.gazetteer.municipalities import stand_ins


def test_the_most_populous_eligible_place_stands_for_a_municipality_without_a_town():
    keys = ["sylt", "sylt", "sylt", "berlin", "berlin", ""]
    pops = [9000, 2000, 12000, 3_600_000, 300_000, 800]
    dropped = [True, True, True, False, True, True]
    eligible = [True, True, False, True, False, True]
    assert stand_ins(keys, pops, dropped, eligible) == [False, True, True, False, True, True]
