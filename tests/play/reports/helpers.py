"""Games as a class plays them, for the reports' tests."""

from __future__ import annotations

from play.core import store
from play.editions.germany.moves import current_round, round_state
from play.models import Game


def play_like_a_class(game: Game) -> Game:
    """Seat 1 is the computer (it knows the backs: always right); seat 0 is a class that puts
    its first tip card left under the places in turn, right or wrong as it falls."""
    edition = store.edition_of(game)
    for step in range(200):
        if store.result_of(game) is not None:
            return Game.objects.get(pk=game.pk)
        rnd = current_round(game.state)
        table = round_state(game.state, rnd) if rnd and not rnd["revealed"] else None
        if table is not None and table.next_team() == 0:
            tip = table.available_tips(0)[0].value
            place = rnd["places"][step % len(rnd["places"])]
            game = store.make_move(game, 0, "tip", {"tip": tip, "place": place})
            continue
        move = edition.teacher_bot(game.state)
        if move is not None:
            game = store.make_move(game, None, move.move, dict(move.args), teacher=True)
        else:
            game = store.run_due_bots(Game.objects.get(pk=game.pk))
    raise AssertionError("no end")
