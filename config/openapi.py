"""The API schema's error answers, added to every operation that can give them.

drf-spectacular documents what a view declares, and most views declare only their success: a
client generated from the schema would not know that a deck in use answers 409 or that moves are
rate-limited (429). This hook adds the shared error answers by what an operation is, and keeps
any answer a view declared itself.
"""

from __future__ import annotations

from typing import Any

ERROR = "Error"
ERROR_SCHEMA = {
    "type": "object",
    "description": (
        "An error: `detail` is a message, or for invalid fields an object of field name → "
        "messages (then at the top level rather than under `detail`); `code` names a rule "
        "violation in games."
    ),
    "properties": {
        "detail": {"oneOf": [{"type": "string"}, {"type": "object"}]},
        "code": {"type": "string"},
    },
    "additionalProperties": True,
}

MESSAGES = {
    "400": "Invalid input: the message names the parameter or field.",
    "401": (
        "Not signed in, or a wrong token. This server answers 403 for both, since its first "
        "authentication is the browser session's, which asks for no credentials."
    ),
    "403": "Signed in without the permission this needs (or not signed in: see 401).",
    "404": "Nothing with that id, slug or code.",
    "409": "In conflict with the current state: in use elsewhere (so not deleted), not this "
    "team's turn, or the game is over.",
    "429": "Too many requests in a short time: wait a moment and try again.",
}

# Game moves and new games are rate-limited (PLAY_MOVES_PER_MINUTE, PLAY_GAMES_PER_HOUR); the
# teacher's undo is not.
GAMES = "/api/games/"


def _codes(path: str, method: str, operation: dict[str, Any]) -> list[str]:
    codes = []
    query = {p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"}
    # A page past the end is 404 in DRF's pagination, not 400.
    if query - {"page"} or "requestBody" in operation:
        codes.append("400")
    if {} not in operation.get("security", [{}]):
        codes += ["401", "403"]
    elif path.startswith(GAMES) and path != GAMES:
        codes.append("403")  # open to a seat's device token or the game's teacher only
    if "{" in path or "page" in query:
        codes.append("404")
    game_post = method == "post" and path.startswith(GAMES)
    if method == "delete" or (game_post and path != GAMES):
        codes.append("409")
    if game_post and not path.endswith("/undo/"):
        codes.append("429")
    return codes


def add_error_responses(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"])."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(ERROR, ERROR_SCHEMA)
    reference = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR}"}}}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            for code in _codes(path, method, operation):
                answer = responses.setdefault(code, {"content": reference})
                if not answer.get("description"):
                    answer["description"] = MESSAGES[code]
    return result
