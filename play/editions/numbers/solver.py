"""Every way to reach a target from a running total, one card at a time (pure, no Django).

A *step* plays one card onto the chain: ``(kind, value, op, total)`` where ``kind`` is the card
(1–13, or ``JOKER`` = 0), ``value`` the number it stands for (a joker's chosen 1–13, otherwise
the card's own), ``op`` one of ``+ - * /`` and ``total`` the running total after it. The rules:
whole numbers only, never below 0, division without remainder, and the first card of a target
(a *fresh* chain) is simply added. A solution must not pass through the target before its last
step, because touching the target hits it and ends the chain.

``solve`` lists every solution, shortest first, each distinct sequence once (cards of equal value
are interchangeable, so two 7s give one solution, not two). It meets in the middle: for each
small sub-multiset of cards (up to ``SUFFIX``), the set of totals from which exactly those cards
can still hit is built backwards from the target; only the steps before such a suffix are searched
forwards, and a suffix is spelled out only from the totals that some prefix actually reaches.
``shortest`` finds one shortest solution for large hands (the hindsight view after a game holds
every hand at once) by iterative deepening.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

JOKER = 0
VALUES = range(1, 14)
OPS = ("+", "-", "*", "/")
SMALL_OPS = ("+", "-")
SUFFIX = 3

Step = tuple[int, int, str, int]
Solution = tuple[Step, ...]


class BudgetExceeded(Exception):
    """The search did more work than it was allowed to (see ``Search.budget``)."""


def apply_op(total: int, value: int, op: str) -> int | None:
    """The total after playing ``value`` with ``op``, or ``None`` if the rules forbid it."""
    if op == "+":
        return total + value
    if op == "-":
        return total - value if value <= total else None
    if op == "*":
        return total * value
    if op == "/":
        return total // value if total % value == 0 else None
    raise ValueError(f"unknown operation {op!r}")


def _values(kind: int) -> Iterable[int]:
    return VALUES if kind == JOKER else (kind,)


def preimages(after: int, value: int, small: bool) -> list[tuple[str, int]]:
    """Every (op, total before) from which playing ``value`` with ``op`` gives ``after``."""
    found = []
    if after >= value:
        found.append(("+", after - value))
    found.append(("-", after + value))
    if not small:
        if after % value == 0:
            found.append(("*", after // value))
        found.append(("/", after * value))
    return found


class Search:
    """One question: from ``total`` to ``target`` with ``cards`` (kinds; ``JOKER`` is 0).

    ``budget`` bounds the work (search nodes plus solutions produced); when it runs out the
    generator stops and ``complete`` stays ``False``.
    """

    def __init__(
        self,
        total: int,
        target: int,
        cards: Sequence[int],
        small: bool = False,
        fresh: bool | None = None,
        budget: int | None = None,
    ) -> None:
        if total < 0 or target < 0:
            raise ValueError("totals and targets are never below 0")
        for card in cards:
            if not (card == JOKER or 1 <= card <= 13):
                raise ValueError(f"a card is 1 to 13 or a joker, not {card!r}")
        self.total = total
        self.target = target
        self.cards = tuple(sorted(cards))
        self.small = small
        self.ops = SMALL_OPS if small else OPS
        self.fresh = total == 0 if fresh is None else fresh
        if self.fresh and total != 0:
            raise ValueError("a fresh chain starts at 0")
        self.budget = budget
        self.work = 0
        self.complete = False
        self._reaches: dict[tuple[int, ...], frozenset[int]] = {}
        self._memo: dict[tuple[tuple[int, ...], int, bool], list[Solution]] = {}
        self._subsets: dict[tuple[tuple[int, ...], int], list] = {}

    def _spend(self, amount: int) -> None:
        self.work += amount
        if self.budget is not None and self.work > self.budget:
            raise BudgetExceeded

    def _reach(self, key: tuple[int, ...]) -> frozenset[int]:
        """Every total from which playing exactly the cards ``key`` can hit the target."""
        reach = self._reaches.get(key)
        if reach is not None:
            return reach
        if not key:
            reach = frozenset((self.target,))
        else:
            found: set[int] = set()
            small = self.small
            for index, kind in enumerate(key):
                if index and key[index - 1] == kind:
                    continue  # equal cards reach the same totals: take the first only
                rest = key[:index] + key[index + 1 :]
                for after in self._reach(rest):
                    for value in _values(kind):
                        for _op, before in preimages(after, value, small):
                            found.add(before)
                self._spend(len(found))
            # A chain that touches the target has hit it: it cannot go on from there.
            found.discard(self.target)
            reach = frozenset(found)
        self._reaches[key] = reach
        return reach

    def _paths(self, key: tuple[int, ...], total: int, fresh: bool) -> list[Solution]:
        """Every way to hit the target from ``total`` playing exactly the cards ``key``."""
        memo_key = (key, total, fresh)
        paths = self._memo.get(memo_key)
        if paths is not None:
            return paths
        paths = []
        target = self.target
        ops = ("+",) if fresh else self.ops
        for index, kind in enumerate(key):
            if index and key[index - 1] == kind:
                continue
            rest = key[:index] + key[index + 1 :]
            if not rest:
                for value, op in hit_values(total, target, self.small, fresh):
                    if kind in (JOKER, value):
                        paths.append(((kind, value, op, target),))
                continue
            reach = self._reach(rest)
            for value in _values(kind):
                for op in ops:
                    after = apply_op(total, value, op)
                    if after is None or after not in reach:
                        continue
                    step = (kind, value, op, after)
                    for tail in self._paths(rest, after, False):
                        paths.append((step, *tail))
        self._spend(len(paths) + 1)
        self._memo[memo_key] = paths
        return paths

    def _subsets_of(self, rest: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
        """The distinct sub-multisets of ``rest`` with ``size`` cards, with their reach sets."""
        cached = self._subsets.get((rest, size))
        if cached is None:
            cached = [
                (subset, self._reach(subset)) for subset in sorted(set(combinations(rest, size)))
            ]
            self._subsets[(rest, size)] = cached
        return cached

    def _steps(
        self, total: int, rest: tuple[int, ...], fresh: bool
    ) -> list[tuple[Step, int, tuple[int, ...]]]:
        """Every legal play from ``total`` that does not touch the target, with what is left."""
        found = []
        target = self.target
        ops = ("+",) if fresh else self.ops
        for index, kind in enumerate(rest):
            if index and rest[index - 1] == kind:
                continue
            left = rest[:index] + rest[index + 1 :]
            for value in _values(kind):
                for op in ops:
                    after = apply_op(total, value, op)
                    if after is not None and after != target:
                        found.append(((kind, value, op, after), after, left))
        self._spend(len(found) + 1)
        return found

    def solutions(self) -> Iterator[Solution]:
        """Every solution, shortest first; stops early (``complete`` False) on the budget."""
        # ``level`` holds the chains of ``depth`` steps (none touching the target); a solution of
        # ``length`` steps is such a chain, one more step, and a suffix of ``SUFFIX`` steps.
        level: list[tuple[Solution, int, tuple[int, ...]]] = [((), self.total, self.cards)]
        depth = 0
        try:
            for length in range(1, len(self.cards) + 1):
                if length <= SUFFIX:
                    for subset, reach in self._subsets_of(self.cards, length):
                        if self.total in reach:
                            yield from self._paths(subset, self.total, self.fresh)
                    continue
                while depth < length - SUFFIX - 1:
                    level = [
                        ((*prefix, step), after, left)
                        for prefix, total, rest in level
                        for step, after, left in self._steps(total, rest, self.fresh and not prefix)
                    ]
                    depth += 1
                for prefix, total, rest in level:
                    for step, after, left in self._steps(total, rest, self.fresh and not prefix):
                        for subset, reach in self._subsets_of(left, SUFFIX):
                            if after in reach:
                                head = (*prefix, step)
                                for path in self._paths(subset, after, False):
                                    yield head + path
            self.complete = True
        except BudgetExceeded:
            return


def solve(
    total: int,
    target: int,
    cards: Sequence[int],
    small: bool = False,
    fresh: bool | None = None,
    limit: int | None = None,
    budget: int | None = None,
) -> tuple[list[Solution], bool]:
    """Up to ``limit`` solutions, shortest first, and whether that is all of them."""
    if total == target:
        raise ValueError("the total already equals the target")
    search = Search(total, target, cards, small, fresh, budget)
    found: list[Solution] = []
    generator = search.solutions()
    for solution in generator:
        if limit is not None and len(found) == limit:
            generator.close()
            return found, False
        found.append(solution)
    return found, search.complete


def hit_values(total: int, target: int, small: bool, fresh: bool) -> list[tuple[int, str]]:
    """The (value, op) plays that take ``total`` to ``target`` in one play, in the order
    + − × ÷ (``fresh``: the first card of a target, only added)."""
    found = []
    if 1 <= target - total <= 13:
        found.append((target - total, "+"))
    if fresh:
        return found
    if 1 <= total - target <= 13:
        found.append((total - target, "-"))
    if not small:
        if total and target % total == 0 and 1 <= target // total <= 13:
            found.append((target // total, "*"))
        if target and total % target == 0 and 1 <= total // target <= 13:
            found.append((total // target, "/"))
    return found


def shortest(
    total: int,
    target: int,
    cards: Sequence[int],
    small: bool = False,
    fresh: bool | None = None,
    budget: int = 200_000,
) -> Solution | None:
    """One shortest solution (real cards before jokers), or ``None`` if there is none.

    ``None`` also when the search needs more than ``budget`` nodes (only hands of a dozen cards
    or more without any solution come near that).
    """
    if total == target:
        raise ValueError("the total already equals the target")
    fresh = total == 0 if fresh is None else fresh
    ops = SMALL_OPS if small else OPS
    hand = Counter(cards)
    dead: set[tuple[int, tuple[int, ...], int, bool]] = set()
    nodes = [0]

    def search(now: int, depth: int, first: bool) -> Solution | None:
        nodes[0] += 1
        if nodes[0] > budget:
            raise BudgetExceeded
        if depth == 1:
            for value, op in hit_values(now, target, small, first):
                for kind in (value, JOKER):
                    if hand[kind]:
                        return ((kind, value, op, target),)
            return None
        key = (now, tuple(sorted(hand.elements())), depth, first)
        if key in dead:
            return None
        for kind in sorted(k for k, n in hand.items() if n):
            hand[kind] -= 1
            for value in _values(kind):
                for op in ("+",) if first else ops:
                    after = apply_op(now, value, op)
                    if after is None or after == target:
                        continue
                    tail = search(after, depth - 1, False)
                    if tail is not None:
                        hand[kind] += 1
                        return ((kind, value, op, after), *tail)
            hand[kind] += 1
        dead.add(key)
        return None

    try:
        for depth in range(1, len(cards) + 1):
            found = search(total, depth, fresh)
            if found is not None:
                return found
    except BudgetExceeded:
        return None
    return None
