"""What clients may see of a game, as plain data for the API and the templates alike.

Everything from a card's back (state, description, population, grid numbers) and every score
is added only for revealed rounds; the no-leak tests scan every response built from here.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import Any

from play.editions.germany import rules
from play.germany import place_facts
from play.models import Game, Round, Team
from play.services import totals

TIP_LABELS = {
    "N": "N",
    "S": "S",
    "W": "W",
    "M": "M",
    "O": "O",
    "MOST": "★",
    "FEWEST": "·",
}


def team_data(team: Team) -> dict[str, Any]:
    return {
        "id": team.pk,
        "index": team.index,
        "name": team.name,
        "colour": team.colour,
        "letter": team.letter,
        "shape": team.shape,
        "device_joined": team.device_joined,
    }


def round_data(
    game: Game, rnd: Round, teams: list[Team], *, viewer: Team | None = None
) -> dict[str, Any]:
    """A round's table. Face-down tips of other teams stay hidden until every tip is placed."""
    state = rules.RoundState(
        teams=len(teams),
        starting_team=rnd.starting_team,
        places=[rp.place_id for rp in rnd.places.all()],
        tips=[],
        revealed=rnd.revealed,
    )
    tips = sorted(rnd.tips.all(), key=lambda t: t.order)
    by_index = {t.index: t for t in teams}
    by_pk = {t.pk: t for t in teams}
    state.tips = [
        rules.Tip(by_pk[t.team_id].index, t.place_id, rules.TipCard(t.tip), t.order) for t in tips
    ]
    complete = state.is_complete()
    hide = game.face_down and not complete
    places = []
    for rp in rnd.places.all():
        place = rp.place
        stack = []
        for t in tips:
            if t.place_id != place.pk:
                continue
            team = by_pk[t.team_id]
            visible = not hide or (viewer is not None and viewer.pk == team.pk)
            entry: dict[str, Any] = {
                "order": t.order,
                "team": team.index,
                "team_id": team.pk,
                "tip": t.tip if visible else None,
            }
            if rnd.revealed:
                entry.update(correct=t.correct, row=t.row, points=t.points)
            stack.append(entry)
        item: dict[str, Any] = {
            "id": place.pk,
            "position": rp.position,
            "name": place.display_name(game.language),
            "stack": stack,
        }
        if rnd.revealed:
            facts = place_facts(place)
            item["back"] = {
                "state": place.state,
                "description": place.display_description(game.language),
                "population": place.population,
                "ns": facts.ns,
                "we": facts.we,
            }
        places.append(item)
    next_team = state.next_team() if not rnd.revealed else None
    data: dict[str, Any] = {
        "number": rnd.number,
        "starting_team": rnd.starting_team,
        "revealed": rnd.revealed,
        "complete": complete,
        "next_team": next_team,
        "next_team_id": by_index[next_team].pk if next_team is not None else None,
        "tips_left": {t.index: state.tips_left(t.index) for t in teams},
        "places": places,
    }
    if rnd.revealed:
        points = {t.index: 0 for t in teams}
        for t in tips:
            points[by_pk[t.team_id].index] += t.points or 0
        data["team_points"] = points
    return data


# Every change bumps Game.version, so (game, version, viewer) fixes the data: polling screens
# that all wake up after one change share a single build per process. The version is read
# before the rows, so an entry can only be newer than its key, never older.
_CACHE: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
_CACHE_SIZE = 4096
_LOCK = threading.Lock()


def game_data(game: Game, *, viewer: Team | None = None) -> dict[str, Any]:
    """The game as a client may see it (a fresh copy; callers may change it)."""
    if viewer is not None and game.edition == "world":
        # A world team sees the shared view plus its own stones, read fresh: changing an
        # unlocked guess shows on no other screen, so it does not bump the version.
        from play.state_world import with_own_guess

        return with_own_guess(game_data(game), game, viewer)
    # Only face-down tips make one team's view differ from another's: without them, every
    # screen of the game shares one build per version.
    key = (game.pk, game.code, game.version, viewer.pk if viewer and game.face_down else None)
    with _LOCK:
        cached = _CACHE.get(key)
        if cached is not None:
            _CACHE.move_to_end(key)
    if cached is None:
        cached = _build(game, viewer)
        with _LOCK:
            _CACHE[key] = cached
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
    return copy.deepcopy(cached)


def available_tips(data: dict[str, Any], team_index: int) -> list[str]:
    """Tips a team may still play, from what ``team_index``'s own view of the table shows."""
    rnd = data["round"]
    if rnd is None or rnd["revealed"]:
        return []
    tips = [
        rules.Tip(e["team"], p["id"], rules.TipCard(e["tip"]), e["order"])
        for p in rnd["places"]
        for e in p["stack"]
        if e["tip"] is not None
    ]
    state = rules.RoundState(
        teams=len(data["teams"]),
        starting_team=rnd["starting_team"],
        places=[p["id"] for p in rnd["places"]],
        tips=tips,
    )
    return [t.value for t in state.available_tips(team_index)]


def _build(game: Game, viewer: Team | None) -> dict[str, Any]:
    if game.edition == "world":
        from play.state_world import build

        return build(game)
    teams = list(game.teams.all())
    rnd = game.rounds.order_by("-number").prefetch_related("places__place", "tips").first()
    running = totals(game)
    data: dict[str, Any] = {
        "id": game.pk,
        "code": game.code,
        "edition": game.edition,
        "deck": game.deck.slug,
        "status": game.status,
        "mode": game.mode,
        "face_down": game.face_down,
        "draw": game.draw,
        "language": game.language,
        "version": game.version,
        "starting_team": game.starting_team,
        "rounds_total": rules.rounds_for(len(teams)) if game.edition == "germany" else None,
        "teams": [dict(team_data(t), points=running[t.index]) for t in teams],
        "round": round_data(game, rnd, teams, viewer=viewer) if rnd else None,
    }
    if game.is_finished:
        ranking = rules.final_ranking({t.index: running[t.index] for t in teams})
        data["ranking"] = [{"rank": r, "team": i, "points": p} for r, i, p in ranking]
    return data
