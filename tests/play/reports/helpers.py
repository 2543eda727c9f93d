"""Games as a class plays them, for the reports' tests."""

from __future__ import annotations

from play.core import registry, store
from play.editions.germany.moves import current_round, round_state
from play.models import Game, Mode

# Moves enough for every edition's longest game against the computer.
MAX_STEPS = 3000


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


def game_with_computer_seats(slug: str, teacher, decks, seats: int | None = None) -> Game:
    """A devices game of edition ``slug`` on its deck from ``decks`` (by deck edition), every
    seat but the first played by the computer."""
    edition = registry.get(slug)
    count = seats or edition.seats.min
    return store.create_game(
        user=teacher,
        edition=slug,
        deck=decks.get(edition.deck_edition) if edition.deck_edition else None,
        seat_names=[f"Seat{i + 1}" for i in range(count)],
        bots=list(range(1, count)),
        mode=Mode.DEVICES,
    )


def next_computer_move(game: Game, seats: range) -> Game | None:
    """The first move the computer would make for one of ``seats`` (or, if none has one, as the
    teacher), made; None when no one has a move."""
    edition = store.edition_of(game)
    for seat in seats:
        move = edition.bot(game.state, seat)
        if move is not None:
            return store.make_move(game, seat, move.move, dict(move.args))
    move = edition.teacher_bot(game.state) if edition.teacher_bot else None
    if move is not None:
        return store.make_move(game, None, move.move, dict(move.args), teacher=True)
    return None


def play_to_the_end(game: Game) -> Game:
    """The game played on by the computer (seat 0 and the teacher) until it has a result."""
    for _ in range(MAX_STEPS):
        if store.result_of(game) is not None:
            return Game.objects.get(pk=game.pk)
        game = next_computer_move(game, range(1)) or game
    raise AssertionError(f"{game.edition}: no end")
