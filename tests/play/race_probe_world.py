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

    from play.rules_common import RuleViolation

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
    from play import world
    from play.models import WorldCard, WorldGuess
    from play.services import create_game

    call_command("migrate", verbosity=0)
    user = User.objects.create_superuser("race", password="x")
    deck = Deck.objects.create(slug="race", name="Race", edition=Edition.WORLD)
    for i in range(14):
        place = Place.objects.create(
            name=f"P{i}", country="FR", population=1000 + i, latitude=44 + i * 0.3, longitude=2
        )
        DeckCard.objects.create(deck=deck, place=place, colour="green")
    game = create_game(user=user, edition="world", deck=deck, team_names=list("ABCDEF"))
    rnd = world.start_round(game)
    teams = list(game.teams.all())
    cards = list(rnd.world_cards.values_list("pk", flat=True))
    connection.close()

    # Every team grabs the same card at the same moment: only the first in order may.
    choosing = _run(6, lambda i: world.choose(game, teams[i], cards[0]))
    first = rnd.state["order"][0]
    taken = list(WorldCard.objects.filter(pk=cards[0]).values_list("team__index", flat=True))
    # Finish choosing and exchanging in order.
    rnd.refresh_from_db()
    while rnd.state["phase"] == "choosing":
        nxt = next(t for t in rnd.state["order"] if str(t) not in rnd.state["chosen"])
        free = rnd.world_cards.filter(status="table").first()
        world.choose(game, teams[nxt], free.pk)
        rnd.refresh_from_db()
    for t in rnd.state["order"]:
        world.exchange(game, teams[t], False)
    connection.close()

    # Twelve requests at once: each team changes its guess and locks it in, in any order.
    def guess(i: int) -> None:
        team = teams[i % 6]
        if i < 6:
            world.set_guess(game, team, "EU-M")
        else:
            world.set_guess(game, team, "EU-O", lock=True)

    guessing = _run(12, guess)
    stored = list(
        WorldGuess.objects.filter(round=rnd).values_list("team__index", "guess", "locked")
    )
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
