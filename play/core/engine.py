"""The pure half of the play core: what an edition is, and how moves apply and replay.

Modelled on boardgame.io's game object: an edition is plain data plus pure functions —
``setup`` builds the first state, ``moves`` turn a state into the next one, ``view`` cuts out
what one viewer may see, ``result`` says who won. The Django half (``play.models``,
``play.games``) stores the state, the append-only move log and a per-game seed, and writes each
move only if the game did not change meanwhile; replaying the log from the initial state gives
the same state again, which is also how the teacher's undo works.

No Django here: editions' ``rules.py`` modules and their tests import this without a database.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import orjson

from play.core.args import arg_choice, arg_int, as_int, check_args, is_digits
from play.core.errors import NotYourTurn, RoundClosed, RuleViolation, TurnConflict

__all__ = [
    "BotMove",
    "Context",
    "Edition",
    "GameOver",
    "LoggedMove",
    "NotYourTurn",
    "Option",
    "RoundClosed",
    "RuleViolation",
    "Seats",
    "TurnConflict",
    "Viewer",
    "apply_move",
    "arg_choice",
    "arg_int",
    "check_args",
    "clean_options",
    "is_digits",
    "move_rng",
    "replay",
    "setup_rng",
]

State = dict[str, Any]


class GameOver(TurnConflict):
    """The game has ended; no move is accepted any more (HTTP 409)."""


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the projector (the whole room), one seat's device, or the teacher.

    The teacher's view may show more than the projector (for example whose tips are still
    missing) but never a seat's secrets: the teacher's screen is usually projected too.
    """

    role: Literal["projector", "seat", "teacher"]
    seat: int | None = None

    @classmethod
    def projector(cls) -> Viewer:
        return cls("projector")

    @classmethod
    def teacher(cls) -> Viewer:
        return cls("teacher")

    @classmethod
    def of_seat(cls, seat: int) -> Viewer:
        return cls("seat", seat)


@dataclass(frozen=True)
class Context:
    """What a move may use besides the state and its arguments.

    ``rng`` is seeded from the game's seed and the move's number, and ``now`` is the time the
    move was logged (seconds since the epoch), so a replay draws the same cards and sees the
    same clock.
    """

    rng: random.Random
    now: float
    teacher: bool = False


@dataclass(frozen=True)
class Seats:
    """How many seats a game has, and whether a seat is a team, a single player, or a device
    (a race: every seat is a phone, and a team may share two)."""

    min: int
    max: int
    kind: Literal["teams", "players", "devices"] = "teams"


@dataclass(frozen=True)
class Option:
    """One game option: its kind follows its default (bool, int or str).

    A ``str`` option needs ``choices`` (value, label); an ``int`` option may give ``min`` and
    ``max``, or ``choices`` of whole numbers. Labels may be lazy translations; the new-game
    form is built from these. ``deck_help(deck)`` gives the help for a game with that deck (the
    form shows the chosen deck's), ``help`` the one for none chosen.
    """

    name: str
    label: Any
    default: bool | int | str
    choices: tuple[tuple[Any, Any], ...] = ()
    min: int | None = None
    max: int | None = None
    help: Any = ""
    deck_help: Callable[[Any], Any] | None = None

    def clean(self, value: Any) -> bool | int | str:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if value in ("true", "on", "1", 1):
                return True
            if value in ("false", "off", "0", 0, ""):
                return False
            raise RuleViolation("bad_option", f"{self.name} must be true or false.")
        if isinstance(self.default, int):
            number = as_int(value)
            if number is None:
                raise RuleViolation("bad_option", f"{self.name} must be a whole number.")
            if self.choices and number not in [choice for choice, _label in self.choices]:
                raise RuleViolation("bad_option", f"{self.name} is not one of the choices.")
            if (self.min is not None and number < self.min) or (
                self.max is not None and number > self.max
            ):
                raise RuleViolation(
                    "bad_option", f"{self.name} must be between {self.min} and {self.max}."
                )
            return number
        allowed = [value for value, _label in self.choices]
        if value not in allowed:
            raise RuleViolation("bad_option", f"{self.name} must be one of {', '.join(allowed)}.")
        return value


@dataclass(frozen=True)
class BotMove:
    """A computer seat's next move; ``delay`` seconds after the last move, to look human.

    ``at``, when given, is the moment the move falls due on the moves' clock (``Context.now``,
    seconds since the epoch) whatever moves came since: a race's computer team measures its
    reaction from when it began to look, or people claiming faster would hold it back for ever.
    """

    move: str
    args: dict[str, Any] = field(default_factory=dict)
    delay: float = 0.0
    at: float | None = None


Move = Callable[[State, "int | None", dict[str, Any], Context], State]


@dataclass(frozen=True)
class Edition:
    """One game of the family, as the core needs it.

    - ``setup(options, deck, seat_names, rng)`` → the first state. ``deck`` is a list of plain
      card dicts from the card database (``None`` for editions without a place deck), or what
      the edition's ``deck_snapshot`` makes of the deck. The state must be JSON-serialisable and
      self-contained: replays never read the database.
    - ``moves[name](state, seat, args, ctx)`` → the next state. ``seat`` is the acting seat's
      index (``None`` for a teacher's move such as a reveal). A move gets its own deep copy of the
      state and may change it in place; it raises ``RuleViolation`` (400), ``NotYourTurn`` or
      another ``TurnConflict`` (409). Arguments arrive from JSON or from forms: check them
      (``arg_int``, ``arg_choice``).
    - ``teacher_moves``: moves only the teacher may make (seat is then ``None``). Every
      edition has an ``end`` teacher move: the teacher's "End game", after which ``result``
      gives the standings as they are.
    - ``view(state, viewer)`` → a JSON-safe dict with exactly what that viewer may see: the
      secret boundary, a pure function (``view.py``).
    - ``present(data)`` → the view with what screens add in their language (labels, a map),
      made from the view alone, so it cannot show more than the view does.
    - ``result(state)`` → ``None`` while the game runs, else a dict with at least ``winners``
      (seat indexes) and ``ranking``. ``early`` set: the teacher ended the game before its
      rules did, and the screens name the leaders as ahead, not as winners.
    - ``bot(state, seat)`` → the computer seat's next ``BotMove``, or ``None`` if it has nothing
      to do now. Deterministic given the state (use ``state``-held randomness or the seat).
    - ``teacher_bot(state)`` → the teacher's next step when the computer runs the table (a
      demonstration, the edition contract test), or ``None`` when seats must act first.
    - ``rows(state)`` → CSV rows (first row the header) for the results export.
    - ``deck_editions``: the card database editions a game takes a deck of (any one of them),
      or ``()`` for a game without a deck; ``deck_edition`` is the first.
    - ``deck_snapshot(deck, language)`` → what ``setup`` receives as ``deck``, as plain data
      (the deck's cards and whatever else of the deck the game keeps, such as its map); without
      it, the deck's cards (``store.deck_cards``).
    - ``messages``: the screens' sentences for this edition's refusal codes (lazy translations,
      code → text, or (code, English message) → text where one code has several sentences;
      ``%(name)s`` takes the refusal's ``params``); codes without one fall back to the core's
      table, then to the English message.
    - ``devices_only``: every seat needs a device of its own (a race): no projector-only play.
    - ``secret_seats``: a seat's view holds what the room must not see (a hand, an open
      guess): in devices mode the projector never plays for a seat, it waits for its device.
    - ``move_args``: per move, the names of the arguments it takes; a move listed here refuses
      any other name (every move's arguments are bounded by ``check_args`` anyway).
    - ``secret_moves``: moves whose arguments the log shows only once the game is over (a
      team's open guess, a face-down tip): what the views hide until it is revealed.
    - ``report(played)`` → the teacher's report of the game (``play.core.played``): its
      ``teams`` with their points, ``answers`` (one per place asked: ``place``, ``place_id``,
      ``kind``, ``correct``, ``latitude``, ``longitude``) for the class's report, an optional
      ``map`` and whatever the edition's report page shows. Pure, and like ``view`` it holds
      only what has been revealed.
    """

    slug: str
    name: Any
    seats: Seats
    setup: Callable[[dict[str, Any], list[dict] | None, list[str], random.Random], State]
    moves: Mapping[str, Move]
    view: Callable[[State, Viewer], dict[str, Any]]
    result: Callable[[State], dict[str, Any] | None]
    present: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    options: tuple[Option, ...] = ()
    check_options: Callable[[dict[str, Any], int], None] | None = None
    teacher_moves: frozenset[str] = frozenset()
    bot: Callable[[State, int], BotMove | None] | None = None
    teacher_bot: Callable[[State], BotMove | None] | None = None
    rows: Callable[[State], list[list[Any]]] | None = None
    deck_editions: tuple[str, ...] = ()
    deck_snapshot: Callable[[Any, str], Any] | None = None
    description: Any = ""
    messages: Mapping[str, Any] = field(default_factory=dict)
    devices_only: bool = False
    secret_seats: bool = False
    move_args: Mapping[str, frozenset[str]] = field(default_factory=dict)
    secret_moves: frozenset[str] = frozenset()
    report: Callable[[Any], dict[str, Any]] | None = None

    @property
    def deck_edition(self) -> str | None:
        """The first of ``deck_editions`` (the one a game of this edition is mostly played
        with), or ``None`` for a game without a deck."""
        return self.deck_editions[0] if self.deck_editions else None


def clean_options(edition: Edition, options: Mapping[str, Any] | None, seats: int) -> dict:
    """Fill in defaults, check every value and refuse unknown names."""
    options = dict(options or {})
    known = {option.name: option for option in edition.options}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise RuleViolation("unknown_option", f"Unknown option(s): {', '.join(unknown)}.")
    cleaned = {
        name: option.clean(options[name]) if name in options else option.default
        for name, option in known.items()
    }
    if edition.check_options is not None:
        edition.check_options(cleaned, seats)
    return cleaned


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def move_rng(seed: int, number: int) -> random.Random:
    """The generator for the move with this 1-based log number."""
    return random.Random(f"{seed}:{number}")


def _fresh(state: State) -> State:
    # States are JSON data (they come from the database): a JSON round trip copies them in C,
    # several times faster than deepcopy on a match's nested lists.
    return as_json(state)


def apply_move(
    edition: Edition,
    state: State,
    seat: int | None,
    name: str,
    args: Mapping[str, Any] | None,
    ctx: Context,
    *,
    new: bool = True,
) -> State:
    """Check and apply one move; the given state is left untouched. A ``new`` move (not one
    replayed from the log) has its arguments bounded first (``check_args``)."""
    if edition.result(state) is not None:
        raise GameOver("game_over", "This game has ended.")
    move = edition.moves.get(name)
    if move is None:
        raise RuleViolation("unknown_move", f"There is no move called {name!r}.")
    if name in edition.teacher_moves and not ctx.teacher:
        raise RuleViolation("teacher_only", "Only the teacher may do that.")
    if not isinstance(args, Mapping):
        raise RuleViolation("bad_args", "A move's arguments are an object.")
    if new:
        check_args(args)
        declared = edition.move_args.get(name)
        unknown = sorted(set(args) - declared) if declared is not None else []
        if unknown:
            error = RuleViolation("unknown_args", f"{name} takes no {', '.join(unknown)}.")
            error.params = {"names": ", ".join(unknown)}
            raise error
    after = move(_fresh(state), seat, dict(args), ctx)
    if not isinstance(after, dict):
        raise TypeError(f"move {edition.slug}.{name} returned {type(after).__name__}, not a dict")
    return after


@dataclass(frozen=True)
class LoggedMove:
    """One row of the move log, as replay needs it."""

    number: int
    seat: int | None
    name: str
    args: dict[str, Any]
    at: float
    teacher: bool = False


def replay(edition: Edition, initial: State, log: Iterable[LoggedMove], seed: int) -> State:
    """The state after applying the logged moves to the initial state, in order."""
    state = initial
    for entry in log:
        ctx = Context(rng=move_rng(seed, entry.number), now=entry.at, teacher=entry.teacher)
        state = apply_move(edition, state, entry.seat, entry.name, entry.args, ctx, new=False)
    return state


def as_json(state: State) -> State:
    """A JSON round trip: what the database will give back (tuples become lists, keys strings).
    orjson does it several times faster; what it refuses (integers beyond 64 bits) goes through
    the standard library."""
    try:
        return orjson.loads(orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS))
    except TypeError:  # orjson.JSONEncodeError is one
        return json.loads(json.dumps(state))
