"""The game state's field reads with orjson and falls back to the standard parser."""

from __future__ import annotations

import json
import math

import pytest
from django.db import connection

from play.models import StateEncoder, StateField


def read(raw):
    return StateField().from_db_value(raw, None, None)


def test_reads_what_the_standard_library_reads():
    raw = '{"cards": {"ab12": {"name": "Köln", "population": 1084831, "ns": 61.5}}, "x": [1, null]}'
    assert read(raw) == {
        "cards": {"ab12": {"name": "Köln", "population": 1084831, "ns": 61.5}},
        "x": [1, None],
    }


def test_values_orjson_refuses_still_read_as_the_standard_library_does():
    assert math.isnan(read('{"v": NaN}')["v"])  # orjson refuses NaN
    assert read('{"seed": 18446744073709551615}')["seed"] == 2**64 - 1  # 64 bits stay exact
    assert read(None) is None


def test_writes_what_reads_back_the_same():
    state = {"cards": {"ab12": {"name": "Köln", "ns": 61.5}}, "order": (3, 1), 7: "seven"}
    written = StateEncoder().encode(state)
    assert written == json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    assert read(written) == {
        "cards": {"ab12": {"name": "Köln", "ns": 61.5}},
        "order": [3, 1],
        "7": "seven",
    }
    # orjson refuses to write integers beyond 64 bits: the standard encoder writes them exactly.
    assert StateEncoder().encode({"big": 2**70 + 1}) == '{"big": 1180591620717411303425}'


@pytest.mark.django_db
def test_on_postgresql_a_game_s_state_is_packed_with_lz4():
    """The state holds the game's whole deck and is read again by every page and redraw: lz4
    unpacks it several times faster than PostgreSQL's default."""
    if connection.vendor != "postgresql":
        pytest.skip("lz4 is PostgreSQL's column compression")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
            "AND 'lz4' = ANY(enumvals)"
        )
        if cursor.fetchone() is None:
            pytest.skip("this PostgreSQL was built without lz4")
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute "
            "WHERE attrelid = 'play_game'::regclass AND attname IN ('state', 'initial') "
            "ORDER BY attname"
        )
        assert cursor.fetchall() == [("initial", "l"), ("state", "l")]
