"""The play API, the same for every edition (see DESIGN.md, "Play").

``POST /api/games/`` creates, ``GET /api/games/{id}/`` gives the caller's view and version,
``POST …/moves/`` makes a move for the caller's seat (or, as the teacher, for any seat or the
game), ``POST …/undo/`` takes the last move back, ``GET …/log/`` lists the moves. An edition's
older endpoints (Germany's ``…/tips/``, The World's ``…/choose/`` …) are handlers it registers
(``registry.register_alias``); ``alias_view`` routes each name to the game's edition.

Teachers create and run games; a device authenticates with its team token (the
``X-Team-Token`` header, or the join cookie with a CSRF check).
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import APIException, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Deck
from cards.roles import can_run_games
from play.core import access, classes, homework, movelog, registry, store
from play.core.access import can_manage, cookie_name, team_for_token
from play.core.engine import RuleViolation, Viewer
from play.models import STATE_FIELDS, Game, Mode, Team

TOKEN_HEADER = "HTTP_X_TEAM_TOKEN"
TOKEN_PARAM = OpenApiParameter(
    "X-Team-Token",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="A team device's token (also accepted from the join cookie).",
)


class EngineGameSerializer(serializers.Serializer):
    edition = serializers.CharField(max_length=20)
    deck = serializers.SlugField(required=False, allow_null=True)
    seats = serializers.ListField(child=serializers.CharField(max_length=40), min_length=1)
    options = serializers.DictField(required=False)
    bots = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=99), required=False
    )
    mode = serializers.ChoiceField(choices=Mode.choices, default=Mode.DEVICES)


class MoveSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=40)
    args = serializers.DictField(required=False, default=dict)
    seat = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=99,
        help_text="The teacher only: the seat to move for.",
    )


# A move's first answer, for a retry with the same idempotency key (after that, or without the
# cache, a retry gets the game as it is then: the move is not made twice either way).
ANSWER_SECONDS = 600


def violation(error: RuleViolation) -> Response:
    return private(
        Response({"code": error.code, "detail": error.message}, status=error.http_status)
    )


def private(response):
    """A seat's or the teacher's own view: never kept by a browser or a proxy's cache."""
    patch_cache_control(response, no_store=True, private=True)
    return response


def seat_of(request: Request, game: Game) -> Team | None:
    """The seat whose token came with the request: the ``X-Team-Token`` header, or the join
    cookie — which a browser also sends with another site's forms, so a write that relies on
    the cookie must pass Django's CSRF check like a logged-in user's."""
    token = request.META.get(TOKEN_HEADER)
    if not token:
        token = request.COOKIES.get(cookie_name(game))
        if token and request.method not in ("GET", "HEAD", "OPTIONS"):
            SessionAuthentication().enforce_csrf(request)
    seat = team_for_token(game, token)
    if seat is None and token and Team.objects.filter(game=game, token=token, is_bot=True).exists():
        raise PermissionDenied("The computer plays this seat: no device can join it or move.")
    return seat


def payload(
    request: Request, serializer_class: type[serializers.Serializer], data: Any = None
) -> dict[str, Any]:
    data = request.data if data is None else data
    if not isinstance(data, dict):
        raise serializers.ValidationError({"detail": "Send a JSON object."})
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def game_body(game: Game, viewer: Viewer) -> dict[str, Any]:
    return {
        "id": game.pk,
        "code": game.code,
        "edition": game.edition,
        "status": game.status,
        "version": game.version,
        "seats": [
            {"index": t.index, "name": t.name, "is_bot": t.is_bot, "colour": t.colour}
            for t in game.teams.all()
        ],
        "view": store.view_for(game, viewer),
        "result": store.result_of(game),
    }


def _from_teams_form(data: dict[str, Any]) -> dict[str, Any]:
    """The Germany and World form (``teams`` and top-level settings) as seats and options."""
    data = dict(data)
    data["seats"] = data.pop("teams")
    if "youngest_team" in data:  # The World's name for who starts round 1
        data["starting_team"] = data.pop("youngest_team")
    edition = data.get("edition")
    spec = registry.get(edition) if isinstance(edition, str) else None
    names = {o.name for o in spec.options} if spec else set()
    options = data.get("options") or {}
    if not isinstance(options, dict):
        return data  # the serializer refuses it with a message
    options = dict(options)
    for key in [k for k in data if k in names]:
        options[key] = data.pop(key)
    data["options"] = options
    return data


@extend_schema(
    request=EngineGameSerializer,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT},
    description="Create a game: its id, join code and seats (with their device tokens). "
    "Germany and World also accept ``teams`` and their settings at the top level. "
    '``"class": id`` plays it for one of the teacher\'s classes.',
)
@api_view(["POST"])
def games(request: Request) -> Response:
    if not can_run_games(request.user):
        raise PermissionDenied("Only teachers may create games.")
    raw = request.data
    if isinstance(raw, dict) and "teams" in raw and "seats" not in raw:
        raw = _from_teams_form(raw)
    data = payload(request, EngineGameSerializer, raw)
    school_class = None
    if isinstance(raw, dict) and raw.get("class") is not None:
        # "class" is a Python keyword, so it is read here rather than declared on the serializer.
        school_class = classes.class_for(request.user, raw["class"])
        if school_class is None:
            return Response({"code": "unknown_class", "detail": "No such class."}, status=400)
    deck = None
    if data.get("deck"):
        deck = Deck.objects.filter(slug=data["deck"]).first()
        if deck is None:
            return Response({"code": "unknown_deck", "detail": "No such deck."}, status=400)
    try:
        access.check_new_game(request.user)
        game = store.create_game(
            user=request.user,
            edition=data["edition"],
            seat_names=data["seats"],
            deck=deck,
            options=data.get("options"),
            bots=data.get("bots", []),
            mode=data["mode"],
            language=getattr(request, "LANGUAGE_CODE", "de")[:2],
            school_class=school_class,
        )
    except RuleViolation as error:
        return violation(error)
    body = game_body(game, Viewer.teacher())
    body["class"] = school_class.pk if school_class else None
    # A computer seat has no device, so no token: nothing could join it or move as it.
    body["seats"] = [
        {
            "index": t.index,
            "name": t.name,
            "is_bot": t.is_bot,
            "token": None if t.is_bot else t.token,
            "id": t.pk,
        }
        for t in game.teams.all()
    ]
    body["teams"] = body["seats"]  # the name Germany and World clients know
    return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(
    parameters=[TOKEN_PARAM],
    responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
    description="The caller's view of the game and its version. Card backs appear only once "
    "revealed.",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def game_detail(request: Request, game_id: int) -> Response:
    game = get_object_or_404(
        Game.objects.select_related("deck").defer("moving_initial", "fixed"), pk=game_id
    )
    if can_manage(request.user, game):
        viewer = Viewer.teacher()
    else:
        seat = seat_of(request, game)
        if seat is None:
            raise PermissionDenied("Join the game as a team or log in as its teacher.")
        viewer = Viewer.of_seat(seat.index)
    if game.solo:  # a homework attempt past its deadline is scored as it stands
        game = homework.finish_if_overdue(game)
    body = game_body(store.run_due_bots(game), viewer)
    earlier = registry.detail_fields(game.edition)
    if earlier is not None:  # fields an edition's older clients read
        body.update(earlier(request, game))
    return private(Response(body))


@extend_schema(
    request=MoveSerializer,
    responses={
        201: OpenApiResponse(OpenApiTypes.OBJECT, description="The caller's new view."),
        400: OpenApiResponse(description="A rule violation: {code, detail}."),
        403: OpenApiResponse(description="Neither the teacher nor a seat of this game."),
        409: OpenApiResponse(description="Not your turn, the wrong phase, or the game is over."),
    },
    description="Make a move for the caller's seat; the teacher may move for any seat or the game.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def moves(request: Request, game_id: int) -> Response:
    # Who may move is all this copy answers; the move reads the game again as it applies it.
    game = get_object_or_404(Game.objects.defer(*STATE_FIELDS), pk=game_id)
    data = payload(request, MoveSerializer)
    teacher = can_manage(request.user, game)
    if teacher:
        seat, viewer = data.get("seat"), Viewer.teacher()
    else:
        me = seat_of(request, game)
        if me is None:
            raise PermissionDenied("Join the game as a team or log in as its teacher.")
        if data.get("seat") not in (None, me.index):
            raise PermissionDenied("A device may only move for its own seat.")
        seat, viewer = me.index, Viewer.of_seat(me.index)
    if (closed := homework_closed(game)) is not None:
        return closed
    try:
        stored_key = store.move_key(access.idempotency_key(request), seat, teacher)
        answer_key = f"play:answer:{game.pk}:{stored_key}"
        if stored_key and (first := cache.get(answer_key)) is not None:
            return private(Response(first, status=status.HTTP_201_CREATED))
        access.check_move_rate(game.pk, None if teacher else seat)
        game = store.make_move(
            game,
            seat,
            data["move"],
            data["args"],
            teacher=teacher,
            key=access.idempotency_key(request),
        )
    except RuleViolation as error:
        return violation(error)
    if game.repeated and (first := cache.get(answer_key)) is not None:
        # A retry sent while the first copy was still being answered: its answer by now.
        return private(Response(first, status=status.HTTP_201_CREATED))
    body = game_body(game, viewer)
    if stored_key and not game.repeated:
        cache.set(answer_key, body, ANSWER_SECONDS)
    return private(Response(body, status=status.HTTP_201_CREATED))


def homework_closed(game: Game) -> Response | None:
    """410 for a move in a homework attempt after its deadline (the attempt is then scored as
    it stood at the deadline), else None. Other games: no look-up at all."""
    if not game.solo or game.is_finished:
        return None
    if not homework.finish_if_overdue(game).is_finished:
        return None
    error = homework.Gone("closed", "This homework is closed: its deadline has passed.")
    body = {"code": error.code, "detail": homework.message(error)}
    return private(Response(body, status=error.http_status))


@extend_schema(
    request=None,
    responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
    description="The teacher takes back the last move made by people.",
)
@api_view(["POST"])
def undo(request: Request, game_id: int) -> Response:
    game = get_object_or_404(Game, pk=game_id)
    if not can_manage(request.user, game):
        raise PermissionDenied("Only the teacher running this game may do that.")
    try:
        game = store.undo(game)
    except RuleViolation as error:
        return violation(error)
    return private(Response(game_body(game, Viewer.teacher())))


@extend_schema(
    request=None,
    responses={200: OpenApiTypes.OBJECT},
    description="The move log: for the game's teacher; for its seats' devices once the game "
    "is over. While it runs, what the views hide (an open guess, a face-down tip) is left out "
    "(``hidden``).",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def log(request: Request, game_id: int) -> Response:
    game = get_object_or_404(Game, pk=game_id)
    if not can_manage(request.user, game):
        if seat_of(request, game) is None:
            raise PermissionDenied("The log is for the game's teacher and its teams.")
        if not game.is_finished:
            raise PermissionDenied("The log is open to the teams once the game is over.")
    return private(Response({"moves": movelog.log_rows(game)}))


def manager_only(request: Request, game: Game) -> None:
    """403 unless the caller runs the game: for an edition's teacher-only endpoints."""
    if not can_manage(request.user, game):
        raise PermissionDenied("Only the teacher running this game may do that.")


class WrongEdition(APIException):
    status_code = 400
    default_code = "wrong_edition"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = {"code": "wrong_edition", "detail": detail}


def alias_view(name: str):
    """``POST /api/games/{id}/<name>/``: the handler the game's edition registered for it."""
    slugs = registry.alias_editions(name)

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        parameters=[TOKEN_PARAM],
        responses={
            200: OpenApiTypes.OBJECT,
            201: OpenApiTypes.OBJECT,
            400: OpenApiResponse(description="A rule violation: {code, detail}."),
            403: OpenApiResponse(description="Not the game's teacher (or that team's device)."),
            409: OpenApiResponse(description="Not this team's turn, or the wrong phase."),
        },
        description=registry.alias_description(name)
        or f"An older endpoint of {', '.join(slugs)} games, an alias of their moves.",
    )
    @api_view(["POST"])
    @permission_classes([AllowAny])
    def view(request: Request, game_id: int) -> Response:
        game = get_object_or_404(Game, pk=game_id)
        handler = registry.alias(game.edition, name)
        if handler is None:
            raise WrongEdition(f"{game.edition} games have no {name} endpoint.")
        if not can_manage(request.user, game) and (me := seat_of(request, game)) is not None:
            try:
                access.check_move_rate(game.pk, me.index)
            except RuleViolation as error:
                return violation(error)
        return private(handler(request, game))

    view.__name__ = view.cls.__name__ = f"alias_{name.replace('-', '_')}"
    return view
