"""The homework API: assignments for teachers, attempts for pupils (no account).

``POST /api/assignments/`` makes an assignment (201: its ``code`` and ``url``);
``POST /api/assignments/{code}/attempts/`` starts a pupil's attempt by nickname (201: the
game's ``id`` and the seat's ``token``, for ``POST /api/games/{id}/moves/`` with the
``X-Team-Token`` header); ``GET /api/assignments/{id}/results/`` gives the teacher who made it
each nickname's attempts. ``PATCH``/``DELETE /api/assignments/{id}/`` close, extend or delete
it; ``POST …/nicknames/`` renames or removes a nickname. ``POST /api/games/{id}/hurry/``: the
computer's next move now, in an attempt.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Deck
from cards.roles import can_run_games
from play.core import access, classes, homework, store
from play.core.engine import RuleViolation, Viewer
from play.models import STATE_FIELDS, Assignment, Game
from play.shells.api import game_body, homework_closed, payload, private, seat_of


class BotsSerializer(serializers.Serializer):
    count = serializers.IntegerField(min_value=0, max_value=99)
    strength = serializers.ChoiceField(choices=homework.Strength.choices, default="normal")


class AssignmentSerializer(serializers.Serializer):
    edition = serializers.CharField(max_length=20)
    deck = serializers.SlugField(required=False, allow_null=True)
    options = serializers.DictField(required=False, default=dict)
    opens_at = serializers.DateTimeField(required=False, allow_null=True)
    closes_at = serializers.DateTimeField()
    attempts = serializers.IntegerField(required=False, default=1, min_value=0, max_value=99)
    blocklist = serializers.CharField(
        required=False, default="", allow_blank=True, max_length=homework.BLOCKLIST_MAX
    )


class ChangeSerializer(serializers.Serializer):
    closes_at = serializers.DateTimeField(required=False)
    close = serializers.BooleanField(required=False, default=False)


class NicknameSerializer(serializers.Serializer):
    nickname = serializers.CharField(max_length=100, trim_whitespace=False)
    rename_to = serializers.CharField(max_length=100, required=False, trim_whitespace=False)
    remove = serializers.BooleanField(required=False, default=False)


def refused(error: RuleViolation) -> Response:
    body = {"code": error.code, "detail": homework.message(error)}
    return private(Response(body, status=error.http_status))


def _bots(raw: Any) -> tuple[int, str]:
    """``"bots": 2`` or ``"bots": {"count": 2, "strength": "easy"}``."""
    if raw is None:
        return 1, "normal"
    if isinstance(raw, dict):
        data = BotsSerializer(data=raw)
        data.is_valid(raise_exception=True)
        return data.validated_data["count"], data.validated_data["strength"]
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw, "normal"
    raise serializers.ValidationError({"bots": "The number of computer opponents."})


def assignment_body(request: Request, assignment: Assignment) -> dict[str, Any]:
    path = reverse("play:homework", args=[assignment.code])
    return {
        "id": assignment.pk,
        "code": assignment.code,
        "url": request.build_absolute_uri(path),
        "edition": assignment.edition,
        "deck": assignment.deck.slug if assignment.deck_id else None,
        "options": assignment.options,
        "class": assignment.school_class_id,
        "opens_at": assignment.opens_at.isoformat(),
        "closes_at": assignment.closes_at.isoformat(),
        "attempts": assignment.attempts,
        "bots": {"count": assignment.bots, "strength": assignment.strength},
        "open": assignment.is_open(),
    }


def owned(request: Request, assignment_id: int) -> Assignment:
    """The teacher's own assignment (an admin's: any); another's is as unknown as none."""
    if not can_run_games(request.user):
        raise PermissionDenied("Only the teacher who made the assignment may see it.")
    found = Assignment.objects.select_related("deck")
    if not request.user.is_superuser:
        found = found.filter(created_by=request.user)
    return get_object_or_404(found, pk=assignment_id)


@extend_schema(
    request=AssignmentSerializer,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT},
    description="Make a homework assignment: a game a pupil plays alone against computer "
    'players until ``closes_at``. ``"class": id`` files its attempts with one of the teacher\'s '
    'classes; ``"bots"`` is a number or ``{"count", "strength"}`` (easy, normal, strong).',
)
@api_view(["POST"])
def assignments(request: Request) -> Response:
    if not can_run_games(request.user):
        raise PermissionDenied("Only teachers may set homework.")
    data = payload(request, AssignmentSerializer)
    raw = request.data
    school_class = None
    if raw.get("class") is not None:  # "class" is a Python keyword: read here
        school_class = classes.class_for(request.user, raw["class"])
        if school_class is None:
            return Response({"code": "unknown_class", "detail": "No such class."}, status=400)
    deck = None
    if data.get("deck"):
        deck = Deck.objects.filter(slug=data["deck"]).first()
        if deck is None:
            return Response({"code": "unknown_deck", "detail": "No such deck."}, status=400)
    count, strength = _bots(raw.get("bots"))
    try:
        assignment = homework.create_assignment(
            user=request.user,
            edition=data["edition"],
            deck=deck,
            options=data["options"],
            school_class=school_class,
            opens_at=data.get("opens_at"),
            closes_at=data["closes_at"],
            attempts=data["attempts"],
            bots=count,
            strength=strength,
            blocklist=data["blocklist"],
            language=getattr(request, "LANGUAGE_CODE", "de")[:2],
        )
    except RuleViolation as error:
        return refused(error)
    return Response(assignment_body(request, assignment), status=status.HTTP_201_CREATED)


@extend_schema(
    request=ChangeSerializer,
    responses={200: OpenApiTypes.OBJECT, 204: None, 400: OpenApiTypes.OBJECT},
    description='The teacher\'s assignment: ``GET`` it, ``PATCH`` ``{"close": true}`` to close '
    'it now or ``{"closes_at": …}`` to extend it, ``DELETE`` it with its attempts.',
)
@api_view(["GET", "PATCH", "DELETE"])
def assignment_detail(request: Request, assignment_id: int) -> Response:
    assignment = owned(request, assignment_id)
    if request.method == "DELETE":
        Game.objects.filter(attempt__assignment=assignment).delete()
        assignment.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PATCH":
        data = payload(request, ChangeSerializer)
        try:
            if data["close"]:
                homework.close_now(assignment)
            elif data.get("closes_at") is not None:
                homework.extend(assignment, data["closes_at"])
        except RuleViolation as error:
            return refused(error)
    return private(Response(assignment_body(request, assignment)))


@extend_schema(
    request=NicknameSerializer,
    responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
    description="Rename a nickname in every attempt (``rename_to``) or remove it with its "
    "attempts (``remove``).",
)
@api_view(["POST"])
def nicknames(request: Request, assignment_id: int) -> Response:
    assignment = owned(request, assignment_id)
    data = payload(request, NicknameSerializer)
    try:
        if data["remove"]:
            changed = homework.remove(assignment, data["nickname"])
        elif "rename_to" in data:
            changed = homework.rename(assignment, data["nickname"], data["rename_to"])
        else:
            return Response({"code": "nothing", "detail": "Rename or remove."}, status=400)
    except RuleViolation as error:
        return refused(error)
    return private(Response({"attempts": changed}))


@extend_schema(
    responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
    description="Each nickname's attempts: the pupil's rank and points, whether it is over, "
    "when it began and ended. Attempts still running after the deadline are scored as they "
    "stand first.",
)
@api_view(["GET"])
def results(request: Request, assignment_id: int) -> Response:
    assignment = owned(request, assignment_id)
    return private(Response(homework.results(assignment)))


class AttemptSerializer(serializers.Serializer):
    nickname = serializers.CharField(max_length=200, trim_whitespace=False)


@extend_schema(
    request=AttemptSerializer,
    responses={
        201: OpenApiTypes.OBJECT,
        200: OpenApiTypes.OBJECT,
        400: OpenApiTypes.OBJECT,
        404: OpenApiTypes.OBJECT,
        409: OpenApiTypes.OBJECT,
        410: OpenApiTypes.OBJECT,
        429: OpenApiTypes.OBJECT,
    },
    description="Start an attempt by nickname, without an account: 201 with the game's ``id`` "
    "and the pupil's ``token`` (``X-Team-Token`` for the game's moves). A device with an "
    "attempt still running gets that one back (200). 410 once the deadline has passed.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def attempts(request: Request, code: str) -> Response:
    try:
        access.check_code_lookups(request)
    except access.TooManyGuesses:
        return Response({"code": "too_many_guesses", "detail": "Wait a few minutes."}, status=429)
    assignment = Assignment.objects.filter(code=str(code).upper()[:16]).first()
    if assignment is None:
        access.count_code_miss(request)
        response = Response({"code": "unknown_code", "detail": "No such homework."}, status=404)
    else:
        response = _attempt(request, assignment)
    access.remember_device(request, response)
    return response


def _attempt(request: Request, assignment: Assignment) -> Response:
    data = payload(request, AttemptSerializer)
    device = access.device_id(request)
    try:
        homework.check_open(assignment)
        running = homework.in_progress(assignment, device)
        if running is not None:
            return private(Response(attempt_body(running), status=status.HTTP_200_OK))
        attempt = homework.start_attempt(
            assignment, data["nickname"], device, access.client_address(request)
        )
    except RuleViolation as error:
        return refused(error)
    return private(Response(attempt_body(attempt), status=status.HTTP_201_CREATED))


def attempt_body(attempt) -> dict[str, Any]:
    seat = attempt.game.teams.get(index=0)
    return {
        "id": attempt.game_id,
        "token": seat.token,
        "seat": 0,
        "nickname": attempt.nickname,
        "closes_at": attempt.assignment.closes_at.isoformat(),
    }


@extend_schema(
    request=None,
    responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 410: OpenApiTypes.OBJECT},
    description="In a homework attempt: the computer's next move now instead of at its pace.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def hurry(request: Request, game_id: int) -> Response:
    game = get_object_or_404(Game.objects.defer(*STATE_FIELDS), pk=game_id, solo=True)
    me = seat_of(request, game)
    if me is None:
        raise PermissionDenied("Only the pupil playing this homework may hurry it.")
    if (closed := homework_closed(game)) is not None:
        return closed
    try:
        game = store.hurry(game)
    except RuleViolation as error:
        return refused(error)
    return private(Response(game_body(game, Viewer.of_seat(me.index))))
