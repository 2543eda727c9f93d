"""Open and save a 2,000-card deck in the admin, and page through its cards.

Run: .venv/bin/python bench/deck_admin.py
Prints seconds and page sizes. Target: the deck's change page opens and saves in under 1 s;
one page of its card list (50 rows) in under 1 s. Uses a fresh temporary SQLite file.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

CARDS = 2000


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    workdir = tempfile.mkdtemp(prefix="bench-deck-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", os.urandom(24).hex())

    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from cards.gazetteer.places import german_places
    from cards.imports.gazetteer import import_places
    from cards.models import Deck, Edition

    call_command("migrate", verbosity=0)
    deck = Deck.objects.create(slug="gross", name="Groß", edition=Edition.GERMANY)
    import_places(german_places(0)[:CARDS], deck=deck)
    client = Client()
    client.force_login(User.objects.create_superuser("bench", password="bench-pw"))

    def timed(label: str, call) -> object:
        started = time.perf_counter()
        response = call()
        seconds = time.perf_counter() - started
        print(f"{label}: {seconds:.2f} s, status {response.status_code}, "
              f"{len(response.content) / 1024:.0f} KB")  # fmt: skip
        return response

    url = f"/admin/cards/deck/{deck.pk}/change/"
    print(f"deck {deck.slug!r}: {deck.cards.count()} cards")
    # The first request of a process loads templates and translations: measured on its own.
    timed("first request: the admin's index", lambda: client.get("/admin/"))
    timed("open the deck's change page", lambda: client.get(url))
    data = {
        "name": deck.name,
        "slug": deck.slug,
        "edition": deck.edition,
        "language": deck.language,
        "description": "Neu beschrieben",
    }
    timed("save its description", lambda: client.post(url, data))
    cards = f"/admin/cards/deckcard/?deck__id__exact={deck.pk}"
    timed("first page of its cards", lambda: client.get(cards))
    timed("last page of its cards", lambda: client.get(f"{cards}&p={CARDS // 50}"))
    timed("search its cards", lambda: client.get(f"{cards}&q=berg"))


if __name__ == "__main__":
    main()
