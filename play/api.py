"""REST API for classroom games (see DESIGN.md, "Germany games").

Teachers (Teachers/Editors groups, admins) create and run games; a team device authenticates
with its team token (the ``X-Team-Token`` header or the join cookie) and may only place tips.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Deck, Edition
from cards.roles import can_run_games
from play import api_core, germany, registry
from play.editions.germany.rules import TipCard
from play.models import Draw, Game, Mode, PlayedTip, Team
from play.rules_common import RuleViolation
from play.services import can_manage, create_game
from play.state import game_data, round_data, team_data

TOKEN_HEADER = "HTTP_X_TEAM_TOKEN"
# Editions still stored in the round tables; every other edition runs on the engine.
LEGACY_EDITIONS = (Edition.WORLD,)
TOKEN_PARAM = OpenApiParameter(
    "X-Team-Token",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="A team device's token (also accepted from the join cookie).",
)


class GameCreateSerializer(serializers.Serializer):
    edition = serializers.ChoiceField(choices=Edition.choices)
    deck = serializers.SlugField()
    teams = serializers.ListField(child=serializers.CharField(max_length=40), min_length=2)
    starting_team = serializers.IntegerField(min_value=0, default=0)
    youngest_team = serializers.IntegerField(
        min_value=0, required=False, help_text="World games: who starts round 1 (= starting_team)."
    )
    face_down = serializers.BooleanField(default=False)
    draw = serializers.ChoiceField(choices=Draw.choices, default=Draw.RANDOM)
    mode = serializers.ChoiceField(choices=Mode.choices, default=Mode.PROJECTOR)
    options = serializers.DictField(
        required=False,
        help_text='World games: {"track_length": 40, "longer_game": false} (longer: 3+ teams).',
    )


class RoundCreateSerializer(serializers.Serializer):
    places = serializers.ListField(child=serializers.IntegerField(), required=False)


class TipSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    place = serializers.IntegerField()
    tip = serializers.ChoiceField(choices=[t.value for t in TipCard])


def _engine_alias(game_id: int, name: str):
    """The edition's handler for an older endpoint, for games on the engine."""
    game = get_object_or_404(Game, pk=game_id)
    handler = registry.alias(game.edition, name) if game.on_engine else None
    if game.on_engine and handler is None:
        raise NotFound(f"{game.edition} games have no {name} endpoint.")
    return (lambda request: handler(request, game)) if handler else None


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
    if not isinstance(request.data, dict):
        raise serializers.ValidationError({"detail": "Send a JSON object."})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


@extend_schema(
    request=GameCreateSerializer,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT},
    description="Create a game with its teams. Returns its id, join code and teams (with ids).",
)
@api_view(["POST"])
def games(request: Request) -> Response:
    if not can_run_games(request.user):
        raise PermissionDenied("Only teachers may create games.")
    if isinstance(request.data, dict) and request.data.get("edition") not in LEGACY_EDITIONS:
        return api_core.create(request)
    data = _payload(request, GameCreateSerializer)
    deck = Deck.objects.filter(slug=data["deck"]).first()
    if deck is None:
        return Response({"code": "unknown_deck", "detail": "No such deck."}, status=400)
    try:
        game = create_game(
            user=request.user,
            edition=data["edition"],
            deck=deck,
            team_names=data["teams"],
            starting_team=data.get("youngest_team", data["starting_team"]),
            mode=data["mode"],
            face_down=data["face_down"],
            draw=data["draw"],
            options=data.get("options"),
        )
    except RuleViolation as error:
        return _violation(error)
    body = {
        "id": game.pk,
        "code": game.code,
        "edition": game.edition,
        "teams": [dict(team_data(t), token=t.token) for t in game.teams.all()],
    }
    return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(
    parameters=[TOKEN_PARAM],
    responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
    description="The game's state and running totals. Card backs appear only once revealed.",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def game_detail(request: Request, game_id: int) -> Response:
    game = get_object_or_404(Game.objects.select_related("deck"), pk=game_id)
    if game.on_engine:
        return api_core.detail(request, game)
    manager, team = _viewer(request, game)
    if not manager and team is None:
        raise PermissionDenied("Join the game as a team or log in as its teacher.")
    return Response(game_data(game, viewer=team))


@extend_schema(
    request=RoundCreateSerializer,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
    description="Lay out the next round's places (drawn from the deck unless given): fronts only.",
)
@api_view(["POST"])
def rounds(request: Request, game_id: int) -> Response:
    engine = _engine_alias(game_id, "rounds")
    if engine:
        return engine(request)
    game = _game_for_manager(request, game_id)
    data = _payload(request, RoundCreateSerializer)
    if game.edition == Edition.WORLD:
        return _world_round(game)
    try:
        rnd = germany.start_round(game, data.get("places"))
    except RuleViolation as error:
        return _violation(error)
    game.refresh_from_db()
    body = round_data(game, rnd, list(game.teams.all()))
    return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(
    request=TipSerializer,
    parameters=[TOKEN_PARAM],
    responses={
        201: OpenApiTypes.OBJECT,
        200: OpenApiResponse(description="The same tip was already recorded (a repeat)."),
        400: OpenApiResponse(description="A rule violation or bad input."),
        403: OpenApiResponse(description="Neither the game's teacher nor that team's device."),
        409: OpenApiResponse(description="Not this team's turn, or the round takes no tips."),
    },
    description="Place a tip for a team under a laid-out place.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def tips(request: Request, game_id: int) -> Response:
    engine = _engine_alias(game_id, "tips")
    if engine:
        return engine(request)
    game = get_object_or_404(Game, pk=game_id)
    manager, device_team = _viewer(request, game)
    if not manager and device_team is None:
        raise PermissionDenied("Join the game as a team or log in as its teacher.")
    data = _payload(request, TipSerializer)
    if game.edition != Edition.GERMANY:
        return Response({"code": "wrong_edition", "detail": "World games take guesses."}, 400)
    team = Team.objects.filter(game=game, pk=data["team"]).first()
    if team is None:
        return Response({"code": "unknown_team", "detail": "No such team in this game."}, 400)
    if not manager and device_team.pk != team.pk:
        raise PermissionDenied("A device may only play for its own team.")
    try:
        played, created = germany.play_tip(game, team, data["place"], data["tip"])
    except RuleViolation as error:
        return _violation(error)
    return Response(_tip_data(played), status=201 if created else 200)


def _world_round(game: Game) -> Response:
    from play import world
    from play.state_world import round_data as world_round_data

    try:
        rnd = world.start_round(game)
    except RuleViolation as error:
        return _violation(error)
    game.refresh_from_db()
    return Response(world_round_data(game, rnd, list(game.teams.all())), status=201)


def _tip_data(played: PlayedTip) -> dict[str, Any]:
    return {
        "id": played.pk,
        "team": played.team_id,
        "place": played.place_id,
        "tip": played.tip,
        "order": played.order,
    }


@extend_schema(
    request=None,
    responses={200: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
    description="Turn the cards over: backs, every tip's correctness, row and points, "
    "each team's points for the round.",
)
@api_view(["POST"])
def reveal(request: Request, game_id: int) -> Response:
    engine = _engine_alias(game_id, "reveal")
    if engine:
        return engine(request)
    game = _game_for_manager(request, game_id)
    if game.edition == Edition.WORLD:
        from play.api_world import evaluate_all

        return evaluate_all(game)
    try:
        rnd = germany.reveal(game)
    except RuleViolation as error:
        return _violation(error)
    game.refresh_from_db()
    teams = list(game.teams.all())
    body = round_data(game, rnd, teams)
    body["status"] = game.status
    return Response(body)
