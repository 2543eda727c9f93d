"""Germany games for bench/play_load.py: 4 team phones and a projector per game.

On its turn a phone waits while the team talks it over, then posts the tip form of the stage it
shows; the projector clicks "Reveal" once a round is complete and "Next round" after it.
"""

from __future__ import annotations

import asyncio
import random
import re
import time

ENABLED_TIP = re.compile(rb'name="tip" value="([^"]+)" required>')
PLACE_BUTTON = re.compile(rb'name="place" value="([^"]+)"')


async def germany_device(screen, version_re, game, token, deadline, think, warmup):
    """A team's phone, as a browser drives it: polls the stage, and on its turn (after the team
    has talked it over) posts the tip form of that stage; the answer is the new stage."""
    version, stage = "0", b""
    headers = {
        "Cookie": f"spoton_team_{game['code']}={token}",
        "HX-Request": "true",
    }
    ready_at = None
    await asyncio.sleep(random.random() * warmup)  # classes join over a few seconds
    while time.monotonic() < deadline:
        status, body = await screen.request(
            "GET",
            f"/play/{game['code']}/state/?v={version}",
            "team poll (first)" if version == "0" else "team poll",
            headers,
        )
        if status == 200:
            version, stage = _version(version_re, body, version), body
            # The team talks it over before it lays a tip; its screen goes on polling meanwhile.
            my_turn = b"status yours" in body
            ready_at = time.monotonic() + random.uniform(*think) if my_turn else None
        if ready_at is not None and time.monotonic() >= ready_at:
            ready_at = None
            tips, places = ENABLED_TIP.findall(stage), PLACE_BUTTON.findall(stage)
            if tips and places:
                form = {"move": "tip", "tip": random.choice(tips), "place": random.choice(places)}
                status, body = await screen.request(
                    "POST", f"/play/{game['code']}/move/", "team move", headers, form=form
                )
                if status == 200:
                    version, stage = _version(version_re, body, version), body
        await asyncio.sleep(1.0)


def _version(version_re: re.Pattern, stage: bytes, known: str) -> str:
    found = version_re.search(stage)
    return found.group(1).decode() if found else known


async def germany_projector(screen, version_re, game, session, deadline, warmup):
    """The teacher's projector: polls the stage and clicks its reveal and next-round buttons as
    soon as they appear; the answer to each click is the new stage."""
    version = "0"
    headers = {
        "Cookie": f"sessionid={session}; {game['host_cookie']}",
        "HX-Request": "true",
    }
    await asyncio.sleep(random.random() * warmup)  # classes join over a few seconds
    while time.monotonic() < deadline:
        status, body = await screen.request(
            "GET", f"/play/host/{game['code']}/state/?v={version}", "projector poll", headers
        )
        while status == 200:
            version = _version(version_re, body, version)
            move = next((m for m in ("reveal", "lay_out") if f'value="{m}"'.encode() in body), None)
            if move is None:
                break
            status, body = await screen.request(
                "POST", f"/play/host/{game['code']}/move/", f"projector {move}", headers,
                form={"move": move},
            )  # fmt: skip
        await asyncio.sleep(1.0)
