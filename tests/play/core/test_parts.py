"""Parts of a stage (play/core/parts.py): a socket sends again only the parts that changed, and
what the page puts back together is the stage as drawn."""

from __future__ import annotations

from play.core.parts import KEPT, Part, Sent, mark, parse
from tests.play.core.page import Page, plain


def stage(cards: list[str], bar: str = "bar") -> str:
    island = "".join(mark(f'<div class="card">{card}</div>') for card in cards)
    return f'<div id="stage" data-version="{len(cards)}">{mark(island)}{mark(bar)}</div>'


def test_it_sends_the_whole_stage_first():
    drawn = stage(["a", "b", "c"])
    message = Sent().message(parse(drawn))
    assert "<!--k:" not in message
    assert plain(message) == plain(drawn)


def test_it_sends_nothing_of_a_part_that_did_not_change():
    sent, page = Sent(), Page()
    page.receive(sent.message(parse(stage(["Aachen", "Berlin", "Celle"]))))
    again = sent.message(parse(stage(["Aachen", "Berlin", "Celle"])))
    assert "Aachen" not in again and "bar" not in again
    assert again.count("<!--k:") == 2  # the island and the bar, each as one reference
    assert plain(page.receive(again)) == plain(stage(["Aachen", "Berlin", "Celle"]))


def test_a_changed_part_is_sent_with_its_unchanged_parts_as_references():
    sent, page = Sent(), Page()
    page.receive(sent.message(parse(stage(["Aachen", "Berlin", "Celle"]))))
    changed = stage(["Aachen", "Bonn", "Celle"])
    message = sent.message(parse(changed))
    assert "Bonn" in message
    assert "Aachen" not in message and "Celle" not in message and "bar" not in message
    assert plain(page.receive(message)) == plain(changed)


def test_a_part_comes_back_from_a_stage_before_the_last():
    sent, page = Sent(), Page()
    with_map = stage(["Aachen"], bar="<svg>map</svg>")
    page.receive(sent.message(parse(with_map)))
    page.receive(sent.message(parse(stage(["Aachen"], bar="no map"))))
    message = sent.message(parse(with_map))
    assert "map</svg>" not in message
    assert plain(page.receive(message)) == plain(with_map)


def test_a_part_older_than_the_kept_stages_is_sent_again():
    sent, page = Sent(), Page()
    page.receive(sent.message(parse(stage(["old"]))))
    for n in range(KEPT):
        page.receive(sent.message(parse(stage([f"new {n}"]))))
    message = sent.message(parse(stage(["old"])))
    assert "old" in message
    assert plain(page.receive(message)) == plain(stage(["old"]))


def test_it_fills_in_only_the_html_it_sends():
    sent = Sent()
    drawn = parse(stage(["TOKEN"], bar="TOKEN"))
    first = sent.message(drawn, lambda html: html.replace("TOKEN", "one"))
    second = sent.message(drawn, lambda html: html.replace("TOKEN", "two"))
    assert "TOKEN" not in first and first.count("one") == 2
    assert "two" not in second  # both parts were kept, with the token they were sent with


def test_a_mark_without_its_partner_stays_plain_html():
    assert parse("a<!--/p-->b") == ["a", "<!--/p-->", "b"]
    pieces = parse("a<!--p-->b")
    assert "".join(p for p in pieces if isinstance(p, str)) == "a<!--p-->b"
    nested = parse(mark("x" + mark("y")))
    assert isinstance(nested[0], Part) and isinstance(nested[0].pieces[1], Part)
