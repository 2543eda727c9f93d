from __future__ import annotations

import itertools
import math

from play.editions.match.faces import layout


def test_it_places_nine_symbols_inside_the_card_without_overlap():
    slots = layout(list(range(9)), "1a2b3c4d")
    assert sorted(slot["symbol"] for slot in slots) == list(range(9))
    for slot in slots:
        assert math.dist((slot["x"], slot["y"]), (50, 50)) + slot["r"] <= 50
    for a, b in itertools.combinations(slots, 2):
        assert math.dist((a["x"], a["y"]), (b["x"], b["y"])) >= a["r"] + b["r"]


def test_it_turns_cards_differently_and_names_their_symbols():
    names = [f"S{i}" for i in range(20)]
    one, two = layout([1, 2, 3], "00000000", names), layout([1, 2, 3], "0000ff01", names)
    assert [s["x"] for s in one] != [s["x"] for s in two]
    assert {s["name"] for s in one} == {"S1", "S2", "S3"}
    assert layout([], "00") == []
