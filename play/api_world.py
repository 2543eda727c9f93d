"""The old REST endpoints of world games, kept as aliases of moves on the play engine.

Each one translates its payload (team ids → seat index; card ids are the game's opaque card
references) and calls ``play.games.make_move``; answers keep the old shapes: the round as the
acting team sees it, with ``id`` = the card's reference and ``team_id`` = the team's id. The
generic ``POST /api/games/{id}/moves/`` does the same with move names (``choose``, ``exchange``,
``guess``, ``lock``, ``close_guessing``, ``evaluate``).
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play import games
from play.api import TOKEN_PARAM, _game_for_manager, _payload, _viewer, _violation
from play.engine import Viewer
from play.models import Game, Team
from play.rules_common import RuleViolation
from play.services import can_manage

TEAM_RESPONSES = {
    200: OpenApiTypes.OBJECT,
    400: OpenApiResponse(description="A rule violation or bad input."),
    403: OpenApiResponse(description="Neither the game's teacher nor that team's device."),
    409: OpenApiResponse(description="Not this team's turn, or the wrong phase of the round."),
}


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


def _check_world(game: Game) -> None:
    if game.edition != "world" or not game.on_engine:
        raise RuleViolation("wrong_edition", "That move belongs to a world game.")


def _team_move(request: Request, game_id: int, serializer_class) -> tuple[Game, Team, dict]:
    game = get_object_or_404(Game, pk=game_id)
    manager, device_team = _viewer(request, game)
    if not manager and device_team is None:
        raise PermissionDenied("Join the game as a team or log in as its teacher.")
    data = _payload(request, serializer_class)
    _check_world(game)
    team = Team.objects.filter(game=game, pk=data["team"]).first()
    if team is None:
        raise RuleViolation("unknown_team", "No such team in this game.")
    if not manager and device_team.pk != team.pk:
        raise PermissionDenied("A device may only play for its own team.")
    return game, team, data


def round_body(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The current round as the old API showed it, ids added from the team rows."""
    viewer = Viewer.teacher() if seat is None else Viewer.of_seat(seat)
    data = games.view_for(game, viewer)["round"] or {}
    ids = dict(game.teams.values_list("index", "pk"))
    for card in data.get("cards", []):
        card["id"] = card["ref"]
        card["team_id"] = ids.get(card["team"])
    for row in data.get("guesses", []) + data.get("evaluations", []):
        row["team_id"] = ids[row["team"]]
    data["next_team_id"] = ids.get(data.get("next_team"))
    return data


def _guess_body(game: Game, team: Team) -> dict[str, Any]:
    row = games.view_for(game, Viewer.of_seat(team.index))["round"]["guesses"][team.index]
    return {"team": team.pk, "guess": row["guess"], "locked": row["locked"]}


@extend_schema(
    request=ChooseSerializer,
    parameters=[TOKEN_PARAM],
    responses=TEAM_RESPONSES,
    description="A team takes one of the laid-out cards (furthest behind first).",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def choose(request: Request, game_id: int) -> Response:
    try:
        game, team, data = _team_move(request, game_id, ChooseSerializer)
        game = games.make_move(game, team.index, "choose", {"card": data["card"]})
    except RuleViolation as error:
        return _violation(error)
    return Response(round_body(game, team.index))


@extend_schema(
    request=ExchangeSerializer,
    parameters=[TOKEN_PARAM],
    responses=TEAM_RESPONSES,
    description="A team exchanges its card for the top of the stack (at most twice a game) "
    "or keeps it, in the round's order.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def exchange(request: Request, game_id: int) -> Response:
    try:
        game, team, data = _team_move(request, game_id, ExchangeSerializer)
        game = games.make_move(game, team.index, "exchange", {"exchange": data["exchange"]})
    except RuleViolation as error:
        return _violation(error)
    return Response(round_body(game, team.index))


@extend_schema(
    request=GuessSerializer,
    parameters=[TOKEN_PARAM],
    responses=TEAM_RESPONSES,
    description="Place or change a team's stones (board, then column, row, rectangle); "
    "`lock` locks them in.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def guess(request: Request, game_id: int) -> Response:
    try:
        game, team, data = _team_move(request, game_id, GuessSerializer)
        args = {"guess": data["guess"], "lock": data["lock"]}
        game = games.make_move(game, team.index, "guess", args)
    except RuleViolation as error:
        return _violation(error)
    return Response(_guess_body(game, team))


@extend_schema(
    request=TeamSerializer,
    parameters=[TOKEN_PARAM],
    responses=TEAM_RESPONSES,
    description="Lock a team's guess in; it cannot be changed afterwards.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def lock(request: Request, game_id: int) -> Response:
    try:
        game, team, _data = _team_move(request, game_id, TeamSerializer)
        game = games.make_move(game, team.index, "lock", {})
    except RuleViolation as error:
        return _violation(error)
    return Response(_guess_body(game, team))


def teacher_move(game: Game, name: str, args: dict | None = None) -> Game:
    _check_world(game)
    return games.make_move(game, None, name, args or {}, teacher=True)


@extend_schema(
    request=None,
    responses={200: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
    description="The teacher closes the guessing; evaluation can start.",
)
@api_view(["POST"])
def close_guessing(request: Request, game_id: int) -> Response:
    game = _game_for_manager(request, game_id)
    try:
        game = teacher_move(game, "close_guessing")
    except RuleViolation as error:
        return _violation(error)
    return Response(round_body(game))


@extend_schema(
    request=EvaluateSerializer,
    responses={200: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
    description="Turn over the next card in the round's order (or `all` that are left): "
    "solution side, pawn moves, kept or returned cards; after the last round the colour bonus.",
)
@api_view(["POST"])
def evaluate(request: Request, game_id: int) -> Response:
    game = _game_for_manager(request, game_id)
    data = _payload(request, EvaluateSerializer) if request.data else {"all": False}
    return evaluated(game, every=data["all"])


def evaluated(game: Game, *, every: bool) -> Response:
    """Also ``POST /reveal/`` on a world game: every card that is left."""
    try:
        done = len(round_body(game).get("evaluations", []))
        game = teacher_move(game, "evaluate", {"every": every})
    except RuleViolation as error:
        return _violation(error)
    body = round_body(game)
    body["new"] = [e["card"] for e in body["evaluations"][done:]]
    body["status"] = game.status
    return Response(body)


def lay_out(game: Game) -> Response:
    """``POST /rounds/`` on a world game."""
    try:
        game = teacher_move(game, "lay_out")
    except RuleViolation as error:
        return _violation(error)
    return Response(round_body(game), status=status.HTTP_201_CREATED)


# Handlers for the core's endpoint aliases (``play.registry.register_alias``): the World app
# registers them for ``/api/games/{id}/rounds/`` and ``…/reveal/``.


def rounds_alias(request: Request, game: Game) -> Response:
    if not can_manage(request.user, game):
        raise PermissionDenied("Only the teacher running this game may do that.")
    return lay_out(game)


def reveal_alias(request: Request, game: Game) -> Response:
    if not can_manage(request.user, game):
        raise PermissionDenied("Only the teacher running this game may do that.")
    return evaluated(game, every=True)
