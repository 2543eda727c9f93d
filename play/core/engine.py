"""The pure half of the play core: what an edition is, and how moves apply and replay.

Modelled on boardgame.io's game object: an edition is plain data plus pure functions —
``setup`` builds the first state, ``moves`` turn a state into the next one (the core checks
each move's declared facts and the turn order first), ``end_if`` says when the rules end the
game, ``view`` cuts out what one viewer may see, ``result`` says who won. The Django half
(``play.models``, ``play.core.store``) stores the state, the append-only move log and a
per-game seed, and writes each move only if the game did not change meanwhile; replaying the
log from the initial state gives the same state again, which is also how the teacher's undo
works.

No Django here: editions' ``rules.py`` modules and their tests import this without a database.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import orjson

from cards.options import Option, OptionError
from play.core.args import arg_choice, arg_int, check_args, is_digits
from play.core.errors import NotYourTurn, RoundClosed, RuleViolation, TurnConflict

__all__ = [
    "END",
    "BotMove",
    "Context",
    "Edition",
    "GameOver",
    "LoggedMove",
    "MoveFacts",
    "NotYourTurn",
    "Option",
    "RoundClosed",
    "RuleViolation",
    "Screen",
    "Seats",
    "TurnConflict",
    "TurnOrder",
    "Viewer",
    "apply_move",
    "arg_choice",
    "arg_int",
    "check_args",
    "clean_options",
    "ended_by_teacher",
    "gameover",
    "is_digits",
    "is_over",
    "move",
    "move_rng",
    "replay",
    "setup_rng",
]

State = dict[str, Any]

# The one place a state says its game is over, written only by the core (as boardgame.io's
# ``ctx.gameover``): ``None`` while the game runs, then ``{"by": "rules", …}`` with what the
# edition's ``end_if`` returned, or ``{"by": "teacher"}`` after the teacher's "End game".
GAMEOVER = "gameover"
# The teacher's "End game": a core action every edition has, logged like a move (so undo takes
# it back and a replay ends the game at the same point).
END = "end"


class GameOver(TurnConflict):
    """The game has ended; no move is accepted any more (HTTP 409)."""


def gameover(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """How the game ended (see ``GAMEOVER``), or ``None`` while it runs."""
    return state.get(GAMEOVER) or None


def is_over(state: Mapping[str, Any]) -> bool:
    return gameover(state) is not None


def ended_by_teacher(state: Mapping[str, Any]) -> bool:
    """The teacher ended the game before its rules did: screens name the leaders as ahead."""
    over = gameover(state)
    return over is not None and over.get("by") == "teacher"


@dataclass(frozen=True)
class MoveFacts:
    """What the core checks before a move runs, declared beside the move (``@move(…)``).

    - ``args``: the names of the arguments the move takes; any other name is refused. ``None``
      for a move that has not declared them (every move's arguments are bounded anyway).
    - ``teacher``: only the teacher may make it (the seat is then ``None``).
    - ``secret``: the log shows its arguments only once the game is over (a team's open guess,
      a face-down tip): what the views hide until it is revealed.
    """

    args: frozenset[str] | None = None
    teacher: bool = False
    secret: bool = False


NO_FACTS = MoveFacts()


def move(
    *, args: Iterable[str] | None = (), teacher: bool = False, secret: bool = False
) -> Callable[[Callable], Callable]:
    """Declare a move's facts beside its function::

    @move(args=("tip", "place"), secret=True)
    def tip(state, seat, args, ctx): ...
    """
    facts = MoveFacts(None if args is None else frozenset(args), teacher, secret)

    def declare(function: Callable) -> Callable:
        function.move_facts = facts
        return function

    return declare


def facts_of(function: Callable) -> MoveFacts:
    return getattr(function, "move_facts", NO_FACTS)


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
class Screen:
    """The screen a view is drawn on, as the shells know it: the game's join code and language,
    its seats (dicts: ``index``, ``name``, ``colour``, ``letter``, ``shape``, …), its result
    (``None`` while it runs) and, on a device, that device's own seat (``me``)."""

    code: str
    language: str
    seats: list[dict[str, Any]]
    result: dict[str, Any] | None = None
    me: dict[str, Any] | None = None


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
class TurnOrder:
    """Whose turn it is, declared to the core (boardgame.io's ``turn``) rather than checked in
    each move: before one of ``moves`` the core refuses every seat but the current one (409,
    ``not_your_turn``).

    - ``current(state)`` → the seat whose turn it is, or ``None`` when it is nobody's (no round
      laid out, the game between phases): the move itself then says what is wrong.
    - ``phases``: where the turn order holds only in some phases, ``phase(state)`` → the phase
      and ``phases[phase]`` the moves made in turn in it; other moves of ``moves`` in that
      phase are left to the move (a wrong-phase refusal). Moves outside ``moves`` (a guess
      every team places at once, the teacher's steps) are made by any seat.
    - ``message(state, seat)`` → the English refusal naming whose turn it is (the screens show
      the edition's translated ``not_your_turn``).
    """

    current: Callable[[State], int | None]
    moves: frozenset[str]
    phase: Callable[[State], str | None] | None = None
    phases: Mapping[str, frozenset[str]] = field(default_factory=dict)
    message: Callable[[State, int], str] | None = None

    def check(self, state: State, seat: int | None, name: str) -> None:
        if name not in self.moves:
            return
        if self.phase is not None and name not in self.phases.get(self.phase(state) or "", ()):
            return
        whose = self.current(state)
        if whose is None or seat == whose:
            return
        text = self.message(state, whose) if self.message else "It is not your turn."
        raise NotYourTurn("not_your_turn", text)


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
      Each move declares its facts beside it (``@move``: its argument names, teacher only,
      secret); ``teacher_moves``, ``move_args`` and ``secret_moves`` are read from them.
    - ``turn``: the turn order (``TurnOrder``), which the core enforces before a move.
    - ``end_if(state)`` → ``None`` while the rules let the game go on, else a dict (possibly
      empty) of how it ended, which the core keeps under ``state["gameover"]`` (see
      ``GAMEOVER``); asked after every move. No edition stores "over" itself.
    - ``on_end(state)``: what the rules still do when the teacher ends the game (``END``, a core
      action every edition has), such as a bonus after a finished round; changes the state in
      place. After the teacher's end ``result`` gives the standings as they are.
    - ``view(state, viewer)`` → a JSON-safe dict with exactly what that viewer may see: the
      secret boundary, a pure function (``view.py``).
    - ``present(view, screen)`` → the view with what screens add in their language (labels, a
      map, the seats' colours), made from the view and the ``Screen`` alone, so it cannot show
      more than the view does; the one presentation of an edition, called by the shells for
      every screen they draw (``screen`` is ``None`` for the API's JSON, which gets only what
      needs no screen). Template tags only hand its pieces to the fragments.
    - ``result(state)`` → ``None`` while the game runs (``is_over``), else a dict with at least
      ``winners`` (seat indexes) and ``ranking``. ``early`` set: the teacher ended the game
      before its rules did (``ended_by_teacher``), and the screens name the leaders as ahead,
      not as winners.
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
    - ``report(played)`` → the teacher's report of the game (``play.core.played``): its
      ``teams`` with their points, ``answers`` (one per place asked: ``place``, ``place_id``,
      ``kind``, ``correct``, ``latitude``, ``longitude``) for the class's report, an optional
      ``map`` and whatever the edition's report page shows. Pure, and like ``view`` it holds
      only what has been revealed.
    - ``bot_strength``: the options that make its computer players ``easy``, ``normal`` or
      ``strong`` (a homework assignment's setting); an edition whose computer players have one
      strength leaves it empty.
    - ``fixed``: the state's keys that ``setup`` writes and no move changes (a deck's cards).
      The core stores them once per game, apart from the part every move writes, and hands
      moves the same objects instead of copies: a move reads them and never changes them.
    """

    slug: str
    name: Any
    seats: Seats
    setup: Callable[[dict[str, Any], list[dict] | None, list[str], random.Random], State]
    moves: Mapping[str, Move]
    view: Callable[[State, Viewer], dict[str, Any]]
    result: Callable[[State], dict[str, Any] | None]
    turn: TurnOrder | None = None
    end_if: Callable[[State], dict[str, Any] | None] | None = None
    on_end: Callable[[State], None] | None = None
    present: Callable[[dict[str, Any], Screen | None], dict[str, Any]] | None = None
    options: tuple[Option, ...] = ()
    check_options: Callable[[dict[str, Any], int], None] | None = None
    bot: Callable[[State, int], BotMove | None] | None = None
    teacher_bot: Callable[[State], BotMove | None] | None = None
    rows: Callable[[State], list[list[Any]]] | None = None
    deck_editions: tuple[str, ...] = ()
    deck_snapshot: Callable[[Any, str], Any] | None = None
    description: Any = ""
    messages: Mapping[str, Any] = field(default_factory=dict)
    devices_only: bool = False
    secret_seats: bool = False
    report: Callable[[Any], dict[str, Any]] | None = None
    bot_strength: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    fixed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if END in self.moves:
            raise ValueError(f"{self.slug}: {END!r} is the core's action, not an edition's move")

    def facts(self, name: str) -> MoveFacts:
        """The declared facts of a move, or of the core's end."""
        if name == END:
            return END_FACTS
        return facts_of(self.moves[name]) if name in self.moves else NO_FACTS

    @property
    def teacher_moves(self) -> frozenset[str]:
        names = {name for name in self.moves if self.facts(name).teacher}
        return frozenset({*names, END})

    @property
    def move_args(self) -> dict[str, frozenset[str]]:
        declared = {name: self.facts(name).args for name in (*self.moves, END)}
        return {name: args for name, args in declared.items() if args is not None}

    @property
    def secret_moves(self) -> frozenset[str]:
        return frozenset(name for name in self.moves if self.facts(name).secret)

    @property
    def deck_edition(self) -> str | None:
        """The first of ``deck_editions`` (the one a game of this edition is mostly played
        with), or ``None`` for a game without a deck."""
        return self.deck_editions[0] if self.deck_editions else None


END_FACTS = MoveFacts(frozenset(), teacher=True)


def clean_options(edition: Edition, options: Mapping[str, Any] | None, seats: int) -> dict:
    """Fill in defaults, check every value and refuse unknown names."""
    options = dict(options or {})
    known = {option.name: option for option in edition.options}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise RuleViolation("unknown_option", f"Unknown option(s): {', '.join(unknown)}.")
    try:
        cleaned = {
            name: option.clean(options[name]) if name in options else option.default
            for name, option in known.items()
        }
    except OptionError as exc:
        raise RuleViolation("bad_option", f"{exc}.") from None
    if edition.check_options is not None:
        edition.check_options(cleaned, seats)
    return cleaned


def setup_rng(seed: int) -> random.Random:
    return random.Random(f"{seed}:setup")


def move_rng(seed: int, number: int) -> random.Random:
    """The generator for the move with this 1-based log number."""
    return random.Random(f"{seed}:{number}")


def _fresh(edition: Edition, state: State) -> State:
    # States are JSON data (they come from the database): a JSON round trip copies them in C,
    # several times faster than deepcopy on a match's nested lists. The fixed part (a Germany
    # deck's 180 KB of cards) is shared, not copied: no move changes it.
    return as_json_moving(edition, state)


def as_json_moving(edition: Edition, state: State) -> State:
    """``as_json`` of the part of ``state`` that moves change; the fixed part as it is."""
    if not edition.fixed:
        return as_json(state)
    fixed = {key: state[key] for key in edition.fixed if key in state}
    return {**fixed, **as_json({k: v for k, v in state.items() if k not in fixed})}


def split_state(edition: Edition, state: State) -> tuple[State, State]:
    """``state`` as its fixed part (``Edition.fixed``) and the part moves change."""
    fixed = {key: state[key] for key in edition.fixed if key in state}
    return fixed, {k: v for k, v in state.items() if k not in fixed}


def _check_fixed(edition: Edition, before: State, after: State, name: str) -> None:
    for key in edition.fixed:
        if after.get(key) is not before.get(key):
            raise TypeError(f"move {edition.slug}.{name} replaced {key!r}, a fixed part")


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
    """Check and apply one move (or the teacher's end); the given state is left untouched. A
    ``new`` move (not one replayed from the log) has its arguments bounded first
    (``check_args``). After the move the edition's ``end_if`` says whether the game is over."""
    if is_over(state):
        raise GameOver("game_over", "This game has ended.")
    if name != END and name not in edition.moves:
        raise RuleViolation("unknown_move", f"There is no move called {name!r}.")
    facts = edition.facts(name)
    if facts.teacher and not ctx.teacher:
        raise RuleViolation("teacher_only", "Only the teacher may do that.")
    if not isinstance(args, Mapping):
        raise RuleViolation("bad_args", "A move's arguments are an object.")
    if new:
        check_args(args)
        unknown = sorted(set(args) - facts.args) if facts.args is not None else []
        if unknown:
            error = RuleViolation("unknown_args", f"{name} takes no {', '.join(unknown)}.")
            error.params = {"names": ", ".join(unknown)}
            raise error
    if name == END:
        return end_game(edition, state)
    if edition.turn is not None:
        edition.turn.check(state, seat, name)
    after = edition.moves[name](_fresh(edition, state), seat, dict(args), ctx)
    if not isinstance(after, dict):
        raise TypeError(f"move {edition.slug}.{name} returned {type(after).__name__}, not a dict")
    _check_fixed(edition, state, after, name)
    over = edition.end_if(after) if edition.end_if is not None else None
    if over is not None:
        after[GAMEOVER] = {**over, "by": "rules"}
    return after


def end_game(edition: Edition, state: State) -> State:
    """The teacher's end: what the rules still do at an end (``on_end``), then over."""
    after = _fresh(edition, state)
    if edition.on_end is not None:
        edition.on_end(after)
        _check_fixed(edition, state, after, END)
    after[GAMEOVER] = {"by": "teacher"}
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
