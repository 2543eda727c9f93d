"""Nothing from a world card's solution side reaches any client before that card is evaluated.

Plays a round through every interface (API, projector, team devices, polling, images), keeps
every response and scans them for the places' solutions (codes and spelled out), coordinates,
states, descriptions and populations; then checks the scan can fail once cards are turned over.
"""

from __future__ import annotations

import json
import re

import pytest

from cards.models import Place
from geo.boards import describe_solution
from tests.play.leaks import Table, population_spellings

pytestmark = pytest.mark.django_db

MARKERS = re.compile(
    r'"(back|solutions|described|matched|stone_results|country|latitude|longitude|population)"'
    r'|class="(solution-side|solution-board|evaluation)|/world/card/[0-9a-f]+\.svg'
)


def _secrets(place: Place) -> list[str]:
    location = place.world_location()
    found = [
        place.state,
        place.description,
        *population_spellings(place.population),
        f"{place.latitude:.3f}",
        f"{place.longitude:.3f}",
    ]
    for solution in location.solutions:
        found += [solution, describe_solution(solution, "de"), describe_solution(solution, "en")]
    return found


def test_no_response_carries_a_solution_before_its_evaluation(teacher, world_big):
    table = Table(
        teacher, edition="world", deck=world_big.slug, teams=["A", "B", "C"], mode="devices"
    )
    game, keep, api, host, devices = table.game, table.keep, table.api, table.host, table.devices
    responses = table.responses

    def snapshot(label):
        table.snapshot(label)
        for ref in table.state()["cards"]:
            keep(f"{label}:img{ref}", host.get(f"/play/{game.code}/world/card/{ref}.svg"))

    keep("round", api.post(f"/api/games/{game.pk}/rounds/", {}, format="json"))
    snapshot("laid out")

    def current():
        return table.state()["rounds"][-1]

    rnd = current()
    by_index = {team.index: (team, device) for team, device in devices}
    for i in rnd["order"][:2]:
        team, device = by_index[i]
        card = next(r for r in current()["table"] if r not in current()["chosen"])
        keep("choose", device.post(f"/play/{game.code}/move/", {"move": "choose", "card": card}))
        snapshot(f"chose {i}")
    for n, i in enumerate(rnd["order"]):
        team, device = by_index[i]
        swap = "yes" if n == 0 else "no"
        keep(
            "exchange",
            device.post(f"/play/{game.code}/move/", {"move": "exchange", "exchange": swap}),
        )
        snapshot(f"exchange {i}")
    for i, (team, device) in by_index.items():
        board = game.state["cards"][current()["held"][i]]["solutions"][0][:2]
        wrong = "AU" if board != "AU" else "SA"
        keep("guess", device.post(f"/play/{game.code}/move/", {"move": "guess", "guess": wrong}))
        keep(
            "api-guess",
            api.post(
                f"/api/games/{game.pk}/guess/",
                {"team": team.pk, "guess": f"{wrong}-W"},
                format="json",
            ),
        )
        keep("lock", device.post(f"/play/{game.code}/move/", {"move": "lock"}))
        snapshot(f"guessed {i}")
    keep("early csv", host.get(f"/play/host/{game.code}/results.csv"))
    keep("close", api.post(f"/api/games/{game.pk}/close-guessing/"))
    snapshot("closed")

    rnd = current()
    refs = rnd["table"] + [r for r in rnd["held"] if r not in rnd["table"]]
    assert len(refs) == 4  # three laid out, one exchanged in
    places = {ref: Place.objects.get(pk=game.state["cards"][ref]["id"]) for ref in refs}
    secrets = [s for place in places.values() for s in _secrets(place)]
    # Nor any card's database id: views name cards by their per-game reference only.
    ids = {place.pk for place in places.values()}
    for label, body in responses:
        if body.startswith(b"{"):
            assert not _card_ids(json.loads(body)) & ids, f"{label} names a card by its id"
    table.assert_hidden(secrets, MARKERS)

    # One card turned over: its solution shows, the others' still do not.
    responses.clear()
    keep("evaluate", api.post(f"/api/games/{game.pk}/evaluate/", {}, format="json"))
    snapshot("one evaluated")
    first = current()["evaluations"][0]["card"]
    shown = places[first]
    hidden = [s for ref, place in places.items() if ref != first for s in _secrets(place)]
    everything = "".join(body.decode(errors="replace") for _label, body in responses)
    assert shown.world_location().solutions[0] in everything and MARKERS.search(everything)
    # Two cards of a round can share a field: the turned card's solution, in any spelling, is
    # then rightly on screen and says nothing of the other card.
    visible = set(_secrets(shown))
    for label, body in responses:
        text = body.decode(errors="replace")
        for secret in hidden:
            if secret in visible:
                continue
            assert secret not in text, f"{label} leaks {secret!r} of a card not yet turned over"


def _card_ids(data) -> set:
    """Integer ``id``s of every dict that describes a card (a ``ref`` or a card colour)."""
    found = set()
    if isinstance(data, dict):
        card = "ref" in data or data.get("colour") in ("yellow", "orange", "green")
        if card and isinstance(data.get("id"), int):
            found.add(data["id"])
        for value in data.values():
            found |= _card_ids(value)
    elif isinstance(data, list):
        for value in data:
            found |= _card_ids(value)
    return found
