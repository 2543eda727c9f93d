"""REST API for classroom games (see DESIGN.md, "Play" and "Germany games").

Every game runs on the engine (``api_core``). The Germany and World endpoints (``rounds/``,
``tips/``, ``reveal/`` …) stay as aliases of moves: each edition registers their handlers.
Teachers create and run games; a device authenticates with its team token (the
``X-Team-Token`` header, or the join cookie with a CSRF check).
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.roles import can_run_games
from play import api_core, registry
from play.models import Game, Team
from play.rules_common import RuleViolation
from play.services import can_manage

TOKEN_PARAM = OpenApiParameter(
    "X-Team-Token",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="A team device's token (also accepted from the join cookie).",
)


class GameCreateSerializer(serializers.Serializer):
    edition = serializers.CharField(help_text="A registered edition: germany, world, numbers, …")
    deck = serializers.SlugField(required=False, allow_null=True)
    seats = serializers.ListField(child=serializers.CharField(max_length=40), required=False)
    teams = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        help_text="Germany and World: the team names (= seats); their settings may also be "
        "given at the top level (starting_team, face_down, draw, youngest_team).",
    )
    options = serializers.DictField(required=False)
    bots = serializers.ListField(child=serializers.IntegerField(), required=False)
    mode = serializers.ChoiceField(choices=["projector", "devices"], required=False)


class WrongEdition(APIException):
    status_code = 400
    default_code = "wrong_edition"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = {"code": "wrong_edition", "detail": detail}


def _engine_alias(game_id: int, name: str):
    """The edition's handler for an older endpoint."""
    game = get_object_or_404(Game, pk=game_id)
    handler = registry.alias(game.edition, name) if game.on_engine else None
    if handler is None:
        raise WrongEdition(f"{game.edition} games have no {name} endpoint.")
    return lambda request: handler(request, game)


def _violation(error: RuleViolation) -> Response:
    return Response({"code": error.code, "detail": error.message}, status=error.http_status)


def _viewer(request: Request, game: Game) -> tuple[bool, Team | None]:
    """(runs the game?, the team whose token came with the request)."""
    return can_manage(request.user, game), api_core.seat_of(request, game)


def _game_for_manager(request: Request, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not can_manage(request.user, game):
        raise PermissionDenied("Only the teacher running this game may do that.")
    return game


def _payload(request: Request, serializer_class: type[serializers.Serializer]) -> dict[str, Any]:
    return api_core.payload(request, serializer_class)


@extend_schema(
    request=GameCreateSerializer,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT},
    description="Create a game: its id, join code and seats (with their device tokens).",
)
@api_view(["POST"])
def games(request: Request) -> Response:
    if not can_run_games(request.user):
        raise PermissionDenied("Only teachers may create games.")
    return api_core.create(request)


@extend_schema(
    parameters=[TOKEN_PARAM],
    responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
    description="The caller's view of the game and its version. Card backs appear only once "
    "revealed.",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def game_detail(request: Request, game_id: int) -> Response:
    game = get_object_or_404(Game.objects.select_related("deck").defer("initial"), pk=game_id)
    if not game.on_engine:
        raise NotFound("This game was stored before the current game engine.")
    return api_core.detail(request, game)


def _alias_view(name: str, description: str, *, open_to_devices: bool = False):
    @extend_schema(
        request=OpenApiTypes.OBJECT,
        parameters=[TOKEN_PARAM] if open_to_devices else None,
        responses={
            200: OpenApiTypes.OBJECT,
            201: OpenApiTypes.OBJECT,
            400: OpenApiResponse(description="A rule violation: {code, detail}."),
            403: OpenApiResponse(description="Not the game's teacher (or that team's device)."),
            409: OpenApiResponse(description="Not this team's turn, or the wrong phase."),
        },
        description=description,
    )
    @api_view(["POST"])
    @permission_classes([AllowAny])
    def view(request: Request, game_id: int) -> Response:
        return _engine_alias(game_id, name)(request)

    view.__name__ = name
    return view


rounds = _alias_view(
    "rounds", "Lay out the next round's places (drawn from the deck unless given): fronts only."
)
tips = _alias_view("tips", "Place a tip for a team under a laid-out place.", open_to_devices=True)
reveal = _alias_view(
    "reveal",
    "Turn the cards over: backs, every tip's correctness, row and points, each team's points "
    "for the round (The World: turn over every card left).",
)
