"""The split of a fixed part into the game's own part and the part the games of a deck share."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from play import sharing

CARD = st.fixed_dictionaries(
    {"id": st.integers(0, 50), "name": st.sampled_from(["Ulm", "Köln", "Görlitz", ""])}
)
FIXED = st.dictionaries(
    st.sampled_from(["cards", "grid", "symbols"]),
    st.one_of(
        st.dictionaries(st.text(min_size=1, max_size=6), CARD, max_size=12),
        st.lists(st.integers(), max_size=4),
        st.none(),
    ),
)


@given(FIXED)
def test_joining_the_parts_gives_the_fixed_part_back_in_its_order(fixed):
    own, shared = sharing.split(fixed)
    joined = sharing.join(own, shared)
    assert joined == fixed
    for key, value in fixed.items():
        if isinstance(value, dict):
            assert list(joined[key]) == list(value)


@given(st.dictionaries(st.text(min_size=1, max_size=6), CARD, max_size=12), st.randoms())
def test_games_holding_the_same_cards_in_any_order_share_one_part(cards, rng):
    names = list(cards)
    rng.shuffle(names)
    values = list(cards.values())
    rng.shuffle(values)
    # Another game of the deck: its own references, its own order, the same cards.
    other = {f"x{name}": value for name, value in zip(names, values, strict=True)}
    first, second = sharing.split({"cards": cards}), sharing.split({"cards": other})
    assert first[1] == second[1]
    assert sharing.digest(first[1]) == sharing.digest(second[1])


def test_the_own_part_holds_references_and_places_not_the_cards():
    cards = {"q7": {"id": 2, "name": "Ulm"}, "a1": {"id": 1, "name": "Köln"}}
    own, shared = sharing.split({"cards": cards, "grid": {"ns": 150}.get("ns")})
    assert own == {"cards": [["q7", 1], ["a1", 0]]}
    assert shared == {"cards": [{"id": 1, "name": "Köln"}, {"id": 2, "name": "Ulm"}], "grid": 150}
    different = sharing.split({"cards": {**cards, "z": {"id": 3, "name": "Jena"}}})[1]
    assert sharing.digest(different) != sharing.digest(shared)
