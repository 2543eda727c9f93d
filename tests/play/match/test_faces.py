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


def test_the_committed_symbol_sprite_is_the_island_symbols_icon_data():
    # Regenerate with: python -m play.editions.match.sprite > …/static/play/match/symbols.svg
    from pathlib import Path
    from xml.etree import ElementTree

    from cards.symbols.decks import island_symbols
    from play.editions.match import sprite

    committed = Path(sprite.__file__).parent / "static" / "play" / "match" / "symbols.svg"
    assert committed.read_text(encoding="utf-8") == sprite.sprite_svg()
    tree = ElementTree.fromstring(sprite.sprite_svg())
    ids = [node.get("id") for node in tree.iter("{http://www.w3.org/2000/svg}symbol")]
    assert ids == [f"s{symbol.index}" for symbol in island_symbols()]


def test_a_card_draws_its_symbols_as_icons_named_for_screen_readers():
    from play.editions.match.templatetags.match_cards import card_html

    card = {"ref": "ab12cd34", "face": layout([3, 7], "ab12cd34", ["A", "B", "C", "Harbour"])}
    card["face"][1]["name"] = "Tower & Gate"
    html = card_html(card, claim=True)
    assert html.count('<svg class="micon" aria-hidden="true">') == 2
    assert 'symbols.svg#s3"' in html and 'symbols.svg#s7"' in html
    assert '<span class="sr">Harbour</span>' in html and "Tower &amp; Gate" in html
    assert 'name="symbol" value="7"' in html
