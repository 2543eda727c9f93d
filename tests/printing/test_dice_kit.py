"""The print-and-play kit of the dice game: parts, card data, rules in both languages."""

from __future__ import annotations

import io
import math
import re
from collections import Counter

import pypdf
import pytest
from django.core.management import CommandError, call_command

from cards.games.dice import dice_deck
from printing import kits
from printing.core.kit import KitError
from printing.kits.dice.kit import COUNTER, HINGE, cards, hinge_offset
from printing.kits.dice.rules import sheet

DICE = kits.get("dice")


def dice_kit_pdf(language: str = "de", **given) -> bytes:
    return DICE.render(DICE.clean({"language": language, **given}))


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("mix", ["standard", "fours"])
def test_it_prints_the_36_cards_of_the_shared_game_data(mix):
    printed = Counter(cards(mix))
    played = Counter((card["rank"], card["suit"]) for card in dice_deck(mix))
    assert printed == played and sum(printed.values()) == 36


def test_it_puts_every_part_in_the_kit_in_order_with_bookmarks():
    pdf = dice_kit_pdf("en")
    text = pages_text(pdf)
    assert len(text) == 1 + 4 + 1 + 1 + 2
    assert "take these cards from two standard decks" in text[0]
    assert all("♠" in page or "♥" in page or "♦" in page for page in text[1:5])
    assert "Counters" in text[5] and "Pawns" in text[6] and "Die" in text[6]
    assert text[7].startswith("Spot On (Reiner Knizia, 1995) – rules")
    assert "Spielregel" in text[8]
    outline = [item.title for item in pypdf.PdfReader(io.BytesIO(pdf)).outline]
    assert outline[0] == "Cards to take from two decks" and len(outline) == 5
    assert all("print at 100 %" in page for page in text[1:7])  # every sheet to cut


def test_the_rules_follow_the_mix_and_the_summary():
    for mix, size in (("standard", "three"), ("fours", "four")):
        _title, sections = sheet("en", mix)
        body = " ".join(b for _, b in sections)
        assert f"take those {size} cards" in body and f"set of {size} black" in body
    _title, sections = sheet("en", "standard")
    decisions = dict(sections)["Our decisions"]
    assert "Every turn begins with a roll (as the summary says)" in decisions
    assert "does not say whether the first roll" not in decisions
    de = " ".join(b for _, b in sheet("de", "fours")[1])
    assert "alle vier Karten" in de and "4 bis 9" in de


def test_the_rules_end_a_stalled_game_as_the_game_on_screen_does():
    from cards.games.dice import DICE_STALL_TURNS as STALL_TURNS

    en = dict(sheet("en", "standard")[1])["Stalemate"]
    de = dict(sheet("de", "standard")[1])["Stillstand"]
    assert f"If {STALL_TURNS // 2} turns of each player go by in a row" in en
    assert f"Nimmt {STALL_TURNS // 2} Züge je Spieler hintereinander niemand eine Karte" in de
    assert "scored as it stands" in en and "gewertet, wie es steht" in de


@pytest.mark.parametrize(("language", "standard", "used"), [
    ("en", "we use 2 to 9", "4 to 9"), ("de", "nehmen 2 bis 9", "4 bis 9")])  # fmt: skip
def test_the_fours_decisions_name_the_fours_values(language, standard, used):
    decisions = {mix: sheet(language, mix)[1][-1][1] for mix in ("standard", "fours")}
    assert standard in decisions["standard"]
    assert standard not in decisions["fours"] and used in decisions["fours"]


def test_counter_pairs_fold_on_a_real_hinge():
    d = hinge_offset()
    assert 2 * d < COUNTER  # the two discs overlap: they hang together when cut out
    chord = 2 * math.sqrt((COUNTER / 2) ** 2 - d**2)
    assert chord == pytest.approx(HINGE) and HINGE >= 10


def test_it_refuses_unknown_parts_languages_and_mixes():
    for given in ({"language": "fr"}, {"what": ["box"]}, {"mix": "pinochle"}, {"bleed": 3}):
        with pytest.raises(KitError):
            DICE.clean(given)
    assert DICE.part_slugs == ("cards-to-take", "cards", "counters", "pawns-die", "rules")


def test_it_writes_the_kit_from_the_command(tmp_path):
    out = tmp_path / "kit.pdf"
    call_command("render_kit", "dice", "--out", str(out), "--what", "cards", "--paper", "letter")
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 4
    assert round(float(reader.pages[0].mediabox.width) / 72 * 25.4) == 216


def test_an_unwritable_path_is_one_line(tmp_path):
    with pytest.raises(CommandError, match=r"^cannot write .*: no folder"):
        call_command("render_kit", "dice", "--out", str(tmp_path / "missing" / "kit.pdf"))


def test_it_serves_the_kit_to_anyone(client):
    response = client.get("/print/kits/dice/kit.pdf?language=en&what=rules")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(pages_text(response.content)) == 2
    assert client.get("/print/kits/dice/kit.pdf?language=xx").status_code == 400
    assert client.get("/print/kits/dice/kit.pdf?what=box").status_code == 400
    both = client.get("/print/kits/dice/kit.pdf?language=en&what=counters&what=rules")
    assert len(pages_text(both.content)) == 3


@pytest.mark.parametrize("kit", ["dice", "world"])
def test_a_pawns_folds_are_dashed_and_only_its_outline_is_cut(kit):
    """One pawn drawn alone: its three folds are dashed lines in the fold ink, its cut one
    solid outline in the cut ink."""
    from reportlab.pdfgen.canvas import Canvas

    from printing.kits.dice import kit as dice
    from printing.kits.world import pieces as world_pieces

    canvas = Canvas(io.BytesIO())
    if kit == "dice":
        dice.draw_pawn(canvas, 10, 10, "#c62828", "Rot")
    else:
        world_pieces.draw_pawn(canvas, 10, 10, "#c62828", 1)
    code = "\n".join(canvas._code)
    dashed = re.findall(r"\[2 1\.5\] 0 d(.*?)Q", code, flags=re.S)
    assert len(dashed) == 1 and dashed[0].count(" l S") == 3  # tab|base|back|front
    after = code.split(dashed[0])[1]
    assert after.count("re S") == 1 and "[2 1.5]" not in after  # the outline, solid
    assert ".501961 .501961 .501961 RG" in code  # the fold ink, lighter than the cut's


def test_the_die_nets_twelve_folds_are_dashed_and_its_cuts_solid():
    """A cube has 12 edges: 5 between squares and 7 where a tab joins are folds; the other 7
    edges of the outline are cut, each meeting a tab when glued."""
    from reportlab.pdfgen.canvas import Canvas

    from printing.kits.dice import kit as dice

    folds, cuts = dice.net_edges()
    assert len(folds) == 12 and len(cuts) == len(dice.TABS) == 7
    canvas = Canvas(io.BytesIO())
    dice.draw_die_net(canvas, 10, 10)
    code = "\n".join(canvas._code)
    dashed = re.findall(r"\[2 1\.5\] 0 d(.*?)Q", code, flags=re.S)
    assert len(dashed) == 1 and dashed[0].count(" l S") == 12
    assert " re B" not in code and " re S" not in code  # no square stroked all round
