"""A game of each edition on a fresh SQLite database, played by its computer players, and the
requests of its screens: what bench/push_bytes.py and bench/redraw.py measure. The load bench's
sizes: Germany 4 teams on 60 places, World 6 teams on 240, Match two pairs on the island deck,
Numbers 4 players, Dice 2; every game on devices."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = ("germany", "world", "match", "numbers", "dice")


def start_django(prefix: str) -> None:
    """Django on a fresh SQLite file, migrated."""
    tmp = tempfile.mkdtemp(prefix=prefix)
    os.environ.update(
        DATABASE_URL=f"sqlite:///{tmp}/db.sqlite3",
        CACHE_DIR=f"{tmp}/cache",
        DJANGO_SETTINGS_MODULE="config.settings",
        PLAY_PUSH="false",
        ALLOWED_HOSTS="localhost",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def bench_decks():
    """The benches' Germany deck (60 places) and World deck (240), in a fresh database."""
    from _play_world import WORLD_SPOTS

    from cards.models import Deck, DeckCard, Edition, Place

    germany = Deck.objects.create(slug="bench", name="Bench", edition=Edition.GERMANY)
    world = Deck.objects.create(slug="bench-world", name="Bench World", edition=Edition.WORLD)
    for i in range(60):
        place = Place.objects.create(
            name=f"Ort {i}", country="DE", state="Land", population=1000 + 37 * i,
            latitude=47.6 + (i * 0.37) % 6.8, longitude=6.3 + (i * 0.71) % 8.4,
        )  # fmt: skip
        DeckCard.objects.create(deck=germany, place=place)
    for i in range(240):
        country, lat, lon = WORLD_SPOTS[i % len(WORLD_SPOTS)]
        place = Place.objects.create(
            name=f"Place {i}", country=country, population=1000 + i,
            latitude=lat + (i % 7) * 0.3, longitude=lon + (i % 5) * 0.3,
        )  # fmt: skip
        colour = ("yellow", "orange", "green")[i % 3]
        DeckCard.objects.create(deck=world, place=place, colour=colour)
    return germany, world


class Table:
    """The teacher, the decks, and a way to start each edition's game."""

    def __init__(self) -> None:
        from django.contrib.auth.models import User
        from django.contrib.sessions.backends.db import SessionStore
        from django.test import Client

        from play.core.errors import RuleViolation
        from play.editions.match import moves as match_moves

        try:
            match_moves.island_deck()
        except RuleViolation:  # no island deck in this checkout: the tests' plane stands in
            from play.editions.match.deck import deck_data
            from tests.play.match.helpers import island_cards

            match_moves.island_deck = lambda: deck_data(island_cards())
        self.teacher = User.objects.create_superuser("bench", password="bench-pw")
        client = Client()
        client.force_login(self.teacher)
        self.session = SessionStore(client.cookies["sessionid"].value)
        germany, world = bench_decks()
        four = ["A", "B", "C", "D"]
        self.made: dict[str, dict[str, Any]] = {
            "germany": dict(deck=germany, seat_names=four),
            "world": dict(deck=world, seat_names=["A", "B", "C", "D", "E", "F"]),
            "match": dict(seat_names=["A1", "A2", "B1", "B2"], options={"layout": "2-2"}),
            "numbers": dict(seat_names=four),
            "dice": dict(seat_names=["A", "B"]),
        }

    def game(self, edition: str):
        from play.core import store

        made = self.made[edition]
        return store.create_game(user=self.teacher, edition=edition, mode="devices", **made)

    def screens(self, game) -> list[tuple[str, Any, bool]]:
        """Each screen's (name, request, whether it is the projector)."""
        from django.test import RequestFactory

        from play.core.access import team_cookie_name

        factory = RequestFactory()
        host = factory.get("/", HTTP_HOST="localhost")
        host.user, host.session = self.teacher, self.session
        out = [("projector", host, True)]
        for team in game.teams.order_by("index"):
            device = factory.get("/", HTTP_HOST="localhost")
            device.COOKIES[team_cookie_name(game.code)] = team.token
            out.append((f"seat {team.index}", device, False))
        return out


def play_one(game, movers: list[str] | None = None) -> bool:
    """One move of a game played by its computer players, or the teacher's (to start, lay out,
    reveal, go on) where no seat has one; False once the game is over or stuck. ``movers``:
    the name of the screen that made it (as ``Table.screens`` names them) is added to it."""
    from play.core import store
    from play.core.engine import facts_of
    from play.core.errors import RuleViolation

    if game.is_finished:
        return False
    spec = store.edition_of(game)
    for seat in range(game.teams.count()):
        move = spec.bot(game.state, seat)
        if move is not None:
            store.make_move(game, seat, move.move, dict(move.args))
            if movers is not None:
                movers.append(f"seat {seat}")
            return True
    teacher_bot = getattr(spec, "teacher_bot", None)
    planned = teacher_bot(game.state) if teacher_bot else None
    if planned is not None:
        for seat, teacher in ((None, True), (0, False)):
            try:
                store.make_move(game, seat, planned.move, dict(planned.args), teacher=teacher)
            except RuleViolation:
                continue
            if movers is not None:
                movers.append("projector" if teacher else f"seat {seat}")
            return True
    for name, function in spec.moves.items():
        if facts_of(function).teacher and name != "end":
            try:
                store.make_move(game, None, name, {}, teacher=True)
            except RuleViolation:
                continue
            if movers is not None:
                movers.append("projector")
            return True
    return False
