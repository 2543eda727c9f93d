"""A game's fixed part (a deck's cards) is stored once, apart from the state every move writes;
the cards the games of one deck hold alike are stored once for all of them; and the states the
editions read are the same as before."""

from __future__ import annotations

import importlib
import random

import orjson
import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test.utils import CaptureQueriesContext

from play import sharing
from play.core import reads, store
from play.core.engine import Context, Edition, Seats, apply_move, move, replay, setup_rng
from play.core.expiry import expire_games
from play.models import FIXED_PARTS, SHARED_PARTS, Game, SharedPart, Status

split_migration = importlib.import_module("play.migrations.0014_game_fixed_part")
share_migration = importlib.import_module("play.migrations.0015_shared_fixed_parts")


def _columns(game: Game) -> dict[str, dict | None]:
    """The engine's columns as the database holds them."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT fixed, state, initial, shared_id FROM play_game WHERE id = %s", [game.pk]
        )  # fmt: skip
        row = cursor.fetchone()
    # SQLite gives the text, PostgreSQL's jsonb the decoded value.
    columns = {
        name: orjson.loads(value) if isinstance(value, str | bytes) else value
        for name, value in zip(("fixed", "state", "initial"), row[:3], strict=True)
    }
    return {**columns, "shared": row[3]}


def _whole_fixed(stored: dict) -> dict:
    """The whole fixed part from the stored columns: the game's own part and the shared one."""
    if stored["shared"] is None:
        return stored["fixed"]
    return sharing.join(stored["fixed"], SharedPart.objects.get(pk=stored["shared"]).values)


@pytest.mark.django_db
def test_a_move_writes_the_moving_part_alone(game2):
    stored = _columns(game2)
    fixed_before = _whole_fixed(stored)
    assert set(fixed_before) == {"cards"} and len(fixed_before["cards"]) >= 8
    assert "cards" not in stored["state"] and "cards" not in stored["initial"]

    game = store.make_move(game2, None, "lay_out", {}, teacher=True)
    place = game.state["rounds"][-1]["places"][0]
    game = store.make_move(game, game.state["rounds"][-1]["starting_team"], "tip",
                           {"place": place, "tip": "N"})  # fmt: skip

    stored = _columns(game)
    assert _whole_fixed(stored) == fixed_before
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
    assert set(_whole_fixed(stored)) == {"cards"} and "cards" not in stored["state"]
    assert set(game.state["cards"]) == set(game.state["stack"])


@pytest.mark.django_db
def test_a_game_without_a_fixed_part_stores_its_whole_state(teacher):
    game = store.create_game(user=teacher, edition="dice", seat_names=["Anna", "Ben"])
    stored = _columns(game)
    assert stored["fixed"] is None and stored["shared"] is None
    assert stored["state"] == game.state


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
        moving_state=whole_state, moving_initial=whole_initial, fixed=None, shared=None
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
    assert stored == {
        "fixed": None, "state": whole_state, "initial": whole_initial, "shared": None
    }  # fmt: skip


def _read_kinds(queries) -> list[str]:
    return [
        "shared" if "play_sharedpart" in q["sql"] else "own" if '"fixed"' in q["sql"] else "game"
        for q in queries
    ]


@pytest.mark.django_db
def test_the_screens_reads_take_the_fixed_part_from_the_process_s_copy(game2, game3):
    whole = Game.objects.get(pk=game2.pk).state
    FIXED_PARTS.parts.clear()
    SHARED_PARTS.parts.clear()
    with CaptureQueriesContext(connection) as first:
        assert reads.game_by_code(game2.code, "moving_initial").state == whole
    with CaptureQueriesContext(connection) as again:
        game = reads.game_by_code(game2.code, "moving_initial")
        assert game.state == whole and game.state["cards"] is game.fixed_part()["cards"]
    with CaptureQueriesContext(connection) as sibling:
        other = reads.game_by_code(game3.code, "moving_initial")
        cards = other.state["cards"]
    assert cards == Game.objects.get(pk=game3.pk).state["cards"]
    # The game's row without its cards, then (once per process) its own references and (once
    # per deck) the cards; a second game of the deck reads its references alone.
    assert _read_kinds(first.captured_queries) == ["game", "own", "shared"]
    assert _read_kinds(again.captured_queries) == ["game"]
    assert _read_kinds(sibling.captured_queries) == ["game", "own"]
    # One copy of the deck's cards for both games: a school's games cost memory for their
    # references alone.
    assert {id(card) for card in other.state["cards"].values()} == {
        id(card) for card in game.state["cards"].values()
    }


@pytest.mark.django_db
def test_the_games_of_one_deck_store_its_cards_once(game2, game3, teacher, world_big):
    worlds = [
        store.create_game(user=teacher, edition="world", deck=world_big, seat_names=names)
        for names in (["Adler", "Bären"], ["Cobras", "Dachse", "Elche"])
    ]
    germany, world = _columns(game2), _columns(worlds[0])
    assert germany["shared"] == _columns(game3)["shared"]
    assert world["shared"] == _columns(worlds[1])["shared"] != germany["shared"]
    assert SharedPart.objects.count() == 2
    # A game's own part is its references, not its cards: no card's facts in it.
    assert "Geheimland" not in orjson.dumps(germany["fixed"]).decode()
    assert len(orjson.dumps(germany["fixed"])) * 4 < len(orjson.dumps(_whole_fixed(germany)))
    # Each World game keeps its cards in its own stack order (nothing can be read from where
    # a card sits): the shared cards do not impose theirs.
    for game in worlds:
        reread = Game.objects.get(pk=game.pk)
        assert list(reread.state["cards"]) == list(game.state["cards"])
        assert reread.state == game.state


@pytest.mark.django_db
def test_a_shared_part_goes_with_the_last_game_of_its_deck(game2, game3):
    digest = _columns(game2)["shared"]
    Game.objects.filter(pk=game2.pk).update(status=Status.FINISHED, finished_at=None)
    Game.objects.filter(pk=game2.pk).update(active_at="2000-01-01T00:00:00Z")
    expire_games()
    assert not Game.objects.filter(pk=game2.pk).exists()
    assert SharedPart.objects.filter(pk=digest).exists()  # game3 holds it still
    assert Game.objects.get(pk=game3.pk).state["cards"]
    Game.objects.filter(pk=game3.pk).delete()
    expire_games()
    assert not SharedPart.objects.exists()


@pytest.mark.django_db
def test_the_migration_shares_the_cards_of_stored_games_and_gives_them_back(
    game2, game3, teacher, world_big
):
    world = store.create_game(
        user=teacher, edition="world", deck=world_big, seat_names=["Adler", "Bären"]
    )
    played = store.make_move(game2, None, "lay_out", {}, teacher=True)
    games = (played, game3, world)
    # As games were stored before: each its whole fixed part.
    for game in games:
        Game.objects.filter(pk=game.pk).update(fixed=game.fixed_part(), shared=None)
    SharedPart.objects.all().delete()
    FIXED_PARTS.parts.clear()
    # As read then (PostgreSQL's jsonb keeps a mapping's keys in an order of its own).
    states = {g.pk: (Game.objects.get(pk=g.pk).state, Game.objects.get(pk=g.pk).initial)
              for g in games}  # fmt: skip
    assert states[played.pk][0] == played.state
    then = MigrationLoader(connection).project_state(("play", "0015_shared_fixed_parts")).apps

    share_migration.share(then, None)
    assert SharedPart.objects.count() == 2
    assert _columns(played)["shared"] == _columns(game3)["shared"]
    for game in games:
        reread = Game.objects.get(pk=game.pk)
        assert (reread.state, reread.initial) == states[game.pk]
        assert list(reread.state["cards"]) == list(states[game.pk][0]["cards"])
    assert store.replayed_state(Game.objects.get(pk=played.pk)) == states[played.pk][0]

    share_migration.unshare(then, None)
    assert not SharedPart.objects.exists()
    for game in games:
        stored = _columns(game)
        assert stored["shared"] is None and stored["fixed"] == game.fixed_part()
        assert Game.objects.get(pk=game.pk).state == states[game.pk][0]
        assert list(Game.objects.get(pk=game.pk).state["cards"]) == list(
            states[game.pk][0]["cards"]
        )
