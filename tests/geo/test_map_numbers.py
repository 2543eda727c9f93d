"""An answer map names or numbers its dots: where a name does not fit, a number does (beside
the dot, further out on a leader line, or smaller), and the index keys it."""

from __future__ import annotations

import random

from geo.labels import Dot, dot_layer


def crowded(count: int, seed: int = 3) -> list[Dot]:
    """``count`` towns in a 24 mm square in the middle of a 140 mm map, like the Ruhr."""
    rng = random.Random(seed)
    return [
        Dot(f"Stadt {i}", 58 + rng.random() * 24, 58 + rng.random() * 24, count - i, f"{i}/{i}")
        for i in range(count)
    ]


def test_every_dot_of_a_crowded_region_gets_a_name_or_a_number():
    dots = crowded(50)  # 20 names do not fit: 11 of their numbers did not either
    _items, index = dot_layer(dots, mode="fit", frame=(0, 0, 140, 140))
    assert index, "some names must not fit"
    assert [e.number for e in index if e.number is None] == []
    assert sorted(e.number for e in index) == list(range(1, len(index) + 1))
