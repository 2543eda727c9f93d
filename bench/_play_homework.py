"""Homework for bench/play_load.py: pupils each alone on a phone against computer teams.

A pupil starts an attempt through the API (``POST /api/assignments/{code}/attempts/`` with a
nickname; the answer sets the device's cookie), opens the link's page with that cookie and plays
there as the solo shell does (``templates/play/shell_solo.html``, ``static/play/shell.js``): its
stage polls ``/play/homework/<code>/state/?v=<version>`` as often as its ``hx-trigger`` says
(every 5 s; 204 while nothing changed), and once more at the moment the stage says the
computer's next move falls due (its ``load delay``; ``--homework-page poll`` leaves that out
and polls every second, as the page did before). On its turn
the pupil thinks (``--think``), then posts its move form of the stage it shows to
``/play/homework/<code>/move/``: the answer is the new stage. Waiting for the computer, a pupil
now and then presses Hurry. The computer's moves are made on the server, by the poll that finds
them due (nothing else makes them for a solo game).

What a pupil sees, measured on its own screen: its move from the POST being sent to its answer
(the new stage); a computer's move from the moment it fell due (the stage's ``data-due-at``, on
the server's clock, which this machine shares) to the moment the pupil's screen has a stage with
it, the poll interval's share included; Hurry like a move. The computer's lag (due to made) is
read from the move log after the run.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from urllib.parse import quote

from _page import version_of
from _play_germany import ENABLED_TIP, PLACE_BUTTON
from _play_world import next_form as world_form
from _screen import Screen

POLL = 1.0  # the stage's hx-trigger when it gives none: every 1000ms
CLASS_SIZE = 30  # pupils per assignment: a class doing the same homework
# Of every ten classes, these do The World; the others Germany on the starter deck's size.
WORLD_CLASSES = (2, 5, 8)
COMPUTERS = 3  # computer teams beside the pupil, as many as a classroom game's other teams
HURRY_SHARE = 0.2  # of the computer's waits of more than a second, the pupil hurries this many

DUE_AT = re.compile(rb'data-due-at="([0-9.]+)"')
DUE_IN = re.compile(rb"load delay:(\d+)ms")
EVERY = re.compile(rb'hx-trigger="every (\d+)ms')
MINE = b'class="solo-mine"'


def setup_script(pupils: int) -> str:
    """Django shell code appended to play_load's setup: one assignment per class of pupils
    (the Germany deck ``bench`` and the world deck ``bench-world`` are made before it)."""
    return f"""
import datetime as dt
from django.utils import timezone
from play.core import homework
out["assignments"] = []
for k in range(-(-{pupils} // {CLASS_SIZE})):
    kind = "world" if k % 10 in {WORLD_CLASSES!r} else "germany"
    made = homework.create_assignment(user=teacher, edition=kind,
        deck=world if kind == "world" else deck, closes_at=timezone.now() + dt.timedelta(days=1),
        attempts=1, bots={COMPUTERS})
    out["assignments"].append({{"code": made.code, "edition": kind}})
"""


def pupils_of(assignments: list[dict], pupils: int) -> list[dict]:
    """Each pupil's assignment (a class of CLASS_SIZE on each) and nickname."""
    return [
        {
            "edition": "homework",
            "kind": assignments[i // CLASS_SIZE]["edition"],
            "code": assignments[i // CLASS_SIZE]["code"],
            "nickname": f"Kind {i + 1}",
            "index": i,
        }
        for i in range(pupils)
    ]


class Solo:
    """A pupil's phone: the stage it shows and when its poll and its computer's moment come."""

    def __init__(self, port: int, stats: dict, pupil: dict, due_polls: bool) -> None:
        self.poller = Screen(port, stats)  # the stage's polls
        self.clicks = Screen(port, stats)  # forms, on a connection of their own as a browser
        self.stats, self.pupil, self.due_polls = stats, pupil, due_polls
        self.base = f"/play/homework/{quote(pupil['code'])}"
        self.headers: dict[str, str] = {"HX-Request": "true"}
        self.game_id = 0
        self.version, self.html = -1, b""
        self.drawn = 0.0  # when the stage element was swapped in: htmx's timers start there
        self.polled = 0.0
        self.every = POLL  # the stage's own poll interval, as its hx-trigger says
        self.due_at: float | None = None  # the server's clock: when the computer's move is due
        self.due_poll: float | None = None  # this screen's clock: when it asks for it

    def show(self, body: bytes) -> bool:
        """Swap in a stage, as htmx does (an older answer than the stage shown is dropped)."""
        version = version_of(body)
        if version is None or version < self.version:
            return False
        now = time.monotonic()
        changed, self.version, self.html, self.drawn = version > self.version, version, body, now
        due = DUE_AT.search(body)
        self.due_at = float(due[1]) if due else None
        delay = DUE_IN.search(body)
        every = EVERY.search(body)
        # The page before asked once a second and never when the computer's move fell due.
        self.every = int(every[1]) / 1000 if every and self.due_polls else POLL
        self.due_poll = now + int(delay[1]) / 1000 if delay and self.due_polls else None
        return changed

    def next_poll(self) -> float:
        """htmx's ``every Nms`` counts from the stage's swap; the ``load delay`` fires once."""
        ticks = max(1, int((max(self.polled, self.drawn) - self.drawn) / self.every) + 1)
        at = self.drawn + ticks * self.every
        if self.due_poll is not None and self.due_poll < at:
            at = self.due_poll
        return at

    async def start(self) -> bool:
        status, body = await self.poller.request(
            "POST",
            f"/api/assignments/{quote(self.pupil['code'])}/attempts/",
            "homework attempt (API)",
            body={"nickname": self.pupil["nickname"]},
        )
        if status != 201:
            return False
        self.game_id = json.loads(body)["id"]
        device = next(c for c in self.poller.set_cookies if c.startswith(b"spoton_device="))
        self.headers["Cookie"] = device.split(b";", 1)[0].decode()
        status, body = await self.poller.request(
            "GET", f"{self.base}/", "homework page", {"Cookie": self.headers["Cookie"]}
        )
        return status == 200 and self.show(body)

    async def poll(self) -> None:
        """The stage's poll; a new stage that the computer made is measured from its moment."""
        self.polled = time.monotonic()
        waited_for = self.due_at
        if self.due_poll is not None and self.polled >= self.due_poll:
            self.due_poll = None  # the load trigger fired
        status, body = await self.poller.request(
            "GET", f"{self.base}/state/?v={self.version}", "homework poll", self.headers,
            expected=(204,),
        )  # fmt: skip
        if status == 200 and self.show(body) and waited_for is not None:
            seen = time.time() - waited_for
            if time.monotonic() >= self.stats["measure_from"]:
                self.stats["visible"].append(("computer", seen, False))
                self.stats["due_made"].append((self.game_id, waited_for))

    async def post(self, what: str, form: dict) -> int:
        sent = time.monotonic()
        status, body = await self.clicks.request(
            "POST", f"{self.base}/{what}/", f"homework {what}", self.headers, form=form,
            expected=(400, 409),
        )  # fmt: skip
        if status in (400, 409):
            self.stats["homework_refused"] = self.stats.get("homework_refused", 0) + 1
        if status and self.show(body) and sent >= self.stats["measure_from"]:
            kind = "hurry" if what == "hurry" else "pupil"
            self.stats["visible"].append((kind, time.monotonic() - sent, False))
        return status

    def my_form(self) -> dict | None:
        """The move the pupil makes on the stage it shows, from its own controls."""
        mine = self.html[self.html.find(MINE) :] if MINE in self.html else b""
        if self.pupil["kind"] == "world":
            return world_form(mine) if b"status yours" in mine else None
        if b"status yours" not in mine:
            return None
        tips, places = ENABLED_TIP.findall(mine), PLACE_BUTTON.findall(mine)
        if not (tips and places):
            return None
        return {"move": "tip", "tip": random.choice(tips), "place": random.choice(places)}


async def homework_pupil(port, pupil, deadline, think, warmup, stats, due_polls):
    """One pupil from opening the link to the end of the run."""
    await asyncio.sleep(random.random() * warmup)  # pupils start within the join window
    phone = Solo(port, stats, pupil, due_polls)
    if not await phone.start():
        return
    seen, ready_at, hurry_at = None, None, None
    while time.monotonic() < deadline:
        if phone.version != seen:  # a new stage: the pupil reads it
            seen = phone.version
            form = phone.my_form()
            ready_at = time.monotonic() + random.uniform(*think) if form else None
            hurry_at = None
            due_in = None if phone.due_at is None else phone.due_at - time.time()
            if form is None and due_in is not None and due_in > 1 and random.random() < HURRY_SHARE:
                hurry_at = time.monotonic() + random.uniform(0.3, min(due_in, 2.0) - 0.2)
        now = time.monotonic()
        if ready_at is not None and now >= ready_at:
            ready_at = None
            form = phone.my_form()  # the stage may have changed while the pupil thought
            if form is not None:
                await phone.post("move", form)
            continue
        if hurry_at is not None and now >= hurry_at:
            hurry_at = None
            if phone.due_at is not None:
                await phone.post("hurry", {})
            continue
        wake = min(x for x in (phone.next_poll(), ready_at, hurry_at, deadline) if x is not None)
        if wake > now:
            await asyncio.sleep(wake - now)
        if time.monotonic() >= phone.next_poll() and time.monotonic() < deadline:
            await phone.poll()
    phone.poller.close()
    phone.clicks.close()
