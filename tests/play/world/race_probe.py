"""Run by test_world_concurrency in a fresh process: six teams choose, guess and lock at once.

Needs a database real concurrent connections can share (DATABASE_URL: a SQLite file or
PostgreSQL). Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import sys
import threading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _run(threads: int, act) -> list[str]:
    from django.db import connection

    from play.core.errors import RuleViolation

    outcomes: list[str] = []
    barrier = threading.Barrier(threads)

    def worker(i: int) -> None:
        barrier.wait()
        try:
            act(i)
            outcomes.append("ok")
        except RuleViolation as error:
            outcomes.append(f"{error.http_status}:{error.code}")
        except Exception as error:  # anything else would be a 500
            outcomes.append(f"error:{type(error).__name__}:{error}")
        finally:
            connection.close()

    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return outcomes


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from cards.models import Deck, DeckCard, Edition, Place
    from play.core import store
    from play.models import Game

    call_command("migrate", verbosity=0)
    user = User.objects.create_superuser("race", password="x")
    deck = Deck.objects.create(slug="race", name="Race", edition=Edition.WORLD)
    for i in range(14):
        place = Place.objects.create(
            name=f"P{i}", country="FR", population=1000 + i, latitude=44 + i * 0.3, longitude=2
        )
        DeckCard.objects.create(deck=deck, place=place, colour="green")
    game = store.create_game(user=user, edition="world", seat_names=list("ABCDEF"), deck=deck)
    game = store.make_move(game, None, "lay_out", {}, teacher=True)
    rnd = game.state["rounds"][-1]
    cards = list(rnd["table"])
    connection.close()

    # Every team grabs the same card at the same moment: only the first in order may.
    choosing = _run(6, lambda i: store.make_move(game, i, "choose", {"card": cards[0]}))
    first = rnd["order"][0]
    game.refresh_from_db()
    rnd = game.state["rounds"][-1]
    taken = [t for t, ref in enumerate(rnd["chosen"]) if ref == cards[0]]
    # Finish choosing and exchanging in order.
    while rnd["phase"] == "choosing":
        nxt = next(t for t in rnd["order"] if rnd["chosen"][t] is None)
        free = next(r for r in rnd["table"] if r not in rnd["chosen"])
        game = store.make_move(game, nxt, "choose", {"card": free})
        rnd = game.state["rounds"][-1]
    for t in rnd["order"]:
        game = store.make_move(game, t, "exchange", {"exchange": False})
    connection.close()

    # Twelve requests at once: each team changes its guess and locks it in, in any order.
    def guess(i: int) -> None:
        if i < 6:
            store.make_move(game, i % 6, "guess", {"guess": "EU-M"})
        else:
            store.make_move(game, i % 6, "guess", {"guess": "EU-O", "lock": True})

    guessing = _run(12, guess)
    rows = Game.objects.get(pk=game.pk).state["rounds"][-1]["guesses"]
    stored = [[t, row["guess"], row["locked"]] for t, row in enumerate(rows) if row]
    print(
        json.dumps(
            {
                "choosing": choosing,
                "first": first,
                "taken": taken,
                "guessing": guessing,
                "stored": stored,
            }
        )
    )


if __name__ == "__main__":
    sys.exit(main())
