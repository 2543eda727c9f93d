"""Geography endpoints: the point look-up used while editing, and map SVGs for the admin.

geo does the math; these views live with the card database because who may see a point's
answer is the card database's roles, and a grid edition is one of its rows.
"""

from __future__ import annotations

import math

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from cards.grids.models import GridEdition
from cards.roles import can_print
from geo.board_maps import board_map
from geo.boards import BOARDS, point_solutions
from geo.grid import GridSpec
from geo.grid_editions import MAIN, EditionError, edition_shape, make_spec, suggest_for
from geo.locate import grid_location, locate
from geo.maps import MapEdition, germany_map, grid_map
from geo.outlines import country_names
from geo.svg import render_svg


class GeoAccess(BasePermission):
    """Only the roles that may see card backs: a point's answer is what a card back shows."""

    def has_permission(self, request: Request, view) -> bool:
        return can_print(request.user)


_POINT = [
    OpenApiParameter("lat", OpenApiTypes.DOUBLE, description="Latitude, −90 to 90"),
    OpenApiParameter("lon", OpenApiTypes.DOUBLE, description="Longitude, −180 to 180"),
]


def _coordinate(request: Request, name: str, limit: float, required: bool) -> float | None:
    raw = request.query_params.get(name, "").strip()
    if not raw:
        if required:
            raise ValidationError({"detail": f"Parameter '{name}' is required."})
        return None
    try:
        value = float(raw.replace(",", "."))
    except ValueError:
        message = f"Parameter '{name}' must be a number, not {raw!r}."
        raise ValidationError({"detail": message}) from None
    if not math.isfinite(value) or not -limit <= value <= limit:
        raise ValidationError(
            {"detail": f"Parameter '{name}' must lie between -{limit:g} and {limit:g}."}
        )
    return value


def _point(request: Request, required: bool) -> tuple[float, float] | None:
    lat = _coordinate(request, "lat", 90, required)
    lon = _coordinate(request, "lon", 180, required)
    if lat is None or lon is None:
        if lat is not None or lon is not None:
            raise ValidationError({"detail": "Give both 'lat' and 'lon', or neither."})
        return None
    return lat, lon


@extend_schema(
    parameters=[
        *(
            OpenApiParameter(p.name, p.type, required=True, description=p.description)
            for p in _POINT
        ),
        OpenApiParameter(
            "edition",
            OpenApiTypes.STR,
            description="A grid edition's slug: adds `grid`, the point's numbers in it",
        ),
    ],
    responses={
        200: inline_serializer(
            "Locate",
            {
                "germany": inline_serializer(
                    "LocateGermany",
                    {"ns": serializers.IntegerField(), "we": serializers.IntegerField()},
                    allow_null=True,
                ),
                "grid": inline_serializer(
                    "LocateGrid",
                    {
                        "edition": serializers.CharField(),
                        "ns": serializers.IntegerField(),
                        "we": serializers.IntegerField(),
                    },
                    allow_null=True,
                    required=False,
                ),
                "world": inline_serializer(
                    "LocateWorld",
                    {
                        "board": serializers.ChoiceField(choices=list(BOARDS)),
                        "solutions": serializers.ListField(child=serializers.CharField()),
                    },
                    allow_null=True,
                ),
            },
        ),
        400: inline_serializer("LocateError", {"detail": serializers.CharField()}),
    },
    operation_id="locate",
    summary="Germany grid numbers and world board solutions of a point",
    description=(
        "`germany` is null outside Germany (its outline plus a few kilometres for border "
        "towns); `world` is null at sea and in Antarctica. With `edition`, `grid` gives the "
        "point's numbers in that grid edition, null outside its outline."
    ),
)
@api_view(["GET"])
@permission_classes([GeoAccess])
def locate_view(request: Request) -> Response:
    lat, lon = _point(request, required=True)
    answer = locate(lat, lon)
    slug = request.query_params.get("edition", "").strip()
    if slug:
        edition = GridEdition.objects.filter(slug=slug).first()
        if edition is None:
            raise ValidationError({"detail": f"There is no grid edition {slug!r}."})
        answer["grid"] = grid_location(lat, lon, slug, edition.spec(), edition.shape())
    return Response(answer)


def _svg(drawing) -> HttpResponse:
    response = HttpResponse(render_svg(drawing), content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response


def _language(request: Request) -> str:
    return getattr(request, "LANGUAGE_CODE", "de") or "de"


@extend_schema(
    parameters=_POINT,
    responses={(200, "image/svg+xml"): OpenApiTypes.BINARY},
    operation_id="maps_germany_svg",
    summary="Map of Germany with the grid, and a dot for an optional point",
)
@api_view(["GET"])
@permission_classes([GeoAccess])
def germany_svg(request: Request) -> HttpResponse:
    point = _point(request, required=False)
    dots = [("", *point)] if point else []
    return _svg(germany_map(dots, language=_language(request)))


@extend_schema(
    parameters=_POINT,
    responses={(200, "image/svg+xml"): OpenApiTypes.BINARY},
    operation_id="maps_board_svg",
    summary="A continent board, with its solutions for an optional point highlighted",
)
@api_view(["GET"])
@permission_classes([GeoAccess])
def board_svg(request: Request, code: str) -> HttpResponse:
    code = code.upper()
    if code not in BOARDS:
        raise NotFound(f"No board {code!r}; boards are {', '.join(BOARDS)}.")
    point = _point(request, required=False)
    highlight: list[str] = []
    if point:
        highlight = point_solutions(code, *point)
    dots = [("", *point)] if point else []
    return _svg(board_map(code, dots=dots, highlight=highlight, language=_language(request)))


_GRID = [
    OpenApiParameter("country", OpenApiTypes.STR, description="ISO alpha-2 code, e.g. AT"),
    OpenApiParameter("region", OpenApiTypes.STR, description="A German state's code, e.g. DE-BY"),
    OpenApiParameter("part", OpenApiTypes.STR, description="Outline: main (default) or all"),
]
_EXTENT = ["west", "east", "north", "south", "ns_max", "we_max"]


def _edition_args(request: Request) -> tuple[str, str, str]:
    country = request.query_params.get("country", "").strip().upper()
    region = request.query_params.get("region", "").strip().upper()
    part = request.query_params.get("part", "").strip() or MAIN
    if not country:
        raise ValidationError({"detail": "Parameter 'country' is required."})
    try:
        edition_shape(country, region, part)
    except EditionError as error:
        raise ValidationError({"detail": str(error)}) from None
    return country, region, part


def _spec_json(spec: GridSpec) -> dict:
    return {name: getattr(spec, name) for name in _EXTENT}


@extend_schema(
    parameters=_GRID,
    responses={
        200: inline_serializer(
            "GridSuggestion",
            {
                **{name: serializers.FloatField() for name in _EXTENT[:4]},
                "ns_max": serializers.IntegerField(),
                "we_max": serializers.IntegerField(),
                "ns_km": serializers.FloatField(),
                "we_km": serializers.FloatField(),
            },
        ),
        400: inline_serializer("GridError", {"detail": serializers.CharField()}),
    },
    operation_id="grid_suggest",
    summary="The extent and ranges suggested for a grid edition of a country or German state",
)
@api_view(["GET"])
@permission_classes([GeoAccess])
def grid_suggest(request: Request) -> Response:
    country, region, part = _edition_args(request)
    spec = suggest_for(country, region, part)
    ns_km, we_km = spec.step_km()
    return Response({**_spec_json(spec), "ns_km": round(ns_km, 2), "we_km": round(we_km, 2)})


@extend_schema(
    parameters=[
        *_GRID,
        *(OpenApiParameter(name, OpenApiTypes.DOUBLE) for name in _EXTENT),
        OpenApiParameter("name", OpenApiTypes.STR, description="The map's title"),
        *_POINT,
    ],
    responses={(200, "image/svg+xml"): OpenApiTypes.BINARY},
    operation_id="maps_grid_svg",
    summary="A grid edition's map for the given values (the admin's preview)",
)
@api_view(["GET"])
@permission_classes([GeoAccess])
def grid_svg(request: Request) -> HttpResponse:
    country, region, part = _edition_args(request)
    values = [request.query_params.get(name, "").strip().replace(",", ".") for name in _EXTENT]
    try:
        spec = make_spec(*values) if all(values) else suggest_for(country, region, part)
    except EditionError as error:
        raise ValidationError({"detail": str(error)}) from None
    title = request.query_params.get("name", "").strip()[:120] or country_names().get(country, "")
    edition = MapEdition(spec=spec, country=country, region=region, part=part, name_de=title)
    point = _point(request, required=False)
    dots = [("", *point)] if point else []
    return _svg(grid_map(edition, dots, language=_language(request)))
