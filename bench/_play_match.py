"""Match games for bench/play_load.py: 4 devices (two pairs) and a projector per classroom.

Every device races: about every few seconds (``--match-claim``) it reads the stage it last
received, as a player looks at the screen, and taps the symbol its card shares with a card it
may play on: that card's claim form is posted as the page posts it. Every screen polls its
stage every 0.4 s, as the match pages do while cards are claimed. For every accepted claim the
bench records when each *other* screen of the game first receives a version that includes it:
the claim's visibility latency, measured from the moment the claim was sent.
"""

from __future__ import annotations

import asyncio
import random
import re
import time

MATCH_POLL = 0.4
PHASE = re.compile(rb'class="match match-device[^"]*"[^>]*data-phase="(\w+)"')
OWN = re.compile(rb'<div class="mmine">(.*?)</div>', re.S)
SYMBOL = re.compile(rb'data-symbol="(\d+)"')
OWN_REF = re.compile(rb'name="card" value="(\w+)"')
TARGET = re.compile(rb'<form id="claim-(\w+)"(.*?)</form>', re.S)
BUTTON = re.compile(rb'name="symbol" value="(\d+)"')
VERSION = re.compile(rb'data-version="(\d+)"')


def setup_script(games: int) -> str:
    """Django shell code appended to play_load's setup: the match games, started."""
    return f"""
from play.core import store as engine
from play.editions.match import moves as match_moves
from play.core.errors import RuleViolation as _Refused
try:
    match_moves.island_deck()
except _Refused:  # no island deck in this checkout yet: the tests' plane stands in
    from play.editions.match.deck import deck_data
    from tests.play.match.helpers import island_cards
    match_moves.island_deck = lambda: deck_data(island_cards())
for g in range({games}):
    game = engine.create_game(user=teacher, edition="match", seat_names=["A1", "A2", "B1", "B2"],
        options={{"layout": "2-2", "points": 30}})
    game = engine.make_move(game, 0, "start", {{}})
    out["games"].append({{"id": game.pk, "code": game.code, "edition": "match",
        "teams": [[t.index, t.token] for t in game.teams.all()]}})
"""


class Visibility:
    """Accepted claims of one game and what each screen has seen of them."""

    def __init__(self, stats: dict) -> None:
        self.stats = stats
        self.claims: list[tuple[int, float, int]] = []  # version, sent at, seat
        self.seen: dict[str, int] = {}

    def claimed(self, version: int, sent: float, seat: int) -> None:
        self.claims.append((version, sent, seat))

    def received(self, screen: str, seat: int | None, version: int) -> None:
        before = self.seen.get(screen, version)
        now = time.monotonic()
        for claim_version, sent, claimer in self.claims:
            seen_now = before < claim_version <= version and claimer != seat
            if seen_now and sent >= self.stats["measure_from"]:
                self.stats["visible"].append(now - sent)
        self.seen[screen] = max(before, version)


async def _poll(screen, version_re, path, label, headers, every, watch, name, seat, deadline):
    """One of a page's pollers; a 200 is a new stage (the page swaps it in)."""
    await asyncio.sleep(random.random() * every)
    while time.monotonic() < deadline:
        status, body = await screen.request("GET", f"{path}?v={watch['version']}", label, headers)
        if status == 200:
            watch["html"] = body
            found = version_re.search(body)
            if found:
                version = int(found.group(1))
                if version > watch["version"]:
                    watch["version"] = version
                    watch["shared"].received(name, seat, version)
        await asyncio.sleep(every)


def _claim_args(html: bytes) -> dict | None:
    """What a player sees on the device's stage: its card and the cards it may claim."""
    own, card = OWN.search(html), OWN_REF.search(html)
    targets = TARGET.findall(html)
    if not own or not card or not targets:
        return None
    mine = set(SYMBOL.findall(own.group(1)))
    ref, form = random.choice(targets)
    (symbol,) = mine & set(BUTTON.findall(form))
    return {"symbol": int(symbol), "target": ref.decode(), "card": card.group(1).decode()}


async def _racer(screen, game, seat, headers, deadline, claim_every, watch, stats):
    """A player: taps a symbol of a card it may claim, which posts that card's form (as the
    page does); the answer is the device's new stage, swapped in like any other."""
    url = f"/play/{game['code']}/move/"
    while time.monotonic() < deadline:
        await asyncio.sleep(random.uniform(*claim_every))
        if time.monotonic() >= deadline:  # the other screens have stopped looking
            break
        phase = PHASE.search(watch.get("html", b""))
        if phase and phase.group(1) == b"ready":
            form = {"move": "start"}
        else:
            args = _claim_args(watch.get("html", b""))
            if args is None:
                continue
            form = {"move": "claim", **args}
        sent = time.monotonic()
        # 409: another team was faster (or a wrong claim locked the team): part of the game.
        status, body = await screen.request(
            "POST", url, "match claim", headers, expected=(409,), form=form
        )
        found = VERSION.search(body)
        if status == 200 and found:
            watch["shared"].claimed(int(found.group(1)), sent, seat)
        elif status == 409:
            stats["match_409"] = stats.get("match_409", 0) + 1
        # The answer is the device's new stage, refused or not: it shows every claim before it.
        if found and status in (200, 409):
            watch["html"] = body
            version = int(found.group(1))
            watch["shared"].received(f"device {seat}", seat, version)
            if version > watch["version"]:
                watch["version"] = version


def match_screens(make_screen, version_re, game, session, deadline, claim_every, warmup, stats):
    """The coroutines of one classroom: the pollers of 4 devices and a projector, 4 racers."""
    shared = Visibility(stats)
    tasks = []
    # Polls as htmx sends them (the stage only); the projector with its page's poll cookie.
    host = {"Cookie": f"sessionid={session}; {game['host_cookie']}", "HX-Request": "true"}
    screens = [("projector", None, f"/play/host/{game['code']}/state/", host)]
    for seat, token in game["teams"]:
        cookie = {"Cookie": f"spoton_team_{game['code']}={token}", "HX-Request": "true"}
        screens.append((f"device {seat}", seat, f"/play/{game['code']}/state/", cookie))
    for name, seat, path, headers in screens:
        watch = {"version": 0, "shared": shared}
        label = "match poll (projector)" if seat is None else "match poll (device)"
        tasks.append(
            _poll(
                make_screen(),
                version_re,
                path,
                label,
                headers,
                MATCH_POLL,
                watch,
                name,
                seat,
                deadline,
            )
        )
        if seat is not None:
            tasks.append(
                _racer(make_screen(), game, seat, headers, deadline, claim_every, watch, stats)
            )
    return tasks
