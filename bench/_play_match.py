"""Match games for bench/play_load.py: 4 devices (two pairs) and a projector per classroom.

Every device races: about every few seconds (``--match-claim``) it reads the stage it last
received, as a player looks at the screen, and taps the symbol its card shares with a card it
may play on: that card's claim form is posted as the page posts it. Without push every screen
polls its stage every 0.4 s, as the match pages do while cards are claimed; with push it hears
of each claim on its socket. For every accepted claim the bench records when each *other*
screen of the game first has a version that includes it (``_page.Room``): the claim's
visibility latency, measured from the moment the claim was sent.
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


async def _racer(page, game, deadline, claim_every, stats):
    """A player: taps a symbol of a card it may claim, which posts that card's form (as the
    page does); the answer is the device's new stage, swapped in like any other."""
    url = f"/play/{game['code']}/move/"
    while time.monotonic() < deadline:
        await asyncio.sleep(random.uniform(*claim_every))
        if time.monotonic() >= deadline:  # the other screens have stopped looking
            break
        phase = PHASE.search(page.html)
        if phase and phase.group(1) == b"ready":
            form = {"move": "start"}
        else:
            args = _claim_args(page.html)
            if args is None:
                continue
            form = {"move": "claim", **args}
        # 409: another team was faster (or a wrong claim locked the team): part of the game.
        status, _ = await page.post(url, "match claim", form, expected=(409,))
        if status == 409:
            stats["match_409"] = stats.get("match_409", 0) + 1


async def _screen(page, deadline, warmup, racer=None):
    await asyncio.sleep(random.random() * warmup)
    await page.open(deadline)
    if racer is not None:
        await racer
    else:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))


def match_screens(make_page, game, deadline, claim_every, warmup, stats):
    """The coroutines of one classroom: a projector and 4 devices, each device with its racer.
    ``make_page(name, state_path, socket_path, headers, labels, poll_every)`` makes a page."""
    code = game["code"]
    # Polls as htmx sends them (the stage only); the projector with its page's poll cookie.
    host = {"Cookie": f"sessionid={game['session']}; {game['host_cookie']}", "HX-Request": "true"}
    projector = make_page(
        "projector",
        f"/play/host/{code}/state/",
        f"/ws/play/host/{code}/",
        host,
        ("match poll (projector, first)", "match poll (projector)"),
        MATCH_POLL,
    )
    tasks = [_screen(projector, deadline, warmup)]
    for seat, token in game["teams"]:
        cookie = {"Cookie": f"spoton_team_{code}={token}", "HX-Request": "true"}
        device = make_page(
            f"device {seat}",
            f"/play/{code}/state/",
            f"/ws/play/{code}/",
            cookie,
            ("match poll (device, first)", "match poll (device)"),
            MATCH_POLL,
        )
        racer = _racer(device, game, deadline, claim_every, stats)
        tasks.append(_screen(device, deadline, warmup, racer))
    return tasks
