"""The reports' API: classes (``/api/classes/``), a game's report, a class's report and its
practice deck. A class and its games are its teacher's (admins see all): another teacher is
told nothing exists (404), an anonymous caller must log in (403)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from cards.roles import can_run_games
from play.core.access import can_manage
from play.core.classes import class_for, classes_of, clean_class_fields
from play.core.errors import RuleViolation
from play.models import Class, Game
from play.reports import build, practice


def _refused(error: RuleViolation) -> Response:
    return Response({"code": error.code, "detail": error.message}, status=error.http_status)


def class_body(school_class: Class) -> dict[str, Any]:
    return {
        "id": school_class.pk,
        "name": school_class.name,
        "school_year": school_class.school_year,
        "games": school_class.games.count(),
    }


def _teacher(request: Request) -> None:
    if not can_run_games(request.user):
        raise PermissionDenied("Only teachers keep classes.")


def _class(request: Request, class_id: int) -> Class:
    _teacher(request)
    found = class_for(request.user, class_id)
    if found is None:
        raise Http404
    return found


@extend_schema(
    methods=["GET"],
    operation_id="classes_list",
    responses={200: OpenApiTypes.OBJECT},
    description="The teacher's classes. Admins see every class.",
)
@extend_schema(
    methods=["POST"],
    operation_id="classes_create",
    request=OpenApiTypes.OBJECT,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
    description='Adds a class: ``{"name", "school_year"?}`` (201 with its ``id``).',
)
@api_view(["GET", "POST"])
def classes(request: Request) -> Response:
    _teacher(request)
    if request.method == "GET":
        return Response({"classes": [class_body(c) for c in classes_of(request.user)]})
    data = request.data if isinstance(request.data, dict) else {}
    try:
        name, year = clean_class_fields(data.get("name"), data.get("school_year", ""))
    except RuleViolation as error:
        return _refused(error)
    made = Class.objects.create(teacher=request.user, name=name, school_year=year)
    return Response(class_body(made), status=status.HTTP_201_CREATED)


@extend_schema(
    request=OpenApiTypes.OBJECT,
    responses={200: OpenApiTypes.OBJECT, 204: None, 400: OpenApiTypes.OBJECT},
    description="One class: PATCH ``name`` or ``school_year``; DELETE removes the class with "
    "its games and their reports.",
)
@api_view(["GET", "PATCH", "DELETE"])
def class_detail(request: Request, class_id: int) -> Response:
    school_class = _class(request, class_id)
    if request.method == "DELETE":
        school_class.delete()  # its games go with it (and their moves and summaries)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PATCH":
        data = request.data if isinstance(request.data, dict) else {}
        try:
            name, year = clean_class_fields(
                data.get("name", school_class.name),
                data.get("school_year", school_class.school_year),
            )
        except RuleViolation as error:
            return _refused(error)
        school_class.name, school_class.school_year = name, year
        school_class.save(update_fields=["name", "school_year"])
    return Response(class_body(school_class))


@extend_schema(
    responses={200: OpenApiTypes.OBJECT},
    description="Across the class's finished games: ``games`` (their number), ``places`` "
    "(``name``, ``asked``, ``missed``, ``last_asked``; most missed first: by the share missed, "
    "then the count), ``kinds`` (right and wrong by tip kind or stones) and ``game_list``.",
)
@api_view(["GET"])
def class_report(request: Request, class_id: int) -> Response:
    return Response(build.public(build.class_report(_class(request, class_id))))


@extend_schema(
    request=OpenApiTypes.OBJECT,
    responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
    description='``{"size": N}`` (default 20): a new deck of the class\'s N most-missed places, '
    "in the edition of its latest game's deck; 201 with the deck's ``slug``.",
)
@api_view(["POST"])
def practice_deck(request: Request, class_id: int) -> Response:
    school_class = _class(request, class_id)
    data = request.data if isinstance(request.data, dict) else {}
    try:
        deck = practice.practice_deck(school_class, practice.clean_size(data.get("size")))
    except RuleViolation as error:
        return _refused(error)
    body = {"slug": deck.slug, "name": deck.name, "edition": deck.edition}
    body["places"] = deck.cards.count()
    return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(
    responses={200: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
    description="The game's report, by its edition (``edition``, ``class``, ``teams`` with "
    "``points``; Germany and grid editions ``tips``, The World ``guesses``, …). For the "
    "teacher who runs the game (or an admin). While the game runs it holds only what has "
    "been revealed.",
)
@api_view(["GET"])
def game_report(request: Request, game_id: int) -> Response:
    game = get_object_or_404(Game.objects.select_related("deck"), pk=game_id)
    if not can_manage(request.user, game):
        raise Http404  # another teacher's game is as unknown as a missing one
    report = build.game_report(game)
    build.keep_summary(game, report)
    response = Response(build.public(report))
    response["Cache-Control"] = "no-store, private"
    return response
