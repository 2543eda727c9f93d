"""A move is worked out on the game as last written and written only if nobody changed it since;
the rows every redraw reads come back as the ORM would give them."""

from __future__ import annotations

import pytest
from django.db.models import F

from play.core import reads, store
from play.core.engine import NotYourTurn
from play.models import STATE_FIELDS, Game, Move, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def toy_game(teacher):
    return store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bo"])


def _interleave(monkeypatch, before_first_commit):
    """Run ``before_first_commit`` between working out a move and writing it, once: right after
    the move has read the game it is worked out on."""
    read, calls = reads.game_by_id, []

    def read_then_another_change(game_id, *deferred):
        game = read(game_id, *deferred)
        if not calls:
            calls.append(game.version)
            before_first_commit()
        return game

    monkeypatch.setattr(reads, "game_by_id", read_then_another_change)
    return calls


def test_a_move_worked_out_on_an_old_version_is_worked_out_again(monkeypatch, toy_game):
    # Ada's first tab adds 2; her second tab's identical click lands between its working out
    # and its writing: written on the state it was worked out on, it would count twice.
    _interleave(
        monkeypatch,
        lambda: store.make_move(Game.objects.get(pk=toy_game.pk), 0, "add", {"step": 2}),
    )
    with pytest.raises(NotYourTurn):
        store.make_move(toy_game, 0, "add", {"step": 2})
    game = Game.objects.get(pk=toy_game.pk)
    assert game.state["total"] == 2 and game.state["turn"] == 1
    assert list(game.moves.values_list("number", "seat")) == [(1, 0)]
    assert game.version == toy_game.version + 1


def test_a_move_still_legal_after_another_change_is_written_after_it(monkeypatch, toy_game):
    _interleave(
        monkeypatch, lambda: store.make_move(Game.objects.get(pk=toy_game.pk), None, "roll", {})
    )
    game = store.make_move(toy_game, 0, "add", {"step": 1})
    assert [m.name for m in game.moves.order_by("number")] == ["roll", "add"]
    assert game.version == Game.objects.get(pk=game.pk).version == toy_game.version + 2
    assert store.replayed_state(game) == Game.objects.get(pk=game.pk).state


def test_an_undo_between_working_out_and_writing_is_not_overwritten(monkeypatch, toy_game):
    game = store.make_move(toy_game, 0, "add", {"step": 2})
    _interleave(monkeypatch, lambda: store.undo(Game.objects.get(pk=game.pk)))
    with pytest.raises(NotYourTurn):  # the undo gave the turn back to Ada
        store.make_move(game, 1, "add", {"step": 1})
    stored = Game.objects.get(pk=game.pk)
    assert stored.state["total"] == 0 and stored.state["turn"] == 0
    assert list(stored.moves.values_list("undone", flat=True)) == [True]


def test_a_game_changed_on_every_attempt_waits_for_its_lock(monkeypatch, toy_game):
    read, attempts = reads.game_by_id, []

    def read_then_someone_gets_there_first(game_id, *deferred):
        game = read(game_id, *deferred)
        attempts.append(game.version)
        Game.objects.filter(pk=game_id).update(version=F("version") + 1)
        return game

    monkeypatch.setattr(reads, "game_by_id", read_then_someone_gets_there_first)
    game = store.make_move(toy_game, 0, "add", {"step": 1})
    # Every optimistic attempt lost its race; the move was then written once, under the lock.
    assert len(attempts) == store.OPTIMISTIC_ATTEMPTS
    stored = Game.objects.get(pk=game.pk)
    assert stored.state["total"] == 1
    assert stored.version == toy_game.version + store.OPTIMISTIC_ATTEMPTS + 1
    assert Move.objects.filter(game=game).count() == 1


def test_the_computer_replies_are_written_with_the_move(teacher):
    game = store.create_game(user=teacher, edition="toy", seat_names=["Ada", "Bot"], bots=[1])
    game = store.make_move(game, 0, "add", {"step": 1})
    assert [(m.seat, m.by_bot) for m in game.moves.order_by("number")] == [(0, False), (1, True)]
    assert store.replayed_state(game) == Game.objects.get(pk=game.pk).state


def _fields(instance):
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_seat_and_its_game_read_as_the_orm_reads_them(toy_game):
    store.make_move(toy_game, 0, "add", {"step": 1})
    team = Team.objects.get(game=toy_game, index=1)
    found = reads.seat_with_game(toy_game.code, team.token, "moving_initial")
    assert _fields(found) == _fields(team)
    expected = _fields(Game.objects.get(pk=toy_game.pk))
    del expected["moving_initial"]
    loaded = found.game
    assert found.game_id == loaded.pk and {k: getattr(loaded, k) for k in expected} == expected
    assert loaded.get_deferred_fields() == {"moving_initial"}
    assert loaded.created_at.tzinfo is not None
    assert reads.seat_with_game(toy_game.code, "not-a-token") is None
    assert reads.seat_with_game("NOPE", team.token) is None


def test_a_game_by_code_its_seats_and_its_undo_button(toy_game):
    assert reads.game_by_code(toy_game.code, *STATE_FIELDS).get_deferred_fields() == {
        "fixed",
        "moving_initial",
        "moving_state",
    }
    assert reads.game_by_code(toy_game.code).initial == toy_game.initial
    assert reads.game_by_code("NOPE") is None
    assert reads.game_by_id(toy_game.pk, "moving_initial").code == toy_game.code
    assert reads.game_by_id(0) is None
    assert reads.last_move_number(toy_game.pk) == 0
    assert [(t.index, t.name) for t in reads.seats(toy_game.pk)] == [(0, "Ada"), (1, "Bo")]
    assert reads.move_log(toy_game.pk) == (None, False)
    game = store.make_move(toy_game, 0, "add", {"step": 1})
    assert reads.move_log(game.pk) == ((0, "add"), True)
    store.undo(game)
    assert reads.move_log(game.pk) == (None, False)
    assert reads.last_move_number(game.pk) == 1  # an undone move keeps its number


def test_a_device_joining_a_kick_and_the_mode_read_and_write_no_state(toy_game):
    """A game's state holds its whole deck: the changes that are not moves leave it alone."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from play.core.lifecycle import join_team, kick_device, set_mode

    game_table = Game._meta.db_table
    team = toy_game.teams.get(index=0)
    with CaptureQueriesContext(connection) as queries:
        set_mode(toy_game, "devices")
        join_team(toy_game, team)
        kick_device(toy_game, team)
    on_games = [q["sql"] for q in queries.captured_queries if game_table in q["sql"]]
    assert on_games and not any('"state"' in sql for sql in on_games), on_games
    after = Game.objects.get(pk=toy_game.pk)
    assert after.version == toy_game.version + 3
    assert after.state == toy_game.state and after.mode == "devices"
