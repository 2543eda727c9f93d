"""make_match_deck, the island symbol set, place-name sets, the plane API and the admin."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from cards.models import Deck, DeckCard, Edition, Place
from cards.symbols.making import make_match_deck
from cards.symbols.models import MatchCardSymbol, MatchDeck, Symbol, SymbolSet
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def _cards(match: MatchDeck) -> list[set[str]]:
    slots: dict[int, set[str]] = {}
    for card_id, name in MatchCardSymbol.objects.filter(card__match_deck=match).values_list(
        "card_id", "symbol__name"
    ):
        slots.setdefault(card_id, set()).add(name)
    return list(slots.values())


def test_it_makes_the_island_deck_with_its_73_named_symbols_and_76_cards():
    call_command("make_match_deck", "insel", "--order", "8", "--symbols", "island")
    match = MatchDeck.objects.get(deck__slug="insel")
    assert match.deck.edition == Edition.MATCH
    assert match.cards.count() == 76
    island = SymbolSet.objects.get(slug="island")
    names = list(island.symbols.values_list("name_en", flat=True))
    assert len(names) == 73 and names[0] == "Wool" and names[-1] == "Seal"
    assert "Drawing compass" in names and "Spice bag" in names
    assert all(s.icon and s.licence == "CC BY 3.0" for s in island.symbols.all())
    assert "Game Icons" in island.credit()
    cards = _cards(match)
    assert len(cards) == 73 and {len(c) for c in cards} == {9}
    for a, b in combinations(cards, 2):
        assert len(a & b) == 1
    roles = Counter(match.cards.values_list("role", flat=True))
    assert roles == {"island": 19, "team": 48, "port": 6, "score": 3}


def test_rebuilding_a_deck_gives_the_same_cards():
    first = make_match_deck("insel", order=8, symbols="island")
    before = [sorted(c) for c in _cards(first)]
    second = make_match_deck("insel", order=8, symbols="island")
    assert sorted(sorted(c) for c in _cards(second)) == sorted(before)
    assert MatchDeck.objects.count() == 1 and Deck.objects.filter(slug="insel").count() == 1


def test_a_deck_may_use_a_subset_of_the_planes_cards():
    call_command("make_match_deck", "small", "--order", "8", "--symbols", "island", "--cards", "20")
    match = MatchDeck.objects.get(deck__slug="small")
    assert match.cards.count() == 20
    assert set(match.cards.values_list("role", flat=True)) == {"symbol"}


def test_editors_changes_to_the_island_set_survive_a_rebuild():
    make_match_deck("insel", order=8, symbols="island")
    Symbol.objects.filter(symbol_set__slug="island", position=0).update(name="Schafwolle")
    make_match_deck("insel", order=8, symbols="island")
    assert Symbol.objects.get(symbol_set__slug="island", position=0).name == "Schafwolle"


def _places(count: int) -> Deck:
    deck = Deck.objects.create(slug="orte", name="Orte", edition=Edition.WORLD)
    for i in range(count):
        place = Place.objects.create(
            name=f"Ort {i:02d}",
            name_en=f"Place {i:02d}",
            country="DE",
            population=1000 + i,
            latitude=50.0,
            longitude=8.0,
        )
        DeckCard.objects.create(deck=deck, place=place, colour="yellow")
    return deck


def test_it_makes_a_geography_deck_from_57_place_names():
    _places(60)
    call_command("make_match_deck", "geo", "--order", "7", "--symbols", "places:orte")
    match = MatchDeck.objects.get(deck__slug="geo")
    cards = _cards(match)
    assert len(cards) == 57 and {len(c) for c in cards} == {8}
    for a, b in combinations(cards, 2):
        assert len(a & b) == 1
    used = set().union(*cards)
    # The 57 largest of the 60 places: the three smallest are left out.
    assert "Ort 00" not in used and "Ort 59" in used and len(used) == 57
    data = match.as_data("en")
    assert {s.kind for s in data.symbols} == {"text"}
    assert data.symbol(0).label("en") == "Place 59"


def test_renaming_a_place_renames_its_symbol_on_a_rebuild():
    deck = _places(57)
    make_match_deck("geo", order=7, symbols="places:orte")
    Place.objects.filter(name="Ort 10").update(name="Neustadt")
    make_match_deck("geo", order=7, symbols="places:orte")
    names = set(SymbolSet.objects.get(slug="places-orte").symbols.values_list("name", flat=True))
    assert "Neustadt" in names and "Ort 10" not in names
    assert deck.places.count() == 57


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--order", "6", "--symbols", "island"], "6 is not a prime power"),
        (["--order", "9", "--symbols", "island"], "needs 91 symbols"),
        (["--order", "7", "--symbols", "nothing"], "no symbol set 'nothing'"),
        (["--order", "7", "--symbols", "places:missing"], "no deck with slug 'missing'"),
        (["--order", "8", "--symbols", "island", "--cards", "80"], "between 2 and 73 cards"),
    ],
)
def test_it_explains_what_it_cannot_make(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("make_match_deck", "x", *args)
    assert not Deck.objects.filter(slug="x").exists()


def test_it_never_turns_another_editions_deck_into_a_match_deck(germany_deck):
    with pytest.raises(CommandError, match="is a germany deck"):
        call_command("make_match_deck", germany_deck.slug, "--order", "2", "--symbols", "island")


def test_the_plane_api_answers_for_prime_power_orders():
    response = api_client_for(None).get("/api/match/plane/?order=4")
    assert response.status_code == 200
    data = response.json()
    assert data["order"] == 4 and len(data["cards"]) == 21
    for a, b in combinations(data["cards"], 2):
        assert len(set(a) & set(b)) == 1


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("order=6", "not a prime power"),
        ("order=17", "between 2 and 16"),
        ("order=x", "whole"),
        ("", "required"),
    ],
)
def test_the_plane_api_refuses_other_orders_with_400(query, message):
    response = api_client_for(None).get(f"/api/match/plane/?{query}")
    assert response.status_code == 400
    assert message in response.json()["detail"]


def test_the_plane_api_is_in_the_schema():
    schema = api_client_for(None).get("/api/schema/").content.decode()
    assert "/api/match/plane/" in schema


def test_editors_see_symbol_sets_with_icons_in_the_admin(client, editor):
    make_match_deck("insel", order=8, symbols="island")
    client.force_login(editor)
    island = SymbolSet.objects.get(slug="island")
    page = client.get(f"/admin/cards/symbolset/{island.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Wolle" in html and "<svg" in html
    assert client.get("/admin/cards/symbol/?q=Anker").status_code == 200
    assert client.get("/admin/cards/matchdeck/").status_code == 200


def test_editors_export_symbols_and_import_changes_with_checked_icons(client, editor):
    make_match_deck("insel", order=8, symbols="island")
    client.force_login(editor)
    page = client.get("/admin/cards/symbol/export/").content.decode()
    columns = re.findall(r'<input type="checkbox" name="([^"]+)"', page)
    response = client.post(
        "/admin/cards/symbol/export/", {"format": "0", **dict.fromkeys(columns, "on")}
    )
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert "island,0,Wolle,Wool" in body.decode()
    csv = "symbol_set,position,name,name_en,icon\nisland,0,Wolle,Wool,M0 0 L5\n"
    upload = SimpleUploadedFile("symbols.csv", csv.encode())
    html = client.post("/admin/cards/symbol/import/", {"format": "0", "import_file": upload})
    assert "number is missing" in html.content.decode()
    assert Symbol.objects.get(symbol_set__slug="island", position=0).icon.startswith("M332")


def test_the_about_page_credits_the_island_icons(client):
    html = client.get("/about/").content.decode()
    assert "game-icons.net" in html and "CC BY 3.0" in html


def test_the_island_games_bring_their_own_deck(teacher):
    # The match edition builds the island deck itself; a deck given to it is refused.
    make_match_deck("insel", order=8, symbols="island")
    response = api_client_for(teacher).post(
        "/api/games/", {"edition": "match", "deck": "insel", "seats": ["A", "B"]}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "deck_not_used"


def test_a_rebuild_keeps_the_decks_language_unless_told():
    make_match_deck("insel", order=2, symbols="island", language="en")
    assert make_match_deck("insel", order=2, symbols="island").deck.language == "en"
    assert make_match_deck("insel", order=2, symbols="island", language="de").deck.language == "de"
