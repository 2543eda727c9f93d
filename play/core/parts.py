"""Parts of a stage: what a screen's socket need not send again.

A stage is redrawn whole after every change, but most of it is what the screen already shows:
a Match island where one card of thirty was claimed, the country's map of a revealed round, the
teacher's bar. A fragment marks such pieces as parts (``{% part %}…{% endpart %}`` in a
template, ``mark(html)`` in code). A socket remembers the parts of the last ``KEPT`` stages it
sent, each by a hash of its HTML, and sends such a part as a short reference instead
(``<!--k:HASH-->``); the page (static/play/shell.js) keeps the same stages' parts and puts back
the HTML it holds for that hash before htmx swaps the stage in. So the page swaps in exactly the
stage a poll would answer, and only what changed crosses the network.

Parts may nest: a part unchanged as a whole is one reference; a changed part is sent with its
unchanged parts as references. A part holds only HTML the viewer's own stage held, so a screen
is never sent anything its view did not put there (the no-leak rule): a reference names HTML
this socket itself sent before.

Wire format: a part sent is ``<!--p:HASH-->…<!--/p-->``, a part kept ``<!--k:HASH-->``; as
drawn (in pages and polls) a part is ``<!--p-->…<!--/p-->``. Comments, so that a browser
without the script, or an old page, shows the HTML as it is.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

# Stages whose parts both sides keep: a Germany round (laid out, 12 tips, revealed) is about 15
# changes, so its map comes back from the round before instead of over the network.
KEPT = 32
OPEN = "<!--p-->"
CLOSE = "<!--/p-->"
_MARKS = re.compile(r"<!--p-->|<!--/p-->")


class Remembered:
    """Parts drawn for given values, the newest ``kept`` of them (``{% part key … %}``); off,
    every part is drawn afresh (the tests that check the keys name all a part reads)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.on = True
        self.values: OrderedDict[tuple, str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple, draw: Callable[[], str]) -> str:
        if not self.on:
            return draw()
        with self.lock:
            found = self.values.get(key)
            if found is not None:
                self.values.move_to_end(key)
                return found
        made = draw()  # two threads may draw the same part: both get the same HTML
        with self.lock:
            self.values[key] = made
            while len(self.values) > self.kept:
                self.values.popitem(last=False)
        return made

    def clear(self) -> None:
        with self.lock:
            self.values.clear()


# A Germany column, a World card, a Dice card: some 2 KB each, a few hundred per classroom.
drawn_parts = Remembered(20_000)


def mark(html: str) -> str:
    """``html`` as a part of the stage (already safe HTML)."""
    return f"{OPEN}{html}{CLOSE}"


def unmark(html: str) -> str:
    """``html`` without its parts' marks: what a browser shows of it."""
    return _MARKS.sub("", html)


@dataclass
class Part:
    """A part of a drawn stage: its hash and what it holds, plain HTML and parts in turn."""

    hash: str
    pieces: list[str | Part] = field(default_factory=list)


def _digest(html: str) -> str:
    # Python's own string hash (SipHash, keyed per process): a part's hash is only ever compared
    # with hashes the same socket sent, so within one process, and it is five times cheaper
    # than blake2b over the encoded HTML (parsing a stage was a tenth of a socket server's CPU).
    return f"{hash(html) & 0xFFFF_FFFF_FFFF_FFFF:016x}"


def parse(html: str) -> list[str | Part]:
    """A drawn stage as plain HTML and its parts (marks without a partner are left as HTML)."""
    root: list[str | Part] = []
    stack: list[tuple[list[str | Part], int]] = []  # the pieces being filled, where each began
    pieces = root
    at = 0
    for found in _MARKS.finditer(html):
        if found.start() > at:
            pieces.append(html[at : found.start()])
        if found.group() == OPEN:
            stack.append((pieces, found.end()))
            pieces = []
        elif stack:
            outer, began = stack.pop()
            outer.append(Part(_digest(html[began : found.start()]), pieces))
            pieces = outer
        else:
            pieces.append(found.group())
        at = found.end()
    if at < len(html):
        pieces.append(html[at:])
    while stack:  # a part never closed: its mark and content stay plain HTML
        outer, _ = stack.pop()
        outer.append(OPEN)
        outer.extend(pieces)
        pieces = outer
    return pieces


class Sent:
    """What one socket sent with its last ``KEPT`` stages: the hashes of every part in each."""

    def __init__(self) -> None:
        self.stages: deque[frozenset[str]] = deque(maxlen=KEPT)

    @property
    def known(self) -> frozenset[str]:
        return frozenset().union(*self.stages)

    def message(self, pieces: list[str | Part], fill: Callable[[str], str] = str) -> str:
        """The message for a stage parsed by ``parse``: parts of the kept stages as references,
        the rest as it is (``fill`` applied to the HTML sent: the screen's CSRF token)."""
        out: list[str] = []
        now: set[str] = set()
        self._write(pieces, out, now, fill, self.known)
        self.stages.append(frozenset(now))
        return "".join(out)

    def _write(
        self,
        pieces: list[str | Part],
        out: list[str],
        now: set[str],
        fill: Callable[[str], str],
        known: frozenset[str],
    ) -> None:
        for piece in pieces:
            if isinstance(piece, str):
                out.append(fill(piece))
            elif piece.hash in known:
                out.append(f"<!--k:{piece.hash}-->")
                _all_hashes(piece, now)
            else:
                now.add(piece.hash)
                out.append(f"<!--p:{piece.hash}-->")
                self._write(piece.pieces, out, now, fill, known)
                out.append(CLOSE)


def _all_hashes(part: Part, into: set[str]) -> None:
    into.add(part.hash)
    for piece in part.pieces:
        if isinstance(piece, Part):
            _all_hashes(piece, into)
