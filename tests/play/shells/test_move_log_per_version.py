"""A change's screens read the move log once: the last move (what the screen reader says) and
whether the teacher may undo are the same for every screen of a game at a version."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from play.core import store
from play.models import Game, Move
from play.shells import screens

pytestmark = pytest.mark.django_db


def _screens_drawn(game: Game, teacher) -> tuple[list[dict], list[str]]:
    """Every screen's context of the game as it is now, and the SQL they ran."""
    request = RequestFactory().get(f"/play/host/{game.code}/")
    request.user = teacher
    game = Game.objects.get(pk=game.pk)
    with CaptureQueriesContext(connection) as queries, translation.override("en"):
        contexts = [screens.projector_context(request, game)]
        contexts += [screens.device_context(game, seat) for seat in screens.seats_of(game)]
    return contexts, [q["sql"] for q in queries.captured_queries]


def _move_log_reads(sql: list[str]) -> int:
    return sum(Move._meta.db_table in statement for statement in sql)


def test_every_screen_of_a_version_shares_one_read_of_the_move_log(teacher, game3):
    contexts, sql = _screens_drawn(game3, teacher)
    assert [c["announcement"] for c in contexts] == [""] * 4
    assert contexts[0]["can_undo"] is False

    store.make_move(Game.objects.get(pk=game3.pk), None, "lay_out", {}, teacher=True)
    contexts, sql = _screens_drawn(game3, teacher)
    # The last move and the undo button: one read for the four screens.
    assert _move_log_reads(sql) == 1
    assert [c["announcement"] for c in contexts] == ["Teacher: laid out new cards."] * 4
    assert contexts[0]["can_undo"] is True

    # Undone, the game is at a new version: the screens say so, however often drawn before.
    store.undo(Game.objects.get(pk=game3.pk))
    contexts, sql = _screens_drawn(game3, teacher)
    assert _move_log_reads(sql) == 1
    assert [c["announcement"] for c in contexts] == [""] * 4
    assert contexts[0]["can_undo"] is False
