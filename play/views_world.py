"""World games in the browser: the old action URLs (aliases of engine moves) and the images.

The projector and the devices are the play shells with the edition's fragments; these URLs
stay for old pages and bookmarks: ``/play/host/<code>/world/<action>/`` for the teacher (with a
``team`` id when playing for a team) and ``/play/<code>/world/<action>/`` for a team's device.
"""

from __future__ import annotations

import gzip
import threading
from functools import lru_cache

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from geo.boards import BOARDS
from play import games, views_shell
from play.display import error_text
from play.models import Game, Team
from play.rules_common import RuleViolation

TEACHER_ACTIONS = {
    "round": ("lay_out", {}),
    "close": ("close_guessing", {}),
    "evaluate": ("evaluate", {}),
    "evaluate-all": ("evaluate", {"every": True}),
}
TEAM_ACTIONS = ("choose", "exchange", "guess", "lock")


def _team_args(action: str, post) -> dict:
    if action == "choose":
        return {"card": post.get("card") or ""}
    if action == "exchange":
        return {"exchange": post.get("exchange") == "yes"}
    if action == "guess":
        return {"guess": post.get("guess") or ""}
    return {}


def _seat(game: Game, value: str | None) -> int:
    team = Team.objects.filter(game=game, pk=value).first() if (value or "").isdigit() else None
    if team is None:
        raise RuleViolation("unknown_team", "That team does not play in this game.")
    return team.index


@login_required
@require_POST
def host_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    from play.views_host import _get_game_for_host

    if action not in TEACHER_ACTIONS and action not in TEAM_ACTIONS:
        raise Http404
    game = _get_game_for_host(request, code)
    try:
        if game.edition != "world" or not game.on_engine:
            raise RuleViolation("wrong_edition", "That move belongs to a world game.")
        if action in TEACHER_ACTIONS:
            name, args = TEACHER_ACTIONS[action]
            game = games.make_move(game, None, name, dict(args), teacher=True)
        else:
            seat = _seat(game, request.POST.get("team"))
            game = games.make_move(game, seat, action, _team_args(action, request.POST))
    except RuleViolation as error:
        game.refresh_from_db()
        return views_shell.render_projector(
            request, game, error_text(error), status=error.http_status
        )
    if not request.htmx:
        return redirect("play:host", game.code)
    return views_shell.render_projector(request, game)


@require_POST
def team_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    from play.views_team import _device_team, _game

    if action not in TEAM_ACTIONS:
        raise Http404
    game = _game(code)
    me = _device_team(request, game)
    if me is None:
        return redirect("play:team", game.code)
    try:
        if game.edition != "world" or not game.on_engine:
            raise RuleViolation("wrong_edition", "That move belongs to a world game.")
        game = games.make_move(game, me.index, action, _team_args(action, request.POST))
    except RuleViolation as error:
        game.refresh_from_db()
        return views_shell.render_device(
            request, game, me, error_text(error), status=error.http_status
        )
    if not request.htmx:
        return redirect("play:team", game.code)
    return views_shell.render_device(request, game, me)


# --- images -----------------------------------------------------------------------------------

_BOARD_LOCK = threading.Lock()


@lru_cache(maxsize=16)
def board_svg(code: str, language: str) -> tuple[bytes, bytes]:
    """A plain board for the guess buttons, plain and gzipped.

    Rendering takes about a second, so it happens once: in this process (the lock keeps six
    phones asking at once from rendering six times) and in the shared cache for the others.
    """
    with _BOARD_LOCK:
        key = f"play:world-board:{code}:{language}:v1"
        cached = cache.get(key)
        if cached is None:
            from geo.board_maps import board_map
            from geo.svg import render_svg

            raw = render_svg(board_map(code, width_mm=250, language=language)).encode()
            cached = (raw, gzip.compress(raw, compresslevel=9, mtime=0))
            cache.set(key, cached, timeout=None)
        return cached


@lru_cache(maxsize=256)
def solution_svg(
    board: str, solutions: tuple[str, ...], name: str, lat: float, lon: float, language: str
) -> tuple[bytes, bytes]:
    """The solution board of an evaluated card: the place's dot and its rectangles marked."""
    if board not in BOARDS:
        empty = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>'
        return empty, gzip.compress(empty, mtime=0)
    from geo.board_maps import board_map
    from geo.svg import render_svg

    drawing = board_map(
        board, dots=[(name, lat, lon)], highlight=solutions, width_mm=250, language=language
    )
    raw = render_svg(drawing).encode()
    return raw, gzip.compress(raw, compresslevel=6, mtime=0)


@require_GET
@cache_control(public=True, max_age=86400)
def board_image(request: HttpRequest, board: str) -> HttpResponse:
    if board not in BOARDS:
        raise Http404
    language = "en" if request.GET.get("lang") == "en" else "de"
    return _svg(request, *board_svg(board, language))


def _svg(request: HttpRequest, raw: bytes, packed: bytes) -> HttpResponse:
    """An SVG, gzipped for the clients that take it (a board is 250 kB plain, 70 kB packed)."""
    if "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", ""):
        response = HttpResponse(packed, content_type="image/svg+xml")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(raw, content_type="image/svg+xml")
    response["Vary"] = "Accept-Encoding"
    return response


@require_GET
@cache_control(private=True, max_age=3600)
def card_image(request: HttpRequest, code: str, card: str) -> HttpResponse:
    """An evaluated card's solution board (by its reference); nothing for a card not yet
    turned over."""
    game = get_object_or_404(Game, code=code.upper(), edition="world", state__isnull=False)
    turned = {e["card"] for rnd in game.state.get("rounds", []) for e in rnd["evaluations"]}
    if card not in turned:
        raise Http404
    facts = game.state["cards"][card]
    return _svg(
        request,
        *solution_svg(
            facts["board"],
            tuple(facts["solutions"]),
            facts["name"],
            facts["latitude"],
            facts["longitude"],
            game.language,
        ),
    )
