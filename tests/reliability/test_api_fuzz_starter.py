"""The bounded API fuzz on the starter decks (the database ``make run`` serves), as an editor:
lists, details and edits of decks of hundreds of cards, not only of an empty database.

Half of the requests name a real deck, place or game (path parameters taken from the
database), so updates, card removals and deletions reach real rows; everything runs inside the
module's transaction and is rolled back. FUZZ_STARTER_EXAMPLES raises the count.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from rest_framework.authtoken.models import Token
from schemathesis.generation import GenerationMode

from cards.models import Deck, Place
from play.core.store import create_game
from tests.reliability.fuzz import api_schema, fuzz_operation

pytestmark = pytest.mark.fuzz

EXAMPLES = int(os.environ.get("FUZZ_STARTER_EXAMPLES", "4"))


def _known_rows(editor) -> dict[str, list]:
    """Real values for the path parameters: every deck's slug, a spread of places (in a deck
    and not), and a Germany game on the starter deck (made directly: Django's test client would hook
    the connection-closing signal up again)."""
    places = list(Place.objects.order_by("id").values_list("id", flat=True))
    spread = places[:: max(1, len(places) // 20)]
    game = create_game(
        user=editor,
        edition="germany",
        seat_names=["Rot", "Blau"],
        deck=Deck.objects.get(slug="germany"),
    )
    return {
        "slug": list(Deck.objects.values_list("slug", flat=True)),
        "id": spread,
        "place_id": spread,
        "game_id": [game.pk],
    }


@pytest.mark.django_db
@pytest.mark.usefixtures("keep_the_test_connection", "starter_decks")
def test_fuzzing_the_api_on_the_starter_decks_finds_no_server_error(editor):
    assert Deck.objects.filter(slug__in=["germany", "world"]).count() == 2
    known = _known_rows(editor)
    headers = {"Authorization": f"Token {Token.objects.create(user=editor).key}"}
    tally: Counter = Counter()
    errors: list[str] = []
    operations = [result.ok() for result in api_schema().get_all_operations()]
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            fuzz_operation(operation, mode, headers, tally, errors, examples=EXAMPLES, known=known)
    print(
        f"\nfuzz (editor, starter decks): {len(operations)} operations, "
        f"{tally['requests']} requests, "
        + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()) if k != "requests")
        + f", server errors {len(errors)}"
    )
    assert not errors, sorted(set(errors))
