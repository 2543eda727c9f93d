"""World games for bench/play_load.py: 6 team phones and a projector per game.

Phones choose and exchange in turn and all guess at once (a board, then a column and lock in,
after talking it over); the projector lays out rounds, closes the guessing once every team has
locked in and turns the cards over one by one.
"""

from __future__ import annotations

import asyncio
import json
import random
import time

WORLD_SPOTS = [
    ("FR", 46.5, 2.5),
    ("DE", 51.0, 10.0),
    ("EG", 27.0, 30.0),
    ("KE", 0.0, 37.5),
    ("NG", 9.0, 8.0),
    ("JP", 36.0, 138.0),
    ("IN", 22.0, 79.0),
    ("CN", 33.0, 105.0),
    ("AU", -25.0, 134.0),
    ("PE", -9.0, -75.0),
    ("BR", -10.0, -52.0),
    ("US", 39.0, -98.0),
    ("CA", 56.0, -106.0),
    ("MX", 23.0, -102.0),
    ("ID", -2.0, 115.0),
    ("ZA", -29.0, 24.0),
]


def setup_script(games: int) -> str:
    """Django shell code appended to play_load's setup: a world deck and the world games."""
    return f"""
world = Deck.objects.create(slug="bench-world", name="Bench World", edition=Edition.WORLD)
for i in range(240):
    country, lat, lon = {WORLD_SPOTS!r}[i % {len(WORLD_SPOTS)}]
    place = Place.objects.create(name=f"Place {{i}}", country=country, population=1000 + i,
        latitude=lat + rng.uniform(-1.5, 1.5), longitude=lon + rng.uniform(-1.5, 1.5))
    DeckCard.objects.create(deck=world, place=place, colour=("yellow", "orange", "green")[i % 3])
for g in range({games}):
    game = create_game(user=teacher, edition="world", deck=world,
        team_names=["A", "B", "C", "D", "E", "F"], mode="devices")
    out["games"].append({{"id": game.pk, "code": game.code, "edition": "world",
        "teams": [[t.pk, t.token] for t in game.teams.all()]}})
"""


async def world_device(screen, version_re, game, team_pk, token, deadline, think, warmup):
    headers = {"Cookie": f"spoton_team_{game['code']}={token}", "HX-Request": "true"}
    api = {"X-Team-Token": token}
    url = f"/api/games/{game['id']}/"
    version = "0"
    await asyncio.sleep(random.random() * warmup)
    while time.monotonic() < deadline:
        status, body = await screen.request(
            "GET",
            f"/play/{game['code']}/state/?v={version}",
            "world team poll (first)" if version == "0" else "world team poll",
            headers,
        )
        if status == 200:
            found = version_re.search(body)
            version = found.group(1).decode() if found else version
            if b"status yours" in body:
                guessing = b'data-phase="guessing"' in body
                # Teams talk a guess over; taking a card or keeping it is quicker.
                await asyncio.sleep(random.uniform(*think) / (1 if guessing else 4))
                _, raw = await screen.request("GET", url, "world api state", api)
                rnd = (json.loads(raw or b"{}").get("view") or {}).get("round") or {}
                mine = (rnd.get("mine") or {}).get("my_turn")
                if rnd.get("phase") == "choosing" and mine:
                    card = next(c["ref"] for c in rnd["cards"] if c["status"] == "table")
                    await screen.request(
                        "POST", url + "choose/", "world api choose", api,
                        {"team": team_pk, "card": card},
                    )  # fmt: skip
                elif rnd.get("phase") == "exchanging" and mine:
                    await screen.request(
                        "POST", url + "exchange/", "world api exchange", api,
                        {"team": team_pk, "exchange": random.random() < 0.2},
                    )  # fmt: skip
                elif rnd.get("phase") == "guessing":
                    board = random.choice(["NA", "EU", "AS", "SA", "AF", "AU"])
                    column = random.choice("WMO")
                    for guess, lock in ((board, False), (f"{board}-{column}", True)):
                        await screen.request(
                            "POST", url + "guess/", "world api guess", api,
                            {"team": team_pk, "guess": guess, "lock": lock},
                        )  # fmt: skip
        await asyncio.sleep(1.0)


async def world_projector(screen, version_re, game, session, token, deadline, warmup):
    headers = {"Cookie": f"sessionid={session}; {game['host_cookie']}", "HX-Request": "true"}
    api = {"Authorization": f"Token {token}"}
    url = f"/api/games/{game['id']}/"
    version = "0"
    await asyncio.sleep(random.random() * warmup)
    while time.monotonic() < deadline:
        status, body = await screen.request(
            "GET", f"/play/host/{game['code']}/state/?v={version}", "world projector poll", headers
        )
        if status == 200:
            found = version_re.search(body)
            version = found.group(1).decode() if found else version
            _, raw = await screen.request("GET", url, "world api state", api)
            state = json.loads(raw or b"{}")
            rnd = (state.get("view") or {}).get("round")
            if state.get("status") != "active":
                pass
            elif rnd is None or rnd["phase"] == "done":
                await screen.request("POST", url + "rounds/", "world api new round", api, {})
            elif rnd["phase"] == "guessing" and rnd["all_locked"]:
                await screen.request("POST", url + "close-guessing/", "world api close", api)
            elif rnd["phase"] == "evaluating":
                await screen.request("POST", url + "evaluate/", "world api evaluate", api)
        await asyncio.sleep(1.0)
