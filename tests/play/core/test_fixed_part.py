"""A game's fixed part (a deck's cards) is stored once, apart from the state every move writes,
and the states the editions read are the same as before."""

from __future__ import annotations

import importlib
import random

import orjson
import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test.utils import CaptureQueriesContext

from play.core import reads, store
from play.core.engine import Context, Edition, Seats, apply_move, move, replay, setup_rng
from play.models import FIXED_PARTS, Game

split_migration = importlib.import_module("play.migrations.0014_game_fixed_part")


def _columns(game: Game) -> dict[str, dict | None]:
    """The engine's columns as the database holds them."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT fixed, state, initial FROM play_game WHERE id = %s", [game.pk]
        )  # fmt: skip
        row = cursor.fetchone()
    # SQLite gives the text, PostgreSQL's jsonb the decoded value.
    return {
        name: orjson.loads(value) if isinstance(value, str | bytes) else value
        for name, value in zip(("fixed", "state", "initial"), row, strict=True)
    }


@pytest.mark.django_db
def test_a_move_writes_the_moving_part_alone(game2):
    stored = _columns(game2)
    assert set(stored["fixed"]) == {"cards"} and len(stored["fixed"]["cards"]) >= 8
    assert "cards" not in stored["state"] and "cards" not in stored["initial"]
    fixed_before = stored["fixed"]

    game = store.make_move(game2, None, "lay_out", {}, teacher=True)
    place = game.state["rounds"][-1]["places"][0]
    game = store.make_move(game, game.state["rounds"][-1]["starting_team"], "tip",
                           {"place": place, "tip": "N"})  # fmt: skip

    stored = _columns(game)
    assert stored["fixed"] == fixed_before
    assert "cards" not in stored["state"] and stored["state"]["rounds"][-1]["tips"]
    # The editions read the whole state, the cards among it.
    reread = Game.objects.get(pk=game.pk)
    assert reread.state == {**fixed_before, **stored["state"]}
    assert reread.state["cards"][place]["name"]
    assert store.replayed_state(reread) == reread.state


@pytest.mark.django_db
def test_a_world_game_keeps_its_deck_apart_too(teacher, world_big):
    game = store.create_game(
        user=teacher, edition="world", deck=world_big, seat_names=["Adler", "Bären"]
    )
    stored = _columns(game)
    assert set(stored["fixed"]) == {"cards"} and "cards" not in stored["state"]
    assert set(game.state["cards"]) == set(game.state["stack"])


@pytest.mark.django_db
def test_a_game_without_a_fixed_part_stores_its_whole_state(teacher):
    game = store.create_game(user=teacher, edition="dice", seat_names=["Anna", "Ben"])
    stored = _columns(game)
    assert stored["fixed"] is None and stored["state"] == game.state


def _deck_edition(replace: bool) -> Edition:
    def setup(options, deck, seats, rng):
        return {"deck": {"a": {"name": "Ulm"}}, "taken": []}

    @move(args=("card",))
    def take(state, seat, args, ctx):
        if replace:
            state["deck"] = dict(state["deck"])
        state["taken"].append(args["card"])
        return state

    return Edition(
        slug="fixed-toy", name="Toy", seats=Seats(1, 2, "players"), setup=setup,
        moves={"take": take}, view=lambda state, viewer: state, result=lambda state: None,
        fixed=("deck",),
    )  # fmt: skip


def test_moves_share_the_fixed_part_and_may_not_replace_it():
    edition = _deck_edition(replace=False)
    state = edition.setup({}, None, ["A"], setup_rng(1))
    ctx = Context(random.Random(1), 0.0)
    after = apply_move(edition, state, 0, "take", {"card": "a"}, ctx)
    assert after["deck"] is state["deck"]  # not copied
    assert after["taken"] == ["a"] and state["taken"] == []  # the moving part is

    replacing = _deck_edition(replace=True)
    with pytest.raises(TypeError, match="replaced 'deck', a fixed part"):
        apply_move(replacing, state, 0, "take", {"card": "a"}, ctx)
    assert replay(edition, state, [], 1) is state


@pytest.mark.django_db
def test_the_migration_moves_the_cards_of_stored_games_out_and_back(game2, teacher):
    game = store.make_move(game2, None, "lay_out", {}, teacher=True)
    whole_state, whole_initial = game.state, game.initial
    dice = store.create_game(user=teacher, edition="dice", seat_names=["Anna", "Ben"])
    # As games were stored before: the whole state in each column, no fixed part.
    Game.objects.filter(pk=game.pk).update(
        moving_state=whole_state, moving_initial=whole_initial, fixed=None
    )
    then = MigrationLoader(connection).project_state(("play", "0014_game_fixed_part")).apps

    split_migration.split(then, None)
    stored = _columns(game)
    assert stored["fixed"] == {"cards": whole_state["cards"]}
    assert "cards" not in stored["state"] and "cards" not in stored["initial"]
    reread = Game.objects.get(pk=game.pk)
    assert reread.state == whole_state and reread.initial == whole_initial
    assert store.replayed_state(reread) == whole_state
    assert _columns(dice)["fixed"] is None  # an edition without a fixed part is left alone

    split_migration.join(then, None)
    stored = _columns(game)
    assert stored == {"fixed": None, "state": whole_state, "initial": whole_initial}


@pytest.mark.django_db
def test_the_screens_reads_take_the_fixed_part_from_the_process_s_copy(game2):
    FIXED_PARTS.parts.clear()
    whole = Game.objects.get(pk=game2.pk).state
    with CaptureQueriesContext(connection) as first:
        assert reads.game_by_code(game2.code, "moving_initial").state == whole
    with CaptureQueriesContext(connection) as again:
        game = reads.game_by_code(game2.code, "moving_initial")
        assert game.state == whole and game.state["cards"] is game.fixed["cards"]
    # The game's row without its cards, then (once per process) its cards alone.
    assert ['"fixed"' in q["sql"] for q in first.captured_queries] == [False, True]
    assert ['"fixed"' in q["sql"] for q in again.captured_queries] == [False]
