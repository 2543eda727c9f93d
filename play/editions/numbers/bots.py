"""The simple strategy of the rule book, for computer seats and the simulator (pure).

A player knows only their own hand, the cards shown and what is public (discard pile, chain,
target cards, stock size). On each turn, in this order:

1. **Hit** the target if any card of the hand can (real cards before a joker, then the first
   card in hand order, operations in the order + − × ÷).
2. **Show** (levels with signals, on the player's first turn for a target, when they cannot hit):
   the card whose set of "totals from which this card hits" adds most totals to those already
   covered by the other players' shown cards. A joker covers the totals of every value. Ties: a
   real card before a joker, then the lower value.
3. **Play or pass** so as to leave the total from which the next player (clockwise, with cards)
   is most likely to hit it soon, which the rule book reads as "within the next two turns", in
   this order:
   a. the chance that the next player hits in one play: certain if their shown card hits,
      otherwise the chance that one of their unknown cards hits, drawn without replacement from
      the cards this player cannot see (deck minus own hand, discards, chain, target cards and
      other players' shown cards); a joker hits whenever some value does;
   b. then the chance that the next player holds a card with which some operation leaves a
      total one play (of any value) away from the target, from which the player after them
      could hit, estimated the same way (their shown card for certain; a value that would
      already hit does not count; a joker counts when no value hits but some value leads one
      play away);
   c. then fewer plays (of any card values) from the total to the target (1, 2, or "3 or
      more"); not spending a joker; a total nearer the target; playing before passing; the
      lower card value; + − × ÷ order.
   If the only player left with cards is this one, their own remaining cards count as known and
   the card they draw as unknown. A pass discards the least useful card: never the shown card
   or a joker while another card is left; least useful is the card that hits from the fewest
   totals, ties the higher value.

The strategy never plans further ahead with its own cards. Everything is deterministic, so a
game between computer seats replays to the same state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from play.core.engine import BotMove
from play.editions.numbers import rules
from play.editions.numbers.rules import JOKER, OPS, SMALL_OPS
from play.editions.numbers.solver import VALUES, apply_op, hit_values, preimages

State = dict[str, Any]
BOT_DELAY = 1.5  # seconds, so the class can follow a computer player's card


@lru_cache(maxsize=20_000)
def hits_from(target: int, value: int, small: bool) -> frozenset[int]:
    """Totals (other than the target) from which playing ``value`` hits ``target``."""
    if value == JOKER:
        found: set[int] = set()
        for real in VALUES:
            found |= hits_from(target, real, small)
        return frozenset(found)
    return frozenset(before for _op, before in preimages(target, value, small)) - {target}


@lru_cache(maxsize=2_000)
def _near(target: int, small: bool) -> tuple[frozenset[int], frozenset[int]]:
    """The totals one play and two plays (of any values) away from the target."""
    one = hits_from(target, JOKER, small)
    two: set[int] = set()
    for total in one:
        two |= hits_from(total, JOKER, small)
    return one, frozenset(two - one - {target})


def distance(total: int, target: int, small: bool) -> int:
    """Plays of any card values needed from ``total`` to ``target``: 1, 2, or 3 for more."""
    one, two = _near(target, small)
    if total in one:
        return 1
    return 2 if total in two else 3


def unseen_counts(state: State, seat: int) -> list[int]:
    """How many cards of each value (index 0: jokers) ``seat`` cannot see anywhere."""
    cards = state["cards"]
    counts = [0] * 14
    for value, _suit in cards.values():
        counts[value] += 1
    seen = [*state["hands"][seat], *state["discard"], *state["target_cards"]]
    seen += [step["card"] for step in state["chain"]]
    seen += [card for other, card in enumerate(state["shown"]) if card and other != seat]
    for card in seen:
        counts[cards[card][0]] -= 1
    return counts


def _hit(state: State, hand: list[tuple[str, int]]) -> dict[str, Any] | None:
    target, small, fresh = state["target"], state["small"], not state["chain"]
    plays = hit_values(state["total"], target, small, fresh)
    for want_joker in (False, True):
        for card, value in hand:
            if (value == JOKER) != want_joker:
                continue
            for needed, op in plays:
                if value == needed:
                    return {"card": card, "op": op}
                if value == JOKER:
                    return {"card": card, "op": op, "value": needed}
    return None


def _to_show(state: State, seat: int, hand: list[tuple[str, int]]) -> str:
    target, small, cards = state["target"], state["small"], state["cards"]
    covered: set[int] = set()
    for other, card in enumerate(state["shown"]):
        if card and other != seat:
            covered |= hits_from(target, cards[card][0], small)
    best = min(
        hand,
        key=lambda item: (
            -len(hits_from(target, item[1], small) - covered),
            item[1] == JOKER,
            item[1],
        ),
    )
    return best[0]


def _to_pass(state: State, seat: int, hand: list[tuple[str, int]]) -> str:
    shown = state["shown"][seat]
    keep = [item for item in hand if item[0] != shown and item[1] != JOKER]
    pool = keep or [item for item in hand if item[1] != JOKER] or hand
    target, small = state["target"], state["small"]
    return min(pool, key=lambda item: (len(hits_from(target, item[1], small)), -item[1]))[0]


class NextPlayerChances:
    """What the strategy weighs for a total it could leave: the chances that the next player
    hits from it at once and that they can leave a total one play from the target, from the
    cards they may hold (``chances(total, fresh, used)``), cached per total for one decision."""

    def __init__(self, state: State, seat: int, hand: list[tuple[str, int]]) -> None:
        self.target, self.small = state["target"], state["small"]
        players, hands = state["players"], state["hands"]
        self.next_seat = seat
        for step in range(1, players):
            if hands[(seat + step) % players]:
                self.next_seat = (seat + step) % players
                break
        self.unseen = unseen_counts(state, seat)
        self.pool = sum(self.unseen)
        self.own_hand = hand
        self.alone = self.next_seat == seat
        if self.alone:
            self.known: list[int] = []
            self.unknown = 1 if state["stock"] else 0
        else:
            shown = state["shown"][self.next_seat]
            self.known = [state["cards"][shown][0]] if shown else []
            self.unknown = len(hands[self.next_seat]) - len(self.known)
        self.cache: dict[tuple[int, bool, str], tuple[float, float]] = {}

    def _held(self, good: set[int], joker: bool, used: str) -> float:
        """The chance that the next player holds a value in ``good`` (or a joker, when
        ``joker``): certain for a known card, else over their unknown cards."""
        known = self.known
        if self.alone:
            known = [value for card, value in self.own_hand if card != used]
        if any(value in good or (joker and value == JOKER) for value in known):
            return 1.0
        if not (good or joker) or self.unknown <= 0:
            return 0.0
        wanted = sum(self.unseen[value] for value in good) + (self.unseen[JOKER] if joker else 0)
        miss, pool = 1.0, self.pool
        for drawn in range(self.unknown):
            if pool - drawn <= 0:
                break
            miss *= max(pool - wanted - drawn, 0) / (pool - drawn)
        return 1.0 - miss

    def __call__(self, total: int, fresh: bool, used: str) -> tuple[float, float]:
        """The chances that the next player hits from ``total`` in one play, and that they hold
        a card that leaves a total one play away from the target (the two-turn reading)."""
        key = (total, fresh, used if self.alone else "")
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        plays = hit_values(total, self.target, self.small, fresh)
        wanted = {value for value, _op in plays}
        one = self.chance_one(wanted, used)
        one_away = _near(self.target, self.small)[0]
        ops = ("+",) if fresh else (SMALL_OPS if self.small else OPS)
        leads = {
            value
            for value in VALUES
            if value not in wanted and any(apply_op(total, value, op) in one_away for op in ops)
        }
        two = self._held(leads, joker=not wanted and bool(leads), used=used)
        chances = (one, two)
        self.cache[key] = chances
        return chances

    def chance_one(self, wanted: set[int], used: str) -> float:
        """The chance that the next player hits with one of the ``wanted`` values (a joker
        hits whenever some value does)."""
        return self._held(wanted, joker=bool(wanted), used=used)


def next_move(state: State, seat: int) -> tuple[str, dict[str, Any]]:
    """The strategy's next move for ``seat``: ``("show" | "play" | "pass", args)``."""
    cards = state["cards"]
    hand = [(card, cards[card][0]) for card in state["hands"][seat]]
    hit = _hit(state, hand)
    if hit is not None:
        return "play", hit
    if state["signals"] and not state["showed"][seat] and not state["acted"][seat]:
        return "show", {"card": _to_show(state, seat, hand)}
    target, small, total = state["target"], state["small"], state["total"]
    fresh = not state["chain"]
    chances = NextPlayerChances(state, seat, hand)
    ops = ("+",) if fresh else (SMALL_OPS if small else OPS)
    pass_card = _to_pass(state, seat, hand)
    one, two = chances(total, fresh, pass_card)
    best_key = (
        -one,
        -two,
        distance(total, target, small),
        False,
        abs(target - total),
        1,
        0,
        0,
    )
    best: tuple[str, dict[str, Any]] = ("pass", {"card": pass_card})
    tried: set[int] = set()
    for card, value in hand:
        if value in tried:
            continue  # equal values leave the same totals: the first such card stands for all
        tried.add(value)
        joker = value == JOKER
        for real in VALUES if joker else (value,):
            for index, op in enumerate(ops):
                after = apply_op(total, real, op)
                if after is None:
                    continue
                one, two = chances(after, False, card)
                key = (
                    -one,
                    -two,
                    distance(after, target, small),
                    joker,
                    abs(target - after),
                    0,
                    real,
                    index,
                )
                if key < best_key:
                    best_key = key
                    args = {"card": card, "op": op}
                    if joker:
                        args["value"] = real
                    best = ("play", args)
    return best


def bot(state: State, seat: int) -> BotMove | None:
    """A computer player's next move, on its turn."""
    if rules.outcome(state)[0] != "playing" or state["turn"] != seat:
        return None
    name, args = next_move(state, seat)
    return BotMove(name, args, BOT_DELAY)
