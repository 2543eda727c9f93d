"""``GET /api/match/plane/?order=N``: the cards of a projective plane as symbol indexes."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.symbols.planes import SUPPORTED_ORDERS, PlaneError, check_order, projective_plane


@extend_schema(
    parameters=[
        OpenApiParameter(
            "order",
            {
                "type": "integer",
                "minimum": min(SUPPORTED_ORDERS),
                "maximum": max(SUPPORTED_ORDERS),
                "enum": list(SUPPORTED_ORDERS),
            },
            required=True,
            description="A prime power up to 16: " + ", ".join(map(str, SUPPORTED_ORDERS)),
        )
    ],
    responses={
        200: inline_serializer(
            "MatchPlane",
            {
                "order": serializers.IntegerField(),
                "cards": serializers.ListField(
                    child=serializers.ListField(child=serializers.IntegerField())
                ),
            },
        ),
        400: inline_serializer("MatchPlaneError", {"detail": serializers.CharField()}),
    },
    operation_id="match_plane",
    summary="The cards of a projective plane: any two share exactly one symbol",
    description=(
        "Order N gives N² + N + 1 cards of N + 1 symbol indexes (0 … N² + N), each card's "
        "indexes ascending."
    ),
)
@api_view(["GET"])
@permission_classes([AllowAny])  # plain mathematics: nothing here is secret
def plane_view(request: Request) -> Response:
    raw = request.query_params.get("order", "").strip()
    if not raw:
        raise ValidationError({"detail": "Parameter 'order' is required."})
    try:
        order = check_order(int(raw))
    except ValueError as exc:
        detail = (
            str(exc)
            if isinstance(exc, PlaneError)
            else f"'order' must be a whole number, not {raw!r}."
        )
        raise ValidationError({"detail": detail}) from None
    return Response({"order": order, "cards": [list(card) for card in projective_plane(order)]})
