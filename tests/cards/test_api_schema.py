"""The OpenAPI schema at /api/schema/ documents the error answers and the parameters' limits
that the API enforces, so a client generated from it knows them."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from cards.symbols.planes import SUPPORTED_ORDERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client, admin_user) -> dict:
    client.force_login(admin_user)
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def _responses(schema: dict, path: str, method: str) -> dict:
    return schema["paths"][path][method]["responses"]


def _parameter(schema: dict, path: str, name: str) -> dict:
    parameters = schema["paths"][path]["get"]["parameters"]
    return next(p for p in parameters if p["name"] == name)


def test_every_operation_for_signed_in_users_documents_401_and_403(schema):
    checked = 0
    for operations in schema["paths"].values():
        for operation in operations.values():
            if {} in operation.get("security", [{}]):
                continue
            checked += 1
            for code in ("401", "403"):
                assert operation["responses"][code]["description"]
    assert checked > 15


def test_errors_are_documented_where_the_api_gives_them(schema):
    assert {"404", "409"} <= set(_responses(schema, "/api/decks/{slug}/", "delete"))
    assert {"404", "409"} <= set(_responses(schema, "/api/places/{id}/", "delete"))
    assert {"400", "404"} <= set(_responses(schema, "/api/places/{id}/", "patch"))
    assert "400" in _responses(schema, "/api/places/preview/", "post")
    assert "404" in _responses(schema, "/api/decks/", "get")  # a page past the end
    moves = _responses(schema, "/api/games/{game_id}/moves/", "post")
    assert {"400", "403", "404", "409", "429"} <= set(moves)
    assert "429" in _responses(schema, "/api/games/", "post")
    assert "429" not in _responses(schema, "/api/games/{game_id}/undo/", "post")
    error = schema["paths"]["/api/places/"]["get"]["responses"]["401"]
    assert error["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert "detail" in schema["components"]["schemas"]["Error"]["properties"]


def test_a_view_s_own_error_answer_is_kept(schema):
    solve = _responses(schema, "/api/numbers/solve/", "get")
    assert solve["400"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/NumbersSolveError"
    )


def test_the_plane_s_order_is_limited_to_the_orders_the_api_takes(schema):
    order = _parameter(schema, "/api/match/plane/", "order")
    assert order["required"] is True
    assert order["schema"]["enum"] == list(SUPPORTED_ORDERS)
    assert (order["schema"]["minimum"], order["schema"]["maximum"]) == (2, 16)
    api = APIClient()
    assert api.get("/api/match/plane/", {"order": 16}).status_code == 200
    assert api.get("/api/match/plane/", {"order": 6}).status_code == 400


@pytest.mark.parametrize(
    "cards",
    [
        "4,8,K,*",
        " 1 , 13 ",
        "a,j,q,k",
        "07",
        "1,2,3,4,5,6,7,8,9,10",
        "",
        "14",
        "0",
        "4,,8",
        "1,2,3,4,5,6,7,8,9,10,11",
        "X",
        "4;8",
    ],
)
def test_the_solver_s_cards_pattern_agrees_with_the_api(schema, cards):
    parameter = _parameter(schema, "/api/numbers/solve/", "cards")
    assert parameter["required"] is True
    fits = re.fullmatch(parameter["schema"]["pattern"], cards) is not None
    response = APIClient().get(
        "/api/numbers/solve/", {"total": 5, "target": 9, "cards": cards, "limit": 1}
    )
    assert (response.status_code == 200) == fits, response.content
