"""The Germany endpoints of DESIGN.md, kept as aliases of the edition's moves.

Each alias translates its payload (team ids to seats, the deck's place ids to the game's opaque
card references) and makes the move through the core; answers keep their earlier shapes, except
that laid-out places are named by their per-game reference instead of a database id.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from play.core import store
from play.core.access import can_manage
from play.core.engine import RuleViolation, Viewer
from play.editions.germany.rules import TipCard
from play.models import Game, Team
from play.shells.api import manager_only, payload, seat_of, violation


class RoundCreateSerializer(serializers.Serializer):
    places = serializers.ListField(child=serializers.IntegerField(), required=False)


class TipSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    place = serializers.CharField(max_length=40)
    tip = serializers.ChoiceField(choices=[t.value for t in TipCard])


def _refs_for(game: Game, place_ids: list[int]) -> list[str]:
    by_id = {card["id"]: ref for ref, card in game.state["cards"].items()}
    missing = sorted(pid for pid in place_ids if pid not in by_id)
    if missing:
        raise RuleViolation("place_not_in_deck", f"Not in this game's deck: {missing}.")
    return [by_id[pid] for pid in place_ids]


def rounds(request: Request, game: Game) -> Response:
    manager_only(request, game)
    data = payload(request, RoundCreateSerializer)
    try:
        args: dict[str, Any] = {}
        if "places" in data:
            args["places"] = _refs_for(game, data["places"])
        game = store.make_move(game, None, "lay_out", args, teacher=True)
    except RuleViolation as error:
        return violation(error)
    return Response(_round(game, Viewer.teacher()), status=201)


def _round(game: Game, viewer: Viewer) -> dict[str, Any]:
    rnd = store.view_for(game, viewer)["round"]
    for place in rnd["places"]:
        for entry in place["stack"]:
            entry.pop("card", None)
        place.pop("settled", None)
    return rnd


def _tip_body(team: Team, number: int, entry: list) -> dict[str, Any]:
    _seat, place, value, order = entry
    return {
        "id": f"{number}-{order}",
        "team": team.pk,
        "place": place,
        "tip": value,
        "order": order,
    }


def _sees_tips_of(game: Game, device: Team | None, team: Team) -> bool:
    """Whether the caller may see ``team``'s tips in the current round, as the view decides:
    its own device always, the teacher unless they lie face down. A double tap is answered
    only then; otherwise its answer (the tip, where a wrong guess meets "not your turn") would
    tell what the view hides."""
    viewer = Viewer.of_seat(device.index) if device is not None else Viewer.teacher()
    rnd = store.view_for(game, viewer)["round"]
    if rnd is None:
        return False
    stack = [entry for place in rnd["places"] for entry in place["stack"]]
    return all(entry["tip"] is not None for entry in stack if entry["team"] == team.index)


def tips(request: Request, game: Game) -> Response:
    manager = can_manage(request.user, game)
    device = None if manager else seat_of(request, game)
    if not manager and device is None:
        raise PermissionDenied("Join the game as a team or log in as its teacher.")
    data = payload(request, TipSerializer)
    team = Team.objects.filter(game=game, pk=data["team"]).first()
    if team is None:
        return Response({"code": "unknown_team", "detail": "No such team in this game."}, 400)
    if device is not None and device.pk != team.pk:
        raise PermissionDenied("A device may only play for its own team.")
    rounds_so_far = game.state["rounds"]
    if rounds_so_far and _sees_tips_of(game, device, team):
        current = rounds_so_far[-1]
        for entry in current["tips"]:
            if entry[:3] == [team.index, data["place"], data["tip"]]:
                return Response(_tip_body(team, current["number"], entry))  # a double tap
    try:
        game = store.make_move(
            game,
            team.index,
            "tip",
            {"place": data["place"], "tip": data["tip"]},
            teacher=manager,
        )
    except RuleViolation as error:
        return violation(error)
    current = game.state["rounds"][-1]
    return Response(_tip_body(team, current["number"], current["tips"][-1]), status=201)


def reveal(request: Request, game: Game) -> Response:
    manager_only(request, game)
    try:
        game = store.make_move(game, None, "reveal", {}, teacher=True)
    except RuleViolation as error:
        return violation(error)
    body = _round(game, Viewer.teacher())
    body["status"] = game.status
    return Response(body)


def detail(request: Request, game: Game) -> dict[str, Any]:
    """The earlier fields of ``GET /api/games/{id}/`` for a Germany game, from the view."""
    view = store.view_for(
        game,
        Viewer.teacher()
        if can_manage(request.user, game)
        else Viewer.of_seat(seat_of(request, game).index),
    )
    teams = list(game.teams.all())
    body: dict[str, Any] = {
        "teams": [
            {
                "id": t.pk,
                "index": t.index,
                "name": t.name,
                "colour": t.colour,
                "points": view["points"][t.index],
                "device_joined": t.device_joined,
            }
            for t in teams
        ],
        "rounds_total": view["rounds_total"],
        "face_down": view["face_down"],
        "round": None,
    }
    if view["round"]:
        rnd = view["round"]
        for place in rnd["places"]:
            for entry in place["stack"]:
                entry.pop("card", None)
            place.pop("settled", None)
        body["round"] = rnd
    if "ranking" in view:
        body["ranking"] = [{"rank": r, "team": i, "points": p} for r, i, p in view["ranking"]]
    return body


# Each endpoint, what it does, as the API schema describes it.
ENDPOINTS = {
    "rounds": (
        rounds,
        "Lay out the next round's places (drawn from the deck unless given): fronts only.",
    ),
    "tips": (tips, "Place a tip for a team under a laid-out place."),
    "reveal": (
        reveal,
        "Turn the cards over: backs, every tip's correctness, row and points, "
        "each team's points for the round.",
    ),
}
