"""A bounded fuzz of the play pages' form posts (the API has its own, tests/reliability): the
device's join, team pick and moves, the projector's moves, mode, kick and end, and the new-game
form, with random field names and values — lone surrogates and invalid UTF-8 as a browser or a
script could send them, control characters, bidi controls, huge and odd numbers. No answer is a
server error. Hypothesis is derandomised, so a run is repeatable; FORM_FUZZ_EXAMPLES raises the
number of requests per route for a longer probe (the default keeps it to a few seconds)."""

from __future__ import annotations

import os
from urllib.parse import quote_from_bytes

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.core import registry, store
from play.core.access import team_cookie_name
from play.core.lifecycle import join_team

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

EXAMPLES = int(os.environ.get("FORM_FUZZ_EXAMPLES", "10"))
SPECIAL = [
    "",
    "0",
    "-1",
    "1",
    "99",
    "9" * 25,
    "1e308",
    "nan",
    "²",
    "١",
    "\x00",
    "\x07",
    "\ud800",
    "\udfff",
    "\u202e",
    "\u200b",
    "\ufeff",
    "on",
    "N",
    "projector",
    "devices",
    "x" * 5000,
]
# Text of any code point, surrogates (category Cs) included.
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=30)
VALUES = st.one_of(st.sampled_from(SPECIAL), ANY_TEXT)
RAW = st.one_of(
    st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"%", b"%zz", b"&&=", b"a=b=c"]),
    st.binary(max_size=20),
)


def _encode(text: str) -> str:
    # How a client that does not stop at lone surrogates (or a hand-made request) spells them.
    return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")


def form_body(fields: list[tuple[str, str]], raw: bytes = b"") -> bytes:
    body = "&".join(f"{_encode(k)}={_encode(v)}" for k, v in fields).encode()
    return body + (b"&" + raw if raw else b"")


def fields_for(names: list[str]):
    """Some of ``names`` with random values, plus a few fields of random names."""
    known = st.lists(st.tuples(st.sampled_from(names), VALUES), max_size=len(names) + 2)
    extra = st.lists(st.tuples(ANY_TEXT, VALUES), max_size=2)
    return st.tuples(known, extra, RAW | st.just(b"")).map(lambda t: (t[0] + t[1], t[2]))


def fuzz(client: Client, url: str, names: list[str], errors: list[str], method="post") -> int:
    sent = 0

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(case=fields_for(names))
    def probe(case) -> None:
        nonlocal sent
        fields, raw = case
        body = form_body(fields, raw)
        if method == "get":
            response = client.get(url, QUERY_STRING=body.decode("latin1"))
        else:
            response = client.generic(
                "POST", url, body, content_type="application/x-www-form-urlencoded"
            )
        sent += 1
        if response.status_code >= 500:
            errors.append(f"{method.upper()} {url} {body[:200]!r} → {response.status_code}")

    probe()
    return sent


def _games(teacher, big_deck, world_big):
    decks = {"germany": big_deck, "world": world_big}
    games = []
    for edition in registry.editions():
        if edition.slug not in ("germany", "world", "numbers", "dice", "match"):
            continue
        names = [f"S{i}" for i in range(max(edition.seats.min, 2))][: edition.seats.max]
        deck = decks.get(edition.deck_edition or "")
        if edition.deck_editions and deck is None:
            continue
        games.append(
            store.create_game(user=teacher, edition=edition.slug, seat_names=names, deck=deck)
        )
    return games


def _move_names(game) -> list[str]:
    edition = store.edition_of(game)
    args = sorted({a for names in edition.move_args.values() for a in names})
    return ["move", "seat", "team", "idempotency_key", *args, "list[]"]


def test_fuzzing_the_play_forms_finds_no_server_error(teacher, big_deck, world_big):
    errors: list[str] = []
    sent = 0
    anonymous = Client(raise_request_exception=False)
    sent += fuzz(anonymous, "/play/join/", ["code"], errors)
    teacher_client = Client(raise_request_exception=False)
    teacher_client.force_login(teacher)
    for slug in ("germany", "numbers"):
        edition = registry.get(slug)
        names = [f"seat_{i}" for i in range(edition.seats.max)]
        names += [f"bot_{i}" for i in range(edition.seats.max)]
        names += ["deck", "mode", *(f"option_{o.name}" for o in edition.options)]
        sent += fuzz(teacher_client, f"/play/new/{slug}/", names, errors)
    for game in _games(teacher, big_deck, world_big):
        code = game.code
        moves = _move_names(game)
        device = Client(raise_request_exception=False)
        sent += fuzz(device, f"/play/{code}/join/", ["team"], errors)
        seat = game.teams.get(index=0)
        device.cookies[team_cookie_name(code)] = join_team(game, seat)
        sent += fuzz(device, f"/play/{code}/move/", moves, errors)
        sent += fuzz(device, f"/play/{code}/state/", ["v"], errors, method="get")
        sent += fuzz(teacher_client, f"/play/host/{code}/move/", moves, errors)
        sent += fuzz(teacher_client, f"/play/host/{code}/mode/", ["mode"], errors)
        sent += fuzz(teacher_client, f"/play/host/{code}/kick/", ["team"], errors)
        sent += fuzz(teacher_client, f"/play/host/{code}/state/", ["v"], errors, method="get")
    print(f"form fuzz: {sent} requests, {len(errors)} server errors")
    assert not errors, "\n".join(errors[:20])
