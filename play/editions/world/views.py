"""The World's images: a plain board for the guess buttons and an evaluated card's solution
board. The projector and the devices are the play shells with the edition's fragments.
"""

from __future__ import annotations

import gzip
import threading
from functools import lru_cache

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from geo.boards import BOARDS
from play.core import access
from play.models import Game
from play.shells.device import throttled

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
@throttled
@cache_control(private=True, max_age=3600)
def card_image(request: HttpRequest, code: str, card: str) -> HttpResponse:
    """An evaluated card's solution board (by its reference); nothing for a card not yet
    turned over."""
    game = access.game_by_code(request, code, Game.objects.filter(edition="world"))
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
