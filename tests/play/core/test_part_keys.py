"""Parts drawn once for their keys (``{% part key … %}``) and reused: every screen of every
edition, along whole games played by the computer players, draws the same with the reuse as
without it. A key that misses something its part reads fails here."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from play.core import parts, store
from play.core.engine import facts_of
from play.core.errors import RuleViolation
from play.models import Game
from play.shells import screens


@pytest.fixture
def island(monkeypatch):
    from play.editions.match import moves
    from play.editions.match.deck import deck_data
    from tests.play.match.helpers import island_cards

    monkeypatch.setattr(moves, "island_deck", lambda: deck_data(island_cards()))


def play_one(game: Game) -> bool:
    """A move of the computer players, or the teacher's where no seat has one."""
    spec = store.edition_of(game)
    if game.is_finished:
        return False
    for seat in range(game.teams.count()):
        move = spec.bot(game.state, seat)
        if move is not None:
            store.make_move(game, seat, move.move, dict(move.args))
            return True
    planned = spec.teacher_bot(game.state) if getattr(spec, "teacher_bot", None) else None
    moves = [(planned.move, dict(planned.args))] if planned else []
    moves += [(n, {}) for n, f in spec.moves.items() if facts_of(f).teacher and n != "end"]
    for name, args in moves:
        for seat, teacher in ((None, True), (0, False)):
            try:
                store.make_move(game, seat, name, args, teacher=teacher)
            except RuleViolation:
                continue
            return True
    return False


def stages(game: Game, teacher) -> list[str]:
    request = RequestFactory().get("/", HTTP_HOST="testserver")
    request.user = teacher
    contexts = [screens.projector_context(request, game)]
    # Each phone with its table open: the projector's copy is a part too.
    contexts += [
        screens.device_context(game, team, table_open=True) for team in game.teams.order_by("index")
    ]
    with translation.override(game.language):
        return [
            render_to_string("play/_stage.html", {**c, "csrf_token": "token"}) for c in contexts
        ]


@pytest.mark.parametrize("edition", ["germany", "world", "match", "numbers", "dice"])
@pytest.mark.parametrize("language", ["de", pytest.param("en", marks=pytest.mark.exhaustive)])
def test_every_screen_draws_the_same_with_its_parts_reused(
    edition, language, teacher, big_deck, world_big, island, monkeypatch
):
    made = {
        "germany": dict(deck=big_deck, seat_names=["A", "B", "C"]),
        "world": dict(deck=world_big, seat_names=["A", "B", "C", "D"]),
        "match": dict(seat_names=["A1", "A2", "B1", "B2"], options={"layout": "2-2"}),
        "numbers": dict(seat_names=["A", "B", "C"]),
        "dice": dict(seat_names=["A", "B"]),
    }[edition]
    game = store.create_game(
        user=teacher, edition=edition, mode="devices", language=language, **made
    )
    parts.drawn_parts.clear()
    reused = 0
    for _ in range(45):
        game = Game.objects.get(pk=game.pk)
        monkeypatch.setattr(parts.drawn_parts, "on", True)
        kept = len(parts.drawn_parts.values)
        with_reuse = stages(game, teacher)
        reused += kept == len(parts.drawn_parts.values)
        screens.forget_drawn_stages()
        monkeypatch.setattr(parts.drawn_parts, "on", False)
        assert stages(game, teacher) == with_reuse, f"version {game.version}"
        if not play_one(game):
            break
    if edition in ("germany", "world", "dice"):
        assert reused, "no part was reused"


def test_a_forgotten_value_is_made_again():
    made = []
    kept = screens.OncePerKey(4)
    assert kept.get(("a",), lambda: made.append(1) or len(made)) == 1
    assert kept.get(("a",), lambda: made.append(1) or len(made)) == 1
    kept.clear()
    assert kept.get(("a",), lambda: made.append(1) or len(made)) == 2
