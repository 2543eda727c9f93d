"""``GET /api/numbers/solve/``: every way to reach a target from a total with some cards."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play.core.engine import is_digits
from play.editions.numbers.solver import JOKER, Solution, solve

MAX_CARDS = 10
MAX_NUMBER = 1_000_000
MAX_LIMIT = 1000
# Work units (search nodes plus solutions) one request may spend: about a second at most.
BUDGET = 300_000


def _number(request: Request, name: str) -> int:
    raw = request.query_params.get(name, "").strip()
    if not raw:
        raise ValidationError({"detail": f"Parameter '{name}' is required."})
    if not is_digits(raw) or len(raw) > 9 or int(raw) > MAX_NUMBER:
        raise ValidationError(
            {"detail": f"Parameter '{name}' must be a whole number from 0 to {MAX_NUMBER}."}
        )
    return int(raw)


# Cards as printed: 1-13, A (1), J (the Jack, 11), Q (12), K (13); a joker is "*".
FACES = {"A": 1, "J": 11, "Q": 12, "K": 13}
JOKER_WORD = "*"


def _cards(request: Request) -> list[int]:
    raw = request.query_params.get("cards", "").strip()
    if not raw:
        raise ValidationError({"detail": "Parameter 'cards' is required (e.g. cards=4,8,K,*)."})
    cards = []
    for word in raw.split(","):
        word = word.strip().upper()
        if word == JOKER_WORD:
            cards.append(JOKER)
        elif word in FACES:
            cards.append(FACES[word])
        elif is_digits(word) and len(word) < 3 and 1 <= int(word) <= 13:
            cards.append(int(word))
        else:
            raise ValidationError(
                {
                    "detail": "A card is 1 to 13, A, J, Q, K, or * (a joker), "
                    f"not {word or 'nothing'!r}."
                }
            )
    if len(cards) > MAX_CARDS:
        raise ValidationError({"detail": f"At most {MAX_CARDS} cards."})
    return cards


def _flag(request: Request, name: str) -> bool:
    raw = request.query_params.get(name, "0").strip().lower()
    if raw not in ("0", "1", "true", "false"):
        raise ValidationError({"detail": f"Parameter '{name}' must be 0 or 1."})
    return raw in ("1", "true")


def _limit(request: Request) -> int:
    raw = request.query_params.get("limit", str(MAX_LIMIT)).strip()
    if not is_digits(raw) or len(raw) > 9 or not 1 <= int(raw) <= MAX_LIMIT:
        raise ValidationError({"detail": f"Parameter 'limit' must be 1 to {MAX_LIMIT}."})
    return int(raw)


def _whole(low: int, high: int) -> dict:
    """The schema of a whole-number parameter from ``low`` to ``high``."""
    return {"type": "integer", "minimum": low, "maximum": high}


# What _cards accepts, for the schema: 1 to MAX_CARDS cards, each 1-13 (a leading 0 allowed),
# A, J, Q, K in either case, or the joker.
_CARD = r"\s*(?:0?[1-9]|1[0-3]|[AJQKajqk]|\*)\s*"
CARDS_PATTERN = rf"^{_CARD}(?:,{_CARD}){{0,{MAX_CARDS - 1}}}$"


def as_json(solution: Solution) -> list[dict]:
    steps = []
    for kind, value, op, total in solution:
        if kind == JOKER:
            steps.append({"card": JOKER_WORD, "value": value, "op": op, "total": total})
        else:
            steps.append({"card": value, "op": op, "total": total})
    return steps


_STEP = inline_serializer(
    "NumbersStep",
    {
        "card": serializers.CharField(help_text="1–13, or * for a joker"),
        "value": serializers.IntegerField(required=False, help_text="a joker's chosen value"),
        "op": serializers.ChoiceField(choices=["+", "-", "*", "/"]),
        "total": serializers.IntegerField(help_text="the running total after this card"),
    },
)


@extend_schema(
    parameters=[
        OpenApiParameter(
            "total", _whole(0, MAX_NUMBER), required=True, description="Running total"
        ),
        OpenApiParameter("target", _whole(0, MAX_NUMBER), required=True, description="The target"),
        OpenApiParameter(
            "cards",
            {"type": "string", "pattern": CARDS_PATTERN},
            required=True,
            description=(
                "Required. Comma-separated cards as printed: 1–13, A, J (the Jack, 11), Q, K, or "
                f"* (a joker); at most {MAX_CARDS}"
            ),
        ),
        OpenApiParameter(
            "fresh",
            {"type": "integer", "enum": [0, 1]},
            description=(
                "0: a total of 0 reached mid-chain (any operation); 1 (with a total of 0): a fresh "
                "target, whose first card is added. Default: fresh when the total is 0"
            ),
        ),
        OpenApiParameter(
            "small",
            {"type": "integer", "enum": [0, 1]},
            description="1: small numbers, only + and − allowed",
        ),
        OpenApiParameter(
            "limit", _whole(1, MAX_LIMIT), description=f"Most solutions returned (1–{MAX_LIMIT})"
        ),
    ],
    responses={
        200: inline_serializer(
            "NumbersSolutions",
            {
                "solutions": serializers.ListField(child=serializers.ListField(child=_STEP)),
                "count": serializers.IntegerField(),
                "complete": serializers.BooleanField(
                    help_text="false when the limit or the work cap cut the list: more may exist"
                ),
            },
        ),
        400: inline_serializer("NumbersSolveError", {"detail": serializers.CharField()}),
    },
    operation_id="numbers_solve",
    summary="Every way to reach a target from a total, one card at a time",
    description=(
        "Each solution plays some of the cards in order; each step gives the card, the operation "
        "(`+ - * /`) and the new total. Whole numbers only, never below 0, division without "
        "remainder; from a total of 0 the chain is fresh, so its first card is added (`fresh=0`: "
        "a total of 0 reached mid-chain). A chain "
        "stops when it touches the target. Shortest solutions first; cards of equal value count "
        f"once. At most `limit` solutions (default {MAX_LIMIT}) and a bounded amount of work per "
        "request: `complete` is false when the answer was cut short."
    ),
)
@api_view(["GET"])
@authentication_classes([])  # plain arithmetic on public numbers: open to pupils, no session
@permission_classes([AllowAny])
def solve_view(request: Request) -> Response:
    total = _number(request, "total")
    target = _number(request, "target")
    cards = _cards(request)
    small = _flag(request, "small")
    fresh = _flag(request, "fresh") if "fresh" in request.query_params else None
    limit = _limit(request)
    if total == target:
        raise ValidationError({"detail": "The total already equals the target."})
    if fresh and total != 0:
        raise ValidationError({"detail": "Only a total of 0 starts a fresh chain (fresh=1)."})
    found, complete = solve(
        total, target, cards, small=small, fresh=fresh, limit=limit, budget=BUDGET
    )
    return Response(
        {
            "solutions": [as_json(solution) for solution in found],
            "count": len(found),
            "complete": complete,
        }
    )
