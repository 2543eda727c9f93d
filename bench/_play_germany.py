"""Germany games for bench/play_load.py: 4 team phones and a projector per game.

On its turn a phone waits while the team talks it over, then posts the tip form of the stage it
shows; the projector clicks "Reveal" once a round is complete and "Next round" after it. Each
screen is a ``_page.Page``: it hears of changes by its poll or its socket.
"""

from __future__ import annotations

import asyncio
import random
import re
import time

ENABLED_TIP = re.compile(rb'name="tip" value="([^"]+)" required>')
PLACE_BUTTON = re.compile(rb'name="place" value="([^"]+)"')


async def germany_device(page, game, deadline, think, warmup):
    """A team's phone, as a browser drives it: on its turn (after the team has talked it over)
    it posts the tip form of the stage it shows; the answer is the new stage."""
    await asyncio.sleep(random.random() * warmup)  # classes join over a few seconds
    await page.open(deadline)
    seen, ready_at = None, None
    while time.monotonic() < deadline:
        if page.version != seen:  # a new stage: the team talks it over before it lays a tip
            seen = page.version
            my_turn = b"status yours" in page.html
            ready_at = time.monotonic() + random.uniform(*think) if my_turn else None
        if ready_at is not None and time.monotonic() >= ready_at:
            ready_at = None
            stage = page.html
            tips, places = ENABLED_TIP.findall(stage), PLACE_BUTTON.findall(stage)
            if tips and places:
                form = {"move": "tip", "tip": random.choice(tips), "place": random.choice(places)}
                await page.post(f"/play/{game['code']}/move/", "team move", form)
                seen = page.version  # the answer is the stage after the tip
            continue
        await page.wait_change(seen, min(ready_at or deadline, deadline))


async def germany_projector(page, game, deadline, warmup):
    """The teacher's projector: clicks its reveal and next-round buttons as soon as they appear;
    the answer to each click is the new stage."""
    await asyncio.sleep(random.random() * warmup)  # classes join over a few seconds
    await page.open(deadline)
    seen = None
    while time.monotonic() < deadline:
        if page.version != seen:
            seen = page.version
            body = page.html
            move = next((m for m in ("reveal", "lay_out") if f'value="{m}"'.encode() in body), None)
            if move is not None:
                await page.post(
                    f"/play/host/{game['code']}/move/", f"projector {move}", {"move": move}
                )
                continue  # the answer may show the next button
        await page.wait_change(seen, deadline)
