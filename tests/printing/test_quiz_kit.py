"""The place quiz sheet: a deck's places numbered for pupils to find on the quiz map, and the
teacher's answer key; a new kit printed for any Germany, grid or World deck beside its own."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from django.core.management import CommandError, call_command

from cards.models import Deck
from printing import kits
from printing.core.deck import DeckInfo
from printing.core.kit import KitError
from tests.printing.cast import HEPPENHEIM, LUDWIGSHAFEN, SAO_PAULO


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def quiz(deck: DeckInfo, **given) -> list[str]:
    kit = kits.get("quiz")
    return pages(kit.render(kit.clean(given, source=deck)))


def test_the_sheet_numbers_the_places_and_the_key_gives_their_grid_numbers():
    deck = DeckInfo("Rhein-Neckar", "germany", "de", [LUDWIGSHAFEN, HEPPENHEIM])
    sheet, key = quiz(deck, order="name")
    assert "Mark these places" not in sheet and "Wo liegt" in sheet  # the deck's language
    assert re.search(r"1\s*Heppenheim \(Bergstraße\).*2\s*Ludwigshafen am Rhein", sheet, re.S)
    assert "117" not in sheet  # no answers on the pupils' sheet
    assert "Lösungen" in key and "Ludwigshafen am Rhein" in key
    assert "117 / 28" in key and "114 / 31" in key


def test_a_world_decks_key_names_board_and_fields_and_count_limits_the_list():
    deck = DeckInfo("World", "world", "en", [SAO_PAULO, LUDWIGSHAFEN])
    [key] = quiz(deck, what="key", language="en", order="deck", count=1)
    assert "Answer key" in key and "SA-O-S-A, SA-O-M-C" in key
    assert "Ludwigshafen" not in key


def test_the_shuffled_order_is_the_same_on_sheet_and_key_and_every_time():
    cards = [LUDWIGSHAFEN, HEPPENHEIM, SAO_PAULO]
    deck = DeckInfo("Gemischt", "germany", "de", cards)
    first = quiz(deck)
    assert first == quiz(deck)
    names = [re.findall(r"(Ludwigshafen|Heppenheim|São Paulo)", page) for page in first]
    assert names[0] == names[1]


def test_an_empty_deck_or_a_bad_option_is_one_line():
    with pytest.raises(KitError, match=r"^Dieses Deck hat noch keine Karten"):
        quiz(DeckInfo("Leer", "germany", "de", []))
    with pytest.raises(KitError, match=r"^order 'height' unknown; choose one of deck, name"):
        quiz(DeckInfo("X", "germany", "de", [HEPPENHEIM]), order="height")


def test_teachers_print_it_from_a_decks_page(client, teacher, germany_deck, world_deck):
    client.force_login(teacher)
    index = client.get("/print/").content.decode()
    assert f"/print/{germany_deck.slug}/?kit=quiz" in index
    page = client.get(f"/print/{germany_deck.slug}/", {"kit": "quiz"})
    html = page.content.decode()
    assert page.status_code == 200 and 'name="kit" value="quiz"' in html and 'name="order"' in html
    response = client.get(f"/print/{germany_deck.slug}/deck.pdf", {"kit": "quiz", "what": "key"})
    assert response.status_code == 200
    assert f"{germany_deck.slug}-key-" in response["Content-Disposition"]
    [key] = pages(response.content)
    assert "Berlin" in key and re.search(r"\d+ / \d+", key)
    own = client.get(f"/print/{germany_deck.slug}/deck.pdf", {"what": "key"})
    assert own.status_code == 400  # the deck's own kit has no answer key
    world = client.get(f"/print/{world_deck.slug}/deck.pdf", {"kit": "quiz", "what": "key"})
    assert "EU-" in pages(world.content)[0]
    assert client.get(f"/print/{germany_deck.slug}/", {"kit": "numbers"}).status_code == 404


def test_other_editions_have_no_quiz(client, teacher, db):
    client.force_login(teacher)
    Deck.objects.create(slug="symbols", name="Symbols", edition="match")
    assert client.get("/print/symbols/", {"kit": "quiz"}).status_code == 404


def test_the_command_prints_it_for_a_deck(tmp_path, germany_deck):
    out = tmp_path / "quiz.pdf"
    call_command("render_kit", "quiz", "--deck", germany_deck.slug, "--out", str(out),
                 "--order", "name", stdout=io.StringIO())  # fmt: skip
    sheet, _key = pages(out.read_bytes())
    assert re.search(r"1\s*Berlin", sheet)
    with pytest.raises(CommandError, match=r"^the quiz kit prints a deck"):
        call_command("render_kit", "quiz", "--out", str(out))
