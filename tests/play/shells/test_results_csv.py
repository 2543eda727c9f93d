"""The results CSV: private, in the game's language as a spreadsheet there reads it, seats
numbered as the screens number them, and a name of its own for every column."""

from __future__ import annotations

import csv
import io

import pytest
from django.utils import translation

from play.core import store
from play.editions.dice.edition import rows as dice_rows
from play.editions.match.edition import rows as match_rows
from play.shells.host import csv_cell, unique_names

MATCH_STATE = {
    "history": [{"game": 1, "points": [2, 1]}, {"game": 1, "points": [0, 3]}],
    "seats": [{"name": "Ada", "team": 0}, {"name": "Bo", "team": 1}],
    "teams": [{"colour": "blue", "score": 2}, {"colour": "orange", "score": 4}],
}


def read(response, delimiter: str) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads UTF-8 names only with it
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


@pytest.mark.django_db
def test_the_csv_is_private_and_its_columns_have_names_of_their_own(client, teacher, big_deck):
    game = store.create_game(
        user=teacher, edition="germany", deck=big_deck, seat_names=["Runde", "Blau"]
    )
    client.force_login(teacher)
    response = client.get(f"/play/host/{game.code}/results.csv")
    cache = response["Cache-Control"]
    assert "no-store" in cache and "private" in cache
    header = read(response, ";")[0]
    assert header == ["Runde", "Runde (2)", "Blau"]
    assert len(set(header)) == len(header)


@pytest.mark.django_db
def test_an_english_csv_has_commas_and_a_bom(client, teacher, big_deck):
    game = store.create_game(
        user=teacher, edition="germany", deck=big_deck, seat_names=["Bären", "B"], language="en"
    )
    client.force_login(teacher)
    rows = read(client.get(f"/play/host/{game.code}/results.csv"), ",")
    assert rows == [["Round", "Bären", "B"], ["Total", "0", "0"]]


def test_match_seats_count_from_one_and_each_game_has_its_own_column():
    with translation.override("en"):
        table = [[str(cell) for cell in row] for row in match_rows(MATCH_STATE)]
    assert table[0] == [
        "Seat",
        "Name",
        "Team",
        "Score",
        "Game 1: Welcome to the island",
        "Game 2: Welcome to the island",
    ]
    assert [row[0] for row in table[1:]] == ["1", "2"]
    with translation.override("de"):
        german = [str(cell) for cell in match_rows(MATCH_STATE)[0]]
    assert german[0] == "Platz" and german[4] == "Spiel 1: Willkommen auf der Insel"


def test_dice_columns_are_in_the_games_language():
    state = {"players": ["Ada", "Bo"], "taken": [[], []], "end": None}
    with translation.override("de"):
        header = [str(cell) for cell in dice_rows(state)[0]]
    assert header[0] == "Spieler" and "Gesamt" in header and "player" not in header


@pytest.mark.parametrize(
    ("value", "german", "english"),
    [
        (1234567, "1234567", "1234567"),
        (-3, "-3", "-3"),
        (2.5, "2,5", "2.5"),
        (True, 1, 1),
        ("=1+2", "'=1+2", "'=1+2"),
    ],
)
def test_numbers_are_written_as_the_csvs_language_reads_them(value, german, english):
    assert csv_cell(value, german=True) == german
    assert csv_cell(value, german=False) == english


def test_unique_names_numbers_repeats_whatever_their_case():
    assert unique_names(["Round", "round", "A", "Round"]) == [
        "Round",
        "round (2)",
        "A",
        "Round (3)",
    ]
