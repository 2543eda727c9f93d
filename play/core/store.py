"""The Django half of the play core: games on an edition's engine, their move log, undo, bots.

Every change is written together with its log entries (acting seat and time) and bumps the
game's version for polling screens; a move is worked out first and written only if the version is
still the one it was worked out on, other changes run under the game row's lock
(``locked_game``). Replaying the
log from ``Game.initial`` gives ``Game.state`` again (each joins the game's fixed part, stored
once, to the part moves change); the teacher's undo is such a replay without
the last move.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from cards.models import Deck
from cards.sanitize import hidden_character, name_key
from cards.snapshot import card_data
from play.core import push, reads, registry, signals
from play.core.engine import (
    GAMEOVER,
    Context,
    Edition,
    LoggedMove,
    RoundClosed,
    RuleViolation,
    Screen,
    Viewer,
    apply_move,
    as_json,
    as_json_moving,
    clean_options,
    move_rng,
    replay,
    setup_rng,
    split_state,
)
from play.models import STATE_FIELDS, Game, Mode, Move, Status, Team

# A bot loop that never ends would hold the game's lock for ever; real games need a few dozen.
MAX_BOT_MOVES = 500
# Moves on one game that collide this often (six teams guessing at once) then queue for its lock.
OPTIMISTIC_ATTEMPTS = 3
TEAM_NAME_MAX = 40


@contextmanager
def locked_game(
    game_id: int, *, allow_finished: bool = False, with_state: bool = True
) -> Iterator[Game]:
    """Run a change under the game row's lock (PostgreSQL row lock; SQLite takes the write lock
    up front because the connection uses IMMEDIATE transactions). ``with_state=False`` for a
    change that is not a move (a device joining, a kick, the mode): it reads no state, which
    holds the game's whole deck (a Germany game's some 130-190 KB), and must write none."""
    # The set-up state is read only to replay the log (undo): not on every move.
    deferred = ("fixed", "moving_initial") if with_state else STATE_FIELDS
    with transaction.atomic():
        try:
            game = Game.objects.select_for_update().defer(*deferred).get(pk=game_id)
        except Game.DoesNotExist:
            raise RuleViolation("unknown_game", "There is no such game.") from None
        if game.is_finished and not allow_finished:
            raise RoundClosed("game_finished", "This game has ended.")
        yield game
        if not game.unchanged:
            game.bump()
            # A change without the state is not a move: a device joining, a kick, the mode.
            push.announce(game.pk, game.version, quiet=not with_state)


def edition_of(game: Game) -> Edition:
    edition = registry.get(game.edition)
    if edition is None:
        raise RuleViolation("unknown_edition", f"Unknown edition {game.edition!r}.")
    return edition


def clean_seat_names(edition: Edition, names: Sequence[Any]) -> list[str]:
    low, high = edition.seats.min, edition.seats.max
    if not isinstance(names, list | tuple) or not low <= len(names) <= high:
        noun = "team" if edition.seats.kind == "teams" else "player"
        error = RuleViolation(f"{noun}_count", f"A game has {low} to {high} {noun}s.")
        error.params = {"low": low, "high": high}
        raise error
    cleaned = []
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation("team_name", "Every team needs a name.")
        name = name.strip()
        if len(name) > TEAM_NAME_MAX:
            raise RuleViolation("team_name", f"Team names have at most {TEAM_NAME_MAX} characters.")
        if (hidden := hidden_character(name)) is not None:
            code = f"U+{ord(hidden):04X}"
            error = RuleViolation(
                "team_name", f"Team names cannot contain invisible or control characters ({code})."
            )
            error.params = {"reason": "character", "code": code}
            raise error
        key = name_key(name)
        if key in seen:
            error = RuleViolation(
                "team_name", f"Two teams cannot have names that look the same: {name}."
            )
            error.params = {"reason": "twin", "name": name}
            raise error
        seen[key] = name
        cleaned.append(name)
    return cleaned


def deck_cards(deck: Deck, language: str) -> list[dict[str, Any]]:
    """A deck's cards as plain data for an edition's setup (the game keeps its own copy)."""
    return [card_data(card, language) for card in deck.cards.select_related("place")]


def create_game(
    *,
    user: Any,
    edition: str,
    seat_names: Sequence[Any],
    deck: Deck | None = None,
    options: dict[str, Any] | None = None,
    bots: Sequence[int] = (),
    mode: str = Mode.DEVICES,
    language: str = "de",
    school_class: Any = None,
    solo: bool = False,
) -> Game:
    """Set up a game of a registered edition (for ``school_class``, a ``Class``, if given);
    raises ``RuleViolation`` for bad settings. ``solo``: one pupil against computer seats,
    the computer taking the teacher's steps too."""
    spec = registry.get(edition) if isinstance(edition, str) else None
    if spec is None:
        raise RuleViolation("unknown_edition", f"Unknown edition {edition!r}.")
    names = clean_seat_names(spec, seat_names)
    if spec.deck_editions:
        if deck is None:
            raise RuleViolation("deck_required", "This game needs a deck of cards.")
        if deck.edition not in spec.deck_editions:
            raise RuleViolation("deck_edition", f"Deck {deck.slug!r} is not a {edition} deck.")
    elif deck is not None:
        raise RuleViolation("deck_not_used", "This game does not use a deck.")
    if not isinstance(bots, list | tuple) or any(
        not isinstance(b, int) or isinstance(b, bool) or not 0 <= b < len(names) for b in bots
    ):
        raise RuleViolation("bad_bots", "Computer seats are given by their seat numbers.")
    if bots and spec.bot is None:
        raise RuleViolation("no_bots", "This game has no computer players.")
    if len(set(bots)) == len(names):
        raise RuleViolation("bad_bots", "At least one seat must be played by people.")
    if mode not in Mode.values:
        raise RuleViolation("unknown_mode", f"Unknown mode {mode!r}.")
    if spec.devices_only and mode != Mode.DEVICES:
        raise RuleViolation("devices_only", "Every team plays this game on a device of its own.")
    cleaned = clean_options(spec, options, len(names))
    if deck is None:
        cards = None
    elif spec.deck_snapshot is not None:
        cards = spec.deck_snapshot(deck, language)
    else:
        cards = deck_cards(deck, language)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                game = Game(
                    edition=spec.slug,
                    deck=deck,
                    mode=mode,
                    options=cleaned,
                    language=language,
                    school_class=school_class,
                    solo=solo,
                )
                game.created_by = user if getattr(user, "is_authenticated", False) else None
                state = as_json(spec.setup(cleaned, cards, names, setup_rng(game.seed)))
                state[GAMEOVER] = None  # the core's field, shown from the start
                game.set_fixed_part(split_state(spec, state)[0])
                game.initial = state
                game.state = state
                game.save()
                Team.objects.bulk_create(
                    Team(game=game, index=i, name=name, is_bot=i in bots)
                    for i, name in enumerate(names)
                )
                _run_bots(game, spec)
                _finish_if_over(game, spec)
                _save(game)
                return game
        except IntegrityError:  # a join code or token collided; draw new ones
            continue
    raise RuntimeError("could not find a free join code")


def _apply(
    game: Game, edition: Edition, seat: int | None, name: str, args: Any, key: str = "", **flags
) -> None:
    # Check first with a provisional context, so a refused move leaves no log entry behind;
    # the rng and clock of a move depend only on its number and logged time. The log entry
    # waits in ``game.pending_moves`` until the state is written with it (``_save``, ``_commit``).
    if not isinstance(args, dict):
        raise RuleViolation("bad_args", "A move's arguments are an object.")
    pending = game.pending_moves
    number = (pending[-1].number if pending else reads.last_move_number(game.pk)) + 1
    at = timezone.now()
    ctx = Context(move_rng(game.seed, number), at.timestamp(), flags.get("by_teacher", False))
    new = as_json_moving(edition, apply_move(edition, game.state, seat, name, args, ctx))
    pending.append(
        Move(game=game, number=number, seat=seat, name=name, args=args, at=at, key=key, **flags)
    )
    game.state = new


def _finish_if_over(game: Game, edition: Edition) -> None:
    if game.status != Status.FINISHED and edition.result(game.state) is not None:
        game.status = Status.FINISHED
        game.finished_at = timezone.now()
        # robust: a receiver's failure is logged; the move that ended the game stands.
        transaction.on_commit(lambda: signals.game_over.send(sender=Game, game=game), robust=True)


def _run_bots(
    game: Game, edition: Edition, hurried: float | None = None, teams: list[Team] | None = None
) -> None:
    """Apply the computer seats' moves that are due; remember when the next one falls due.
    ``hurried``: the first move is made as if the clock said this (a Hurry: the next move now),
    the ones after it at their own time."""
    game.bot_due_at = None
    if edition.bot is None:
        return
    bot_seats = [t.index for t in (game.teams.all() if teams is None else teams) if t.is_bot]
    if not bot_seats and not game.solo:
        return
    for step in range(MAX_BOT_MOVES):
        if edition.result(game.state) is not None:
            return
        now = hurried if step == 0 and hurried is not None else time.time()
        due = None
        for seat in bot_seats:
            move = edition.bot(game.state, seat)
            if move is None:
                continue
            ready_at = move.at if move.at is not None else _last_move_time(game) + _pace(game, move)
            if ready_at <= now:
                due = (seat, move)
                break
            game.bot_due_at = min(game.bot_due_at or ready_at, ready_at)
        if due is None and game.bot_due_at is None and game.solo:
            due = _table_step(game, edition, now)
        if due is None:
            return
        game.bot_due_at = None
        seat, move = due
        table = seat is None  # the teacher's step, taken by the computer in a solo game
        _apply(game, edition, seat, move.move, dict(move.args), by_bot=True, by_teacher=table)
        _finish_if_over(game, edition)


def _pace(game: Game, move: Any) -> float:
    """How long a computer seat's paced move waits after the last move. Alone, a pupil reads
    each computer team's move before the next arrives (and may hurry them); in class the room
    watches the projector, where the edition's own pace is right."""
    if game.solo and move.delay > 0:
        return max(move.delay, settings.PLAY_HOMEWORK_COMPUTER_PACE_MS / 1000)
    return move.delay


# In a game played alone the computer takes the teacher's steps too; it waits this long before
# each (a revealed round stays on the screen long enough to read), unless the pupil hurries it.
SOLO_TABLE_PAUSE = 3.0


def _table_step(game: Game, edition: Edition, now: float) -> tuple[None, Any] | None:
    """The teacher's next step in a solo game if it is due (else its time in ``bot_due_at``)."""
    if edition.teacher_bot is None:
        return None
    move = edition.teacher_bot(game.state)
    if move is None:
        return None
    ready_at = _last_move_time(game) + max(move.delay, SOLO_TABLE_PAUSE)
    if ready_at <= now:
        return None, move
    game.bot_due_at = ready_at
    return None


def _last_move_time(game: Game) -> float:
    if pending := game.pending_moves:
        return pending[-1].at.timestamp()
    last = game.moves.filter(undone=False).order_by("-number").values_list("at", flat=True).first()
    return (last or game.created_at or timezone.now()).timestamp()


def _save(game: Game) -> None:
    """Write a locked game's new state together with the log entries that led to it."""
    Move.objects.bulk_create(game.pending_moves)
    game.pending_moves = []
    game.save(update_fields=["moving_state", "status", "finished_at", "bot_due_at"])


def _commit(game: Game) -> bool:
    """Write a move worked out on an unlocked copy, unless the game changed in the meantime.

    The write lock is held for two short statements instead of the whole move: on SQLite every
    writer of the school waits for that one lock, and a waiter sleeps in growing steps."""
    with transaction.atomic():
        active_at = timezone.now()
        written = Game.objects.filter(pk=game.pk, version=game.version).update(
            moving_state=game.moving_state,
            status=game.status,
            finished_at=game.finished_at,
            bot_due_at=game.bot_due_at,
            version=F("version") + 1,
            active_at=active_at,
        )
        if not written:
            return False
        Move.objects.bulk_create(game.pending_moves)
    game.pending_moves = []
    game.version += 1
    game.active_at = active_at
    push.announce(game.pk, game.version)
    return True


def _play(game: Game, seat: int | None, name: str, args: Any, teacher: bool, key: str) -> None:
    edition = edition_of(game)
    teams = reads.seats(game.pk)
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(teams)):
        raise RuleViolation("unknown_seat", "No such seat in this game.")
    _apply(game, edition, seat, name, args, key, by_teacher=teacher)
    _finish_if_over(game, edition)
    _run_bots(game, edition, teams=teams)


MAX_KEY = 64


def move_key(key: Any, seat: int | None, teacher: bool) -> str:
    """The stored form of a client's idempotency key: scoped to who moves, so one seat's key
    never answers for another's move."""
    if key in (None, ""):
        return ""
    text = str(key)
    if len(text) > MAX_KEY or not text.isascii() or not text.isprintable() or " " in text:
        raise RuleViolation("bad_key", "An idempotency key is up to 64 printable ASCII characters.")
    who = "t" if teacher else str(seat)
    return f"{who}:{text}"


def _answered(game_id: int, key: str) -> Game | None:
    """The game as it is now if a move with this key is in its log already, else None."""
    if not key or not Move.objects.filter(game_id=game_id, key=key).exists():
        return None
    game = reads.game_by_id(game_id, "moving_initial")
    if game is not None:
        game.repeated = True
    return game


def make_move(
    game: Game,
    seat: int | None,
    name: str,
    args: Any,
    *,
    teacher: bool = False,
    key: Any = None,
) -> Game:
    """Apply one move for a seat (or the teacher), then any computer moves that are due.

    The move is worked out on the game as last written and written only if nobody changed it
    since (its version); otherwise it is worked out again on the new state, where it may now be
    refused (a card already taken). After a few such collisions it waits for the game's lock.

    ``key`` is the client's idempotency key: stored with the move in the same transaction, so a
    retry with the same key (a double tap, a lost answer, a server killed after the write) is
    not made again; the game comes back as it is, with ``repeated`` set."""
    stored_key = move_key(key, seat, teacher)
    try:
        for _attempt in range(OPTIMISTIC_ATTEMPTS):
            current = reads.game_by_id(game.pk, "moving_initial")
            if current is None:
                raise RuleViolation("unknown_game", "There is no such game.")
            # The key is looked up after the game is read: a simultaneous retry that wrote the
            # move since is found here, instead of its move being judged again on the state it
            # made (where it is no longer this seat's turn). Written later, it changed the
            # version, so this copy's commit fails and the next attempt finds it.
            if (answered := _answered(game.pk, stored_key)) is not None:
                return answered
            if current.is_finished:
                raise RoundClosed("game_finished", "This game has ended.")
            _play(current, seat, name, args, teacher, stored_key)
            if _commit(current):
                return current
        with locked_game(game.pk, allow_finished=bool(stored_key)) as locked:
            if (answered := _answered(game.pk, stored_key)) is not None:
                locked.unchanged = True
                return answered
            if locked.is_finished:
                raise RoundClosed("game_finished", "This game has ended.")
            _play(locked, seat, name, args, teacher, stored_key)
            _save(locked)
    except IntegrityError:
        # The same key, written a moment ago by a simultaneous retry: that one is the move.
        if (answered := _answered(game.pk, stored_key)) is not None:
            return answered
        raise
    return locked


def run_due_bots(game: Game) -> Game:
    """Called by polls once ``bot_due_at`` has passed; a no-op when another poll was first."""
    if game.bot_due_at is None or game.bot_due_at > time.time() or game.is_finished:
        return game
    with locked_game(game.pk) as locked:
        if locked.bot_due_at is None or locked.bot_due_at > time.time():
            locked.unchanged = True
            return locked
        edition = edition_of(locked)
        _run_bots(locked, edition)
        _finish_if_over(locked, edition)
        _save(locked)
    return locked


def hurry(game: Game) -> Game:
    """Make the computer's next move now (a pupil playing alone who does not want to wait)."""
    with locked_game(game.pk) as locked:
        if locked.bot_due_at is None:
            locked.unchanged = True
            return locked
        edition = edition_of(locked)
        _run_bots(locked, edition, hurried=locked.bot_due_at)
        _finish_if_over(locked, edition)
        _save(locked)
    return locked


def logged_moves(game: Game) -> list[LoggedMove]:
    return [
        LoggedMove(m.number, m.seat, m.name, m.args, m.at.timestamp(), m.by_teacher)
        for m in game.moves.filter(undone=False).order_by("number")
    ]


def replayed_state(game: Game) -> dict[str, Any]:
    edition = edition_of(game)
    return as_json_moving(edition, replay(edition, game.initial, logged_moves(game), game.seed))


def undo(game: Game) -> Game:
    """Take back the last move people made (and the computer moves that followed it)."""
    with locked_game(game.pk, allow_finished=True) as locked:
        edition = edition_of(locked)
        live = list(locked.moves.filter(undone=False).order_by("-number"))
        last_human = next((m for m in live if not m.by_bot), None)
        if last_human is None:
            raise RuleViolation("nothing_to_undo", "There is no move to take back.")
        Move.objects.filter(game=locked, number__gte=last_human.number).update(undone=True)
        locked.state = replayed_state(locked)
        locked.status, locked.finished_at = Status.ACTIVE, None
        _finish_if_over(locked, edition)
        # Computer seats wait for people after an undo, or the undo would be undone at once.
        locked.bot_due_at = None
        _save(locked)
    return locked


def view_for(game: Game, viewer: Viewer, screen: Screen | None = None) -> dict[str, Any]:
    """What ``viewer`` may see (the edition's ``view``), presented for ``screen`` (``None``:
    as JSON for the API)."""
    edition = edition_of(game)
    data = edition.view(game.state, viewer)
    return edition.present(data, screen) if edition.present is not None else data


def whose_turn(game: Game) -> int | None:
    """The seat whose turn it is by the edition's turn order; ``None`` when it is no one seat's
    (every seat moves at once, the teacher's step, the game over). Every screen shows it."""
    turn = edition_of(game).turn
    return None if turn is None or game.is_finished else turn.current(game.state)


def result_of(game: Game) -> dict[str, Any] | None:
    return edition_of(game).result(game.state)
