"""World games for bench/play_load.py: 6 team phones and a projector per game.

Phones choose and exchange in turn and all guess at once (a board, then a column and lock in,
after talking it over); the projector lays out rounds, closes the guessing once every team has
locked in and turns the cards over one by one. Each screen is a ``_page.Page``.
"""

from __future__ import annotations

import asyncio
import random
import re
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
        seat_names=["A", "B", "C", "D", "E", "F"], mode="devices")
    out["games"].append({{"id": game.pk, "code": game.code, "edition": "world",
        "teams": [[t.pk, t.token] for t in game.teams.all()]}})
"""


BUTTON = re.compile(rb'name="(card|guess)" value="([^"]+)"')


async def world_device(page, game, deadline, think, warmup):
    """A team's phone as a browser drives it: on its turn it takes a card, keeps or exchanges
    it, and guesses (a board, then a column) and locks in, each a form of the stage it shows."""
    move_url = f"/play/{game['code']}/move/"
    await asyncio.sleep(random.random() * warmup)
    await page.open(deadline)
    seen = None
    while time.monotonic() < deadline:
        if page.version != seen:
            seen = page.version
            if b"status yours" in page.html:
                guessing = b'data-phase="guessing"' in page.html
                # Teams talk a guess over; taking a card or keeping it is quicker.
                await asyncio.sleep(random.uniform(*think) / (1 if guessing else 4))
                for _ in range(3):  # a guess takes three forms: board, column, lock
                    form = next_form(page.html)  # what the screen shows by now
                    if form is None or time.monotonic() >= deadline:
                        break
                    label = f"world team {form['move']}"
                    status, _ = await page.post(move_url, label, form)
                    if status != 200:
                        break
                seen = page.version
                continue
        await page.wait_change(seen, deadline)


def next_form(stage: bytes) -> dict | None:
    """What a team taps next on its stage: a card to take, keep or exchange, the next step of
    its guess, or lock in."""
    if b'name="move" value="choose"' in stage:
        cards = [v for k, v in BUTTON.findall(stage) if k == b"card"]
        return {"move": "choose", "card": random.choice(cards)} if cards else None
    if b'name="move" value="exchange"' in stage:
        return {"move": "exchange", "exchange": "yes" if random.random() < 0.2 else "no"}
    if b'name="move" value="guess"' not in stage:
        return None
    guesses = [v.decode() for k, v in BUTTON.findall(stage) if k == b"guess"]
    boards = [g for g in guesses if "-" not in g]
    columns = [g for g in guesses if g.count("-") == 1]
    if columns and b'name="move" value="lock"' in stage and random.random() < 0.5:
        return {"move": "guess", "guess": random.choice(columns)}
    if b'name="move" value="lock"' in stage:
        return {"move": "lock"}
    return {"move": "guess", "guess": random.choice(boards)} if boards else None


async def world_projector(page, game, deadline, warmup):
    """The teacher's projector: lays out rounds, closes the guessing once every team has locked
    in (the button is then the primary one) and turns the cards over one by one."""
    move_url = f"/play/host/{game['code']}/move/"
    await asyncio.sleep(random.random() * warmup)
    await page.open(deadline)
    seen = None
    while time.monotonic() < deadline:
        if page.version != seen:
            seen = page.version
            body = page.html
            if b'value="lay_out"' in body:
                move = "lay_out"
            elif b'value="close_guessing"><button class="primary' in body:
                move = "close_guessing"
            elif b'value="evaluate"' in body:
                move = "evaluate"
            else:
                move = None
            if move is not None:
                await page.post(move_url, f"world projector {move}", {"move": move})
                continue  # the answer may show the next button
        await page.wait_change(seen, deadline)
