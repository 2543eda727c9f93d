"""The old REST endpoints of world games, kept as aliases of moves on the play engine.

Each one translates its payload (team ids → seat index; card ids are the game's opaque card
references) and calls ``store.make_move``; answers keep the old shapes: the round as the
acting team sees it, with ``id`` = the card's reference and ``team_id`` = the team's id. The
generic ``POST /api/games/{id}/moves/`` does the same with move names (``choose``, ``exchange``,
``guess``, ``lock``, ``close_guessing``, ``evaluate``).
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from play.core import store
from play.core.access import can_manage
from play.core.engine import Viewer
from play.core.errors import RuleViolation
from play.models import Game, Team
from play.shells.api import manager_only, payload, seat_of, violation


class ChooseSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    card = serializers.CharField(max_length=40, help_text="The card's reference in this game.")


class ExchangeSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    exchange = serializers.BooleanField()


class GuessSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    guess = serializers.JSONField(help_text='"EU-O-M-C" (cut after the last stone) or an object')
    lock = serializers.BooleanField(default=False)


class TeamSerializer(serializers.Serializer):
    team = serializers.IntegerField()


class EvaluateSerializer(serializers.Serializer):
    all = serializers.BooleanField(default=False)


def _team_move(request: Request, game: Game, serializer_class) -> tuple[Team, dict]:
    """The team a move is for and the payload; ``team.seen_by`` is the seat whose view the
    answer shows: the team's own device, or None for the teacher, who sees what the projector
    sees (not a team's open guess)."""
    manager = can_manage(request.user, game)
    device_team = None if manager else seat_of(request, game)
    if not manager and device_team is None:
        raise PermissionDenied("Join the game as a team or log in as its teacher.")
    data = payload(request, serializer_class)
    team = Team.objects.filter(game=game, pk=data["team"]).first()
    if team is None:
        raise RuleViolation("unknown_team", "No such team in this game.")
    if not manager and device_team.pk != team.pk:
        raise PermissionDenied("A device may only play for its own team.")
    team.seen_by = None if manager else team.index
    return team, data


def round_body(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The current round as the old API showed it, ids added from the team rows."""
    viewer = Viewer.teacher() if seat is None else Viewer.of_seat(seat)
    data = store.view_for(game, viewer)["round"] or {}
    ids = dict(game.teams.values_list("index", "pk"))
    for card in data.get("cards", []):
        card["id"] = card["ref"]
        card["team_id"] = ids.get(card["team"])
    for row in data.get("guesses", []) + data.get("evaluations", []):
        row["team_id"] = ids[row["team"]]
    data["next_team_id"] = ids.get(data.get("next_team"))
    return data


def _guess_body(game: Game, team: Team, seat: int | None) -> dict[str, Any]:
    viewer = Viewer.teacher() if seat is None else Viewer.of_seat(seat)
    row = store.view_for(game, viewer)["round"]["guesses"][team.index]
    return {"team": team.pk, "guess": row["guess"], "locked": row["locked"]}


def choose(request: Request, game: Game) -> Response:
    try:
        team, data = _team_move(request, game, ChooseSerializer)
        game = store.make_move(game, team.index, "choose", {"card": data["card"]})
    except RuleViolation as error:
        return violation(error)
    return Response(round_body(game, team.seen_by))


def exchange(request: Request, game: Game) -> Response:
    try:
        team, data = _team_move(request, game, ExchangeSerializer)
        game = store.make_move(game, team.index, "exchange", {"exchange": data["exchange"]})
    except RuleViolation as error:
        return violation(error)
    return Response(round_body(game, team.seen_by))


def guess(request: Request, game: Game) -> Response:
    try:
        team, data = _team_move(request, game, GuessSerializer)
        args = {"guess": data["guess"], "lock": data["lock"]}
        game = store.make_move(game, team.index, "guess", args)
    except RuleViolation as error:
        return violation(error)
    # The guess the caller has just written, as the rules read it: no secret to the teacher.
    return Response(_guess_body(game, team, team.index))


def lock(request: Request, game: Game) -> Response:
    try:
        team, _data = _team_move(request, game, TeamSerializer)
        game = store.make_move(game, team.index, "lock", {})
    except RuleViolation as error:
        return violation(error)
    return Response(_guess_body(game, team, team.seen_by))


def teacher_move(game: Game, name: str, args: dict | None = None) -> Game:
    return store.make_move(game, None, name, args or {}, teacher=True)


def close_guessing(request: Request, game: Game) -> Response:
    manager_only(request, game)
    try:
        game = teacher_move(game, "close_guessing")
    except RuleViolation as error:
        return violation(error)
    return Response(round_body(game))


def evaluate(request: Request, game: Game) -> Response:
    manager_only(request, game)
    data = payload(request, EvaluateSerializer) if request.data else {"all": False}
    return evaluated(game, every=data["all"])


def evaluated(game: Game, *, every: bool) -> Response:
    """Also ``POST /reveal/`` on a world game: every card that is left."""
    try:
        done = len(round_body(game).get("evaluations", []))
        game = teacher_move(game, "evaluate", {"every": every})
    except RuleViolation as error:
        return violation(error)
    body = round_body(game)
    body["new"] = [e["card"] for e in body["evaluations"][done:]]
    body["status"] = game.status
    return Response(body)


def lay_out(game: Game) -> Response:
    """``POST /rounds/`` on a world game."""
    try:
        game = teacher_move(game, "lay_out")
    except RuleViolation as error:
        return violation(error)
    return Response(round_body(game), status=status.HTTP_201_CREATED)


def rounds(request: Request, game: Game) -> Response:
    manager_only(request, game)
    return lay_out(game)


def reveal(request: Request, game: Game) -> Response:
    manager_only(request, game)
    return evaluated(game, every=True)


# Each endpoint, what it does, as the API schema describes it.
ENDPOINTS = {
    "rounds": (rounds, "Lay out the next round's cards (The World) or places (Germany)."),
    "choose": (choose, "A team takes one of the laid-out cards (furthest behind first)."),
    "exchange": (
        exchange,
        "A team exchanges its card for the top of the stack (at most twice "
        "a game) or keeps it, in the round's order.",
    ),
    "guess": (
        guess,
        "Place or change a team's stones (board, then column, row, rectangle); "
        "`lock` locks them in.",
    ),
    "lock": (lock, "Lock a team's guess in; it cannot be changed afterwards."),
    "close-guessing": (close_guessing, "The teacher closes the guessing; evaluation can start."),
    "evaluate": (
        evaluate,
        "Turn over the next card in the round's order (or `all` that are "
        "left): solution side, pawn moves, kept or returned cards.",
    ),
    "reveal": (
        reveal,
        "Turn the cards over (Germany: the round's backs and points; The World: every card left).",
    ),
}
