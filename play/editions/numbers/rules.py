"""The rules of Numbers, the cooperative calculation game (pure: plain data in, plain data out).

All players are one team. They turn up three-digit targets and reach each exactly with a running
total, one card at a time, choosing + − × ÷. The state is JSON data:

- ``cards``: opaque card id → ``[value, suit]`` (value 1–13, 0 for a joker; suit "" for jokers).
  Ids are drawn from the setup generator, so they say nothing about the card behind them.
- ``stock``: ids, top of the stock last; ``discard``: the face-up pile; ``hands``: ids per seat.
- ``target``, ``target_cards``, ``total``, ``chain`` (one entry per card played onto it).
- ``shown``: each seat's shown card (or ``None``); ``showed``: whether the seat has used its one
  signal for this target; ``acted``: whether the seat has had a turn for this target.
- ``history``: one entry per target turned up, with the values in all hands at its start (only
  shown once the game is over) and the chain played.
- ``status``: ``playing``, ``won``, ``lost`` or ``over`` (endless games end without losing).

Moves mutate the state they are given and return it (``play.core.engine.apply_move`` hands them a
copy); the simulator calls them directly on its own state.
"""

from __future__ import annotations

import random
from typing import Any

from cards.games.numbers import NUMBERS_JOKER, numbers_deck
from cards.games.playing_cards import RANK_LABELS, SUIT_SYMBOLS
from play.core.engine import (
    RoundClosed,
    RuleViolation,
    arg_choice,
    arg_int,
    ended_by_teacher,
)
from play.core.ranking import no_winner_unless_scored

State = dict[str, Any]

# The cards are the card database's (printed and played alike).
JOKER = NUMBERS_JOKER
OP_SYMBOLS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
OPS = ("+", "-", "*", "/")
SMALL_OPS = ("+", "-")

LEVELS: dict[str, dict[str, Any]] = {
    # jokers by number of players, targets to win, whether signals (showing a card) are allowed
    "easy": {"jokers": {2: 0, 3: 0, 4: 0}, "goal": 4, "signals": True},
    "normal": {"jokers": {2: 1, 3: 2, 4: 2}, "goal": 5, "signals": True},
    "hard": {"jokers": {2: 0, 3: 1, 4: 1}, "goal": 5, "signals": False},
    "expert": {"jokers": {2: 2, 3: 2, 4: 2}, "goal": 6, "signals": False},
}
HAND_SIZE = {2: 5, 3: 4, 4: 4}
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def card_label(card: list) -> str:
    """``"Q♠"``, ``"10♥"``, ``"Joker"``."""
    value, suit = card
    if value == JOKER:
        return "Joker"
    return f"{RANK_LABELS.get(value, str(value))}{SUIT_SYMBOLS[suit]}"


def new_game(
    players: int,
    rng: random.Random,
    level: str = "normal",
    signals: bool = True,
    open_hands: bool = False,
    endless: bool = False,
    small: bool = False,
) -> State:
    """Shuffle, deal and turn up the first target; seat 0 (the youngest) starts."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleViolation("bad_players", "Numbers is for 2 to 4 players.")
    if level not in LEVELS:
        raise RuleViolation("bad_level", f"level must be one of {', '.join(LEVELS)}.")
    rules = LEVELS[level]
    faces = [[card.value, card.suit] for card in numbers_deck(rules["jokers"][players])]
    rng.shuffle(faces)
    ids: list[str] = []
    seen: set[str] = set()
    while len(ids) < len(faces):
        card_id = f"{rng.getrandbits(40):010x}"
        if card_id not in seen:
            seen.add(card_id)
            ids.append(card_id)
    state: State = {
        "seed": rng.getrandbits(32),
        "players": players,
        "level": level,
        "signals": bool(signals and rules["signals"]),
        "open_hands": bool(open_hands),
        "endless": bool(endless),
        "small": bool(small),
        "goal": None if endless else rules["goal"],
        "hand_size": HAND_SIZE[players],
        "cards": dict(zip(ids, faces, strict=True)),
        "stock": ids,
        "discard": [],
        "hands": [[] for _ in range(players)],
        "shown": [None] * players,
        "showed": [False] * players,
        "acted": [False] * players,
        "turn": 0,
        "target": None,
        "target_cards": [],
        "total": 0,
        "chain": [],
        "hits": 0,
        "turns": 0,
        "history": [],
        "status": "playing",
        "reason": "",
    }
    for _ in range(state["hand_size"]):
        for hand in state["hands"]:
            hand.append(state["stock"].pop())
    turn_up(state)
    return state


def value_of(state: State, card_id: str) -> int:
    return state["cards"][card_id][0]


def _digit(value: int, leading: bool) -> int | None:
    """The digit a turned-up card stands for, or ``None`` if it goes under the stock."""
    if value == JOKER:
        return None
    if value <= 9:
        return value
    return None if leading else 0


def turn_up(state: State) -> None:
    """Turn up a new target from the top of the stock for the seat whose turn it is (the rule
    book's step at the start of each round); the stock running out ends the game."""
    stock = state["stock"]
    digits = 2 if state["small"] else 3
    target = 0
    cards: list[str] = []
    for position in range(digits):
        looked = 0
        while True:
            if not stock or looked >= len(stock):
                # Either no card at all, or once through the stock without a usable one.
                state["discard"].extend(cards)
                state["target"] = None
                state["target_cards"] = []
                _end(state, "stock_out")
                return
            card_id = stock.pop()
            digit = _digit(value_of(state, card_id), leading=position == 0)
            if digit is not None:
                break
            stock.insert(0, card_id)
            looked += 1
        cards.append(card_id)
        target = target * 10 + digit
    state["target"] = target
    state["target_cards"] = cards
    state["total"] = 0
    state["chain"] = []
    players = state["players"]
    state["shown"] = [None] * players
    state["showed"] = [False] * players
    state["acted"] = [False] * players
    state["history"].append(
        {
            "target": target,
            "starter": state["turn"],
            "hands": sorted(value_of(state, c) for hand in state["hands"] for c in hand),
            "chain": [],
            "hit": False,
        }
    )


def _end(state: State, reason: str) -> None:
    state["status"] = "over" if state["endless"] else "lost"
    state["reason"] = reason


def _next_seat(state: State, seat: int) -> int | None:
    """The next seat clockwise that still holds cards (possibly ``seat`` itself)."""
    players = state["players"]
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if state["hands"][candidate]:
            return candidate
    return None


def _draw(state: State, seat: int) -> None:
    hand, stock = state["hands"][seat], state["stock"]
    while len(hand) < state["hand_size"] and stock:
        hand.append(stock.pop())


def _check_turn(state: State, seat: int | None) -> None:
    """Whose turn it is the core checks (``moves.TURN``); the rules only refuse an ended game."""
    if state["status"] != "playing":
        raise RoundClosed("game_over", "This game has ended.")


def _card_in_hand(state: State, seat: int, args: dict[str, Any]) -> str:
    card_id = args.get("card")
    if not isinstance(card_id, str) or card_id not in state["hands"][seat]:
        raise RuleViolation("not_in_hand", "That card is not in your hand.")
    return card_id


def _leave_card(state: State, seat: int, card_id: str) -> None:
    state["hands"][seat].remove(card_id)
    if state["shown"][seat] == card_id:
        state["shown"][seat] = None


def _finish_turn(state: State, seat: int) -> None:
    """Draw, then pass the turn on (or end the game when nobody holds a card)."""
    state["acted"][seat] = True
    state["turns"] += 1
    _draw(state, seat)
    following = _next_seat(state, seat)
    if following is None:
        _end(state, "hands_empty")
        return
    state["turn"] = following


def _refused(code: str, template: str, total: int, value: int) -> RuleViolation:
    """A refusal whose message names the numbers; ``params`` lets the edition translate it."""
    error = RuleViolation(code, template.format(total=total, value=value))
    error.params = {"total": total, "value": value}
    return error


def check_play(state: State, value: int, op: str) -> int:
    """The new total, or a ``RuleViolation`` saying why the calculation is not allowed."""
    total = state["total"]
    if state["small"] and op not in SMALL_OPS:
        raise RuleViolation("small_ops", "Only + and − are allowed with small numbers.")
    if not state["chain"] and op != "+":
        raise RuleViolation("first_card_adds", "The first card for a target is added to 0.")
    if op == "+":
        return total + value
    if op == "-":
        if value > total:
            raise _refused("below_zero", "{total} − {value} would drop below 0.", total, value)
        return total - value
    if op == "*":
        return total * value
    if total % value:
        raise _refused("remainder", "{total} ÷ {value} leaves a remainder.", total, value)
    return total // value


def show(state: State, seat: int | None, args: dict[str, Any], ctx: Any = None) -> State:
    """Lay one card face up: once per target, before playing or passing."""
    _check_turn(state, seat)
    if not state["signals"]:
        raise RuleViolation("no_signals", "This level allows no signals.")
    if state["showed"][seat]:
        raise RuleViolation("already_shown", "You have already shown a card for this target.")
    card_id = _card_in_hand(state, seat, args)
    state["shown"][seat] = card_id
    state["showed"][seat] = True
    return state


def play(state: State, seat: int | None, args: dict[str, Any], ctx: Any = None) -> State:
    """Play a card onto the chain with + − × ÷ (a joker with a chosen value 1–13)."""
    _check_turn(state, seat)
    card_id = _card_in_hand(state, seat, args)
    op = arg_choice(args, "op", SMALL_OPS if state["small"] else OPS)
    value = value_of(state, card_id)
    if value == JOKER:
        if args.get("value") in (None, ""):
            raise RuleViolation("joker_value", "Say which value the joker stands for (1–13).")
        value = arg_int(args, "value", 1, 13)
    total = check_play(state, value, op)
    _leave_card(state, seat, card_id)
    state["total"] = total
    state["chain"].append({"card": card_id, "value": value, "op": op, "total": total, "seat": seat})
    state["history"][-1]["chain"] = [dict(step) for step in state["chain"]]
    if total != state["target"]:
        _finish_turn(state, seat)
        return state
    _hit(state, seat)
    return state


def pass_(state: State, seat: int | None, args: dict[str, Any], ctx: Any = None) -> State:
    """Discard a card face up; the total stays."""
    _check_turn(state, seat)
    card_id = _card_in_hand(state, seat, args)
    _leave_card(state, seat, card_id)
    state["discard"].append(card_id)
    _finish_turn(state, seat)
    return state


def _hit(state: State, seat: int) -> None:
    state["hits"] += 1
    state["history"][-1]["hit"] = True
    state["discard"].extend(step["card"] for step in state["chain"])
    state["discard"].extend(state["target_cards"])
    state["target_cards"] = []
    state["acted"][seat] = True
    state["turns"] += 1
    _draw(state, seat)
    if state["goal"] is not None and state["hits"] >= state["goal"]:
        state["status"] = "won"
        state["reason"] = "goal"
        return
    following = _next_seat(state, seat)
    state["turn"] = (seat + 1) % state["players"] if following is None else following
    turn_up(state)
    if state["status"] == "playing" and following is None:
        _end(state, "hands_empty")


def outcome(state: State) -> tuple[str, str]:
    """The game's status and its reason, with the teacher's end (which the core records, not
    these rules) as ``("over", "ended")``."""
    if state["status"] == "playing" and ended_by_teacher(state):
        return "over", "ended"
    return state["status"], state["reason"]


def end_if(state: State) -> dict[str, Any] | None:
    """Over when the rules say won, lost or (endless) over."""
    return None if state["status"] == "playing" else {}


def result(state: State) -> dict[str, Any] | None:
    """``None`` while playing; the team's outcome once over."""
    status, reason = outcome(state)
    if status == "playing":
        return None
    seats = list(range(state["players"]))
    won = status == "won" or (state["endless"] and state["hits"] > 0)
    result = {
        "winners": seats if won else [],
        "ranking": [[1, seat, state["hits"]] for seat in seats],
        "status": status,
        "reason": reason,
        "targets_hit": state["hits"],
        "goal": state["goal"],
    }
    return no_winner_unless_scored(result, state["hits"] > 0 or reason != "ended")
