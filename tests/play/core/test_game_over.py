"""Game over has one shape: the core keeps it in ``state["gameover"]``, an edition only says
when its rules end the game (``end_if``), and the teacher's end is the core's action."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.utils import timezone

from play.core import lifecycle, registry, store
from play.core.engine import (
    END,
    Context,
    GameOver,
    LoggedMove,
    RuleViolation,
    apply_move,
    is_over,
    move_rng,
    replay,
    setup_rng,
)
from play.core.expiry import expire_games
from play.models import Game
from tests.play.core.toy import TOY

EDITIONS = ("germany", "world", "numbers", "dice", "match")
migration = importlib.import_module("play.migrations.0010_one_game_over_field")


def ctx(number=1, teacher=False):
    return Context(move_rng(7, number), 1_700_000_000.0 + number, teacher)


def test_it_writes_the_rules_end_into_the_one_field():
    state = TOY.setup({"goal": 3}, None, ["a", "b"], setup_rng(7))
    state = apply_move(TOY, state, 0, "add", {"step": 2}, ctx(1))
    assert not is_over(state)
    state = apply_move(TOY, state, 1, "add", {"step": 2}, ctx(2))
    assert state["gameover"] == {"by": "rules"}
    assert TOY.result(state)["winners"] == [1]


def test_the_teachers_end_is_a_core_action_that_replays():
    initial = TOY.setup({"goal": 10}, None, ["a", "b"], setup_rng(7))
    state = apply_move(TOY, initial, 0, "add", {"step": 2}, ctx(1))
    with pytest.raises(RuleViolation, match="Only the teacher"):
        apply_move(TOY, state, 1, END, {}, ctx(2))
    with pytest.raises(RuleViolation) as refused:
        apply_move(TOY, state, None, END, {"now": 1}, ctx(2, teacher=True))
    assert refused.value.code == "unknown_args"
    ended = apply_move(TOY, state, None, END, {}, ctx(2, teacher=True))
    assert ended["gameover"] == {"by": "teacher"} and ended["total"] == 2
    with pytest.raises(GameOver):
        apply_move(TOY, ended, None, END, {}, ctx(3, teacher=True))
    log = [LoggedMove(1, 0, "add", {"step": 2}, 1.0), LoggedMove(2, None, END, {}, 2.0, True)]
    assert replay(TOY, initial, log, 7) == ended


def test_no_edition_keeps_an_end_move_of_its_own():
    for slug in EDITIONS:
        edition = registry.get(slug)
        assert END not in edition.moves, slug
        assert edition.end_if is not None, slug
        assert END in edition.teacher_moves and edition.move_args[END] == frozenset(), slug


@pytest.mark.django_db
def test_the_core_reads_game_over_for_a_game_or_a_state(teacher):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])
    assert game.state["gameover"] is None
    assert not lifecycle.is_over(game) and lifecycle.result(game) is None
    game = store.make_move(game, 0, "add", {"step": 2})
    game = lifecycle.end_game(game)
    assert lifecycle.is_over(game) and lifecycle.is_over(game.state)
    assert lifecycle.ended_by_teacher(game) and game.is_finished
    assert lifecycle.result(game)["winners"] == [0]
    game = store.undo(game)
    assert not lifecycle.is_over(game) and not game.is_finished


# Stored before the one field: each edition's own flags, as the code before it wrote them.
OLD_ENDS = [
    ("germany", {"ended": True, "rounds": [], "rounds_total": 6}, None, {"by": "teacher"}),
    (
        "germany",
        {"ended": False, "rounds": [{"number": 6, "revealed": True}], "rounds_total": 6},
        None,
        {"by": "rules"},
    ),
    ("world", {"finished": True, "before_bonus": [1, 2]}, END, {"by": "teacher"}),
    ("world", {"finished": True, "before_bonus": [1, 2]}, "evaluate", {"by": "rules"}),
    ("world", {"finished": False, "before_bonus": None}, "lay_out", None),
    ("numbers", {"status": "over", "reason": "ended"}, END, {"by": "teacher"}),
    ("numbers", {"status": "over", "reason": "hands_empty"}, "play", {"by": "rules"}),
    ("numbers", {"status": "won", "reason": "goal"}, "play", {"by": "rules"}),
    ("dice", {"over": True, "end": "teacher"}, END, {"by": "teacher"}),
    ("dice", {"over": True, "end": "stalled"}, "stop", {"by": "rules"}),
    ("dice", {"over": False, "end": None}, "roll", None),
    ("match", {"phase": "over", "ended_early": True}, END, {"by": "teacher"}),
    ("match", {"phase": "over"}, "claim", {"by": "rules"}),
    ("match", {"phase": "play"}, "claim", None),
]


@pytest.mark.parametrize(("slug", "old", "last", "over"), OLD_ENDS)
def test_the_migration_moves_every_old_end_into_the_one_field(slug, old, last, over):
    new = migration.to_one_field(slug, old, ended_by_end=last == END)
    assert new["gameover"] == over
    assert not {"ended", "finished", "over", "ended_early"} & set(new)
    if slug == "numbers" and over == {"by": "teacher"}:
        assert (new["status"], new["reason"]) == ("playing", "")
    if slug == "dice":
        assert new["end"] != "teacher"
    assert migration.to_one_field(slug, new) == new  # a second run changes nothing


def _played(slug, teacher, world_big):
    """A game of ``slug`` with a move or two, ended by the teacher."""
    if slug == "world":
        game = store.create_game(
            user=teacher, edition="world", deck=world_big, seat_names=["A", "B", "C"]
        )
        game = store.make_move(game, None, "lay_out", {}, teacher=True)
    elif slug == "dice":
        game = store.create_game(user=teacher, edition="dice", seat_names=["A", "B"])
        seat = game.state["turn"]["seat"]
        game = store.make_move(game, seat, "place", {"edge": "left", "index": 0})
        game = store.make_move(game, seat, "roll", {})
    elif slug == "numbers":
        game = store.create_game(user=teacher, edition="numbers", seat_names=["A", "B"])
    else:
        game = store.create_game(user=teacher, edition="match", seat_names=["A", "B"])
        game = store.make_move(game, 0, "start", {})
    return lifecycle.end_game(game)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["germany", "world", "numbers", "dice", "match"])
def test_a_game_stored_before_the_one_field_replays_and_undoes_after_the_migration(
    slug, teacher, big_deck, world_big
):
    if slug == "germany":
        game = store.create_game(
            user=teacher, edition="germany", deck=big_deck, seat_names=["Rot", "Blau"]
        )
        game = store.make_move(game, None, "lay_out", {}, teacher=True)
        game = lifecycle.end_game(game)
    else:
        game = _played(slug, teacher, world_big)
    current, initial = game.state, game.initial
    Game.objects.filter(pk=game.pk).update(
        moving_state=migration.to_edition_fields(slug, current),
        moving_initial=migration.to_edition_fields(slug, initial),
    )
    # The migration as it ran: on the models of its time.
    then = MigrationLoader(connection).project_state(("play", "0010_one_game_over_field"))
    migration.forwards(then.apps, None)
    game = Game.objects.get(pk=game.pk)
    assert game.state == current and game.state["gameover"] == {"by": "teacher"}
    assert store.replayed_state(game) == game.state
    assert lifecycle.result(game) is not None
    game = store.undo(game)
    assert not lifecycle.is_over(game)


@pytest.mark.django_db
def test_a_game_ended_for_idling_is_over_without_a_result(teacher, settings):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])
    hours = settings.PLAY_IDLE_HOURS + 1
    Game.objects.filter(pk=game.pk).update(active_at=timezone.now() - timedelta(hours=hours))
    expire_games()
    game = Game.objects.get(pk=game.pk)
    assert lifecycle.is_over(game) and not lifecycle.ended_by_teacher(game)
    assert lifecycle.result(game) is None
