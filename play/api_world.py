"""REST API for world games: choose a card, exchange, guess, lock in, close guessing, evaluate.

Laying out a round (``POST /api/games/{id}/rounds/``) and reading the game
(``GET /api/games/{id}/``) are shared with Germany games in ``play.api``. A team device acts
with its team token for its own team; the teacher may act for any team.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play import world
from play.api import TOKEN_PARAM, _game_for_manager, _payload, _viewer, _violation
from play.models import Game, Team
from play.rules_common import RuleViolation
from play.state import game_data

TEAM_RESPONSES = {
    200: OpenApiTypes.OBJECT,
    400: OpenApiResponse(description="A rule violation or bad input."),
    403: OpenApiResponse(description="Neither the game's teacher nor that team's device."),
    409: OpenApiResponse(description="Not this team's turn, or the wrong phase of the round."),
}


class ChooseSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    card = serializers.IntegerField()


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


def _team_move(request: Request, game_id: int, serializer_class) -> tuple[Game, Team, dict]:
    game = get_object_or_404(Game, pk=game_id)
    manager, device_team = _viewer(request, game)
    if not manager and device_team is None:
        raise PermissionDenied("Join the game as a team or log in as its teacher.")
    data = _payload(request, serializer_class)
    team = Team.objects.filter(game=game, pk=data["team"]).first()
    if team is None:
        raise RuleViolation("unknown_team", "No such team in this game.")
    if not manager and device_team.pk != team.pk:
        raise PermissionDenied("A device may only play for its own team.")
    return game, team, data


def _state(game: Game, team: Team | None = None) -> dict[str, Any]:
    game.refresh_from_db()
    return game_data(game, viewer=team)["round"]


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
        world.choose(game, team, data["card"])
    except RuleViolation as error:
        return _violation(error)
    return Response(_state(game, team))


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
        world.exchange(game, team, data["exchange"])
    except RuleViolation as error:
        return _violation(error)
    return Response(_state(game, team))


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
        row = world.set_guess(game, team, data["guess"], lock=data["lock"])
    except RuleViolation as error:
        return _violation(error)
    return Response({"team": team.pk, "guess": row.guess, "locked": row.locked})


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
        row = world.lock_guess(game, team)
    except RuleViolation as error:
        return _violation(error)
    return Response({"team": team.pk, "guess": row.guess, "locked": row.locked})


@extend_schema(
    request=None,
    responses={200: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
    description="The teacher closes the guessing; evaluation can start.",
)
@api_view(["POST"])
def close_guessing(request: Request, game_id: int) -> Response:
    game = _game_for_manager(request, game_id)
    try:
        world.close_guessing(game)
    except RuleViolation as error:
        return _violation(error)
    return Response(_state(game))


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
    return _evaluated(game, every=data["all"])


def evaluate_all(game: Game) -> Response:
    """``POST /reveal/`` on a world game: every card that is left."""
    return _evaluated(game, every=True)


def _evaluated(game: Game, *, every: bool) -> Response:
    try:
        new = world.evaluate(game, every=every)
    except RuleViolation as error:
        return _violation(error)
    body = _state(game)
    body["new"] = [e["card"] for e in new]
    body["status"] = game.status
    return Response(body)
