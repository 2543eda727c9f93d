"""A bounded fuzz run of every registered edition's moves through ``store.make_move``: random
argument dicts (odd numbers, odd text, the game's own references, extra names) for random
seats and the teacher. Every answer is the new game or a refusal (``RuleViolation``): never
another exception, which the screens and the API would answer with a server error."""

from __future__ import annotations

import random

import pytest

from play.core import registry, store
from play.core.engine import RuleViolation

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

CASES = 120
ODD_VALUES = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    7,
    13,
    99,
    2**31,
    2**70,
    -(2**70),
    0.5,
    1e308,
    float("inf"),
    "",
    " ",
    "0",
    "1",
    "-1",
    "²",
    "①",
    "٣",
    "１",
    "1e3",
    "a" * 60,
    "\x00",
    "\ud800",
    "‮",
    "EU-O-M-C",
    "EU-O-M",
    "top",
    "left",
    "+",
    "-",
    "*",
    "/",
    "N",
    "S",
    "true",
    "on",
    [],
    [1],
    ["a", "b"],
    {},
    {"a": 1},
    [[[]]],
]


def _strings(value, found: set) -> None:
    if isinstance(value, str) and len(value) < 40:
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _strings(key, found)
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)


def _game(slug: str, teacher, big_deck, world_big):
    edition = registry.get(slug)
    deck = {"germany": big_deck, "world": world_big}.get(edition.deck_edition or "")
    names = [f"S{i}" for i in range(max(edition.seats.min, 2))][: edition.seats.max]
    return store.create_game(user=teacher, edition=slug, seat_names=names, deck=deck)


@pytest.mark.parametrize("slug", [edition.slug for edition in registry.editions()])
def test_random_arguments_to_every_move_are_refused_or_made(slug, teacher, big_deck, world_big):
    rng = random.Random(f"fuzz:{slug}")
    game = _game(slug, teacher, big_deck, world_big)
    edition = store.edition_of(game)
    names = [*sorted(edition.moves), "no_such_move"]
    seats = len(game.teams.all())
    made = refused = 0
    for case in range(CASES):
        found: set[str] = set()
        _strings(game.state, found)
        values = ODD_VALUES + sorted(found)
        name = rng.choice(names)
        declared = sorted(edition.move_args.get(name, ())) or ["card", "value"]
        args = {}
        for arg in declared:
            if rng.random() < 0.8:
                args[arg] = rng.choice(values)
        if rng.random() < 0.1:
            args[rng.choice(["extra", "x" * 50, "\x00"])] = rng.choice(ODD_VALUES)
        teacher_move = name in edition.teacher_moves or rng.random() < 0.2
        seat = None if teacher_move else rng.choice([*range(seats), -1, seats])
        try:
            game = store.make_move(game, seat, name, args, teacher=teacher_move)
            made += 1
        except RuleViolation:
            refused += 1
        except Exception as error:  # a server error on the screens and the API
            pytest.fail(f"{slug} case {case}: {name}({args!r}) by {seat}: {error!r}")
        if game.is_finished:
            game = _game(slug, teacher, big_deck, world_big)
    assert made + refused == CASES
