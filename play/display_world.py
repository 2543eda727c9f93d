"""Turning world game data into what the templates show: teams, cards, boards, the track."""

from __future__ import annotations

import gzip
import math
import threading
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from geo.boards import BOARDS
from play import world

COLOUR_HEX = {"yellow": "#f2c500", "orange": "#ef7d00", "green": "#3a9a3a"}
COLOUR_TEXT = {"yellow": _("yellow"), "orange": _("orange"), "green": _("green")}
KEEP_NEEDS = {"yellow": 4, "orange": 3, "green": 2}
FINAL_BLUE = "#1b2a6b"


def position_label(position: int | None, length: int) -> str:
    if position is None:
        return str(_("start area"))
    if position == 0:
        return str(_("arrow space"))
    if position > length:
        return str(_("final space %(n)d") % {"n": position - length})
    return str(_("space %(n)d") % {"n": position})


def board_url(code: str, language: str) -> str:
    return reverse("play:world_board", args=[code]) + f"?lang={language}"


def board_height(code: str) -> int:
    """Height of a 250-wide board drawing (``geo.maps.board_map``), to reserve its space."""
    return round((250 - 22) * BOARDS[code].aspect + 31)


def boards(language: str) -> list[dict[str, str]]:
    return [
        {
            "code": b.code,
            "name": b.name(language),
            "colour": b.colour,
            "url": board_url(b.code, language),
            "height": board_height(b.code),
        }
        for b in BOARDS.values()
    ]


def _card(card: dict[str, Any], teams: dict[int, dict], game_code: str, language: str) -> None:
    card["t"] = teams.get(card["team"])
    card["colour_hex"] = COLOUR_HEX.get(card["colour"], "#999")
    card["colour_text"] = COLOUR_TEXT.get(card["colour"], card["colour"])
    card["keep_needs"] = KEEP_NEEDS.get(card["colour"])
    if "back" in card:
        card["svg_url"] = reverse("play:world_card", args=[game_code, card["id"]])
        back = card["back"]
        back["listed"] = [
            {"code": c, "text": t}
            for c, t in zip(back["solutions"], back["described"], strict=True)
        ]
        card["back"]["board_colour"] = (
            BOARDS[card["back"]["board"]].colour if card["back"]["board"] else "#999"
        )


def stones(guess: str | None, marks: list[bool] | None = None) -> list[dict[str, Any]]:
    """The four guess stones for display: value (or empty) and right/wrong after evaluation."""
    parts = guess.split("-") if guess else []
    out = []
    for i in range(4):
        value = parts[i] if i < len(parts) else ""
        mark = marks[i] if marks is not None and i < len(marks) else None
        out.append({"value": value, "right": mark})
    return out


def decorate(data: dict[str, Any]) -> dict[str, Any]:
    """Add team dicts, labels and image URLs to ``state_world.build`` output for templates."""
    length = data["track"]["length"]
    teams = {t["index"]: t for t in data["teams"]}
    for t in data["teams"]:
        t["where"] = position_label(t["position"], length)
        t["tokens"] = range(t["exchanges_left"])
        t["kept_list"] = [
            {"colour": c, "hex": COLOUR_HEX[c], "n": t["kept"].get(c, 0), "text": COLOUR_TEXT[c]}
            for c in ("yellow", "orange", "green")
        ]
    rnd = data.get("round")
    if rnd:
        rnd["next"] = teams.get(rnd["next_team"]) if rnd["next_team"] is not None else None
        rnd["ordered"] = [teams[i] for i in rnd["order"]]
        for card in rnd["cards"]:
            _card(card, teams, data["code"], data["language"])
        cards = {c["id"]: c for c in rnd["cards"]}
        for g in rnd["guesses"]:
            g["t"] = teams[g["team"]]
            g["stones"] = stones(g["guess"])
            teams[g["team"]]["guess"] = g
        rnd["locked_count"] = sum(1 for g in rnd["guesses"] if g["locked"])
        for e in rnd["evaluations"]:
            e["t"] = teams[e["team"]]
            e["card_data"] = cards.get(e["card"])
            e["stones"] = stones(e["guess"], e["stone_results"])
            e["from"] = position_label(e["start"], length)
            e["to"] = position_label(e["end"], length)
        rnd["latest"] = rnd["evaluations"][-1] if rnd["evaluations"] else None
        rnd["earlier"] = list(reversed(rnd["evaluations"][:-1]))
        rnd["held"] = [
            c for c in rnd["cards"] if c["status"] != "table" and c["status"] != "exchanged"
        ]
        for b in rnd.get("bonus", []):
            b["t"] = teams[b["team"]]
            b["colour_text"] = COLOUR_TEXT.get(b["colour"], b["colour"])
            b["hex"] = COLOUR_HEX.get(b["colour"], "#999")
            b["to"] = position_label(b["end"], length)
    if "ranking" in data:
        for entry in data["ranking"]:
            entry["t"] = teams[entry["team"]]
            entry["where"] = position_label(entry["position"], length)
    return data


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
            from geo.maps import board_map
            from geo.svg import render_svg

            raw = render_svg(board_map(code, width_mm=250, language=language)).encode()
            cached = (raw, gzip.compress(raw, compresslevel=9, mtime=0))
            cache.set(key, cached, timeout=None)
        return cached


@lru_cache(maxsize=256)
def solution_svg(place_id: int, language: str) -> tuple[bytes, bytes]:
    """The solution board of an evaluated card: the place's dot and its rectangles marked."""
    from cards.models import Place
    from geo.maps import board_map
    from geo.svg import render_svg

    place = Place.objects.get(pk=place_id)
    location = place.world_location()
    if location is None:
        empty = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>'
        return empty, gzip.compress(empty, mtime=0)
    drawing = board_map(
        location.board,
        dots=[(place.display_name(language), place.latitude, place.longitude)],
        highlight=location.solutions,
        width_mm=250,
        language=language,
    )
    raw = render_svg(drawing).encode()
    return raw, gzip.compress(raw, compresslevel=6, mtime=0)


def track_svg(data: dict[str, Any]) -> str:
    track = data["track"]
    pawns = tuple(
        (t["position"], t["name"], t["colour"], t["letter"], t["index"]) for t in data["teams"]
    )
    key = (track["length"], track["final_spaces"], track["end"], track["longer_game"])
    return _track_svg(key, pawns)


@lru_cache(maxsize=512)
def _track_svg(key: tuple, pawns: tuple) -> str:
    """The scoring track: start area in the middle, arrow space, the track clockwise, the
    dark-blue final spaces, and every pawn (team colour, letter and shape)."""
    length, finals, end, longer = key
    teams = [
        dict(zip(("position", "name", "colour", "letter", "index"), p, strict=True)) for p in pawns
    ]
    spaces = 1 + length + finals
    half = math.ceil((spaces + 4) / 2)  # columns + rows of a ring with room for every space
    rows = max(4, math.ceil(half / 2.4))
    cols = half - rows
    cell = 40
    ring = _ring(cols, rows)[:spaces]
    width, height = cols * cell, rows * cell
    parts = [
        f'<svg class="track" xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 {width + 8} '
        f'{height + 8}" role="img" aria-labelledby="track-title">',
        f'<title id="track-title">{escape(str(_("Scoring track")))}</title>',
        f'<rect x="{cell + 6}" y="{cell + 6}" width="{width - 2 * cell - 12}" '
        f'height="{height - 2 * cell - 12}" rx="14" fill="#f3efe6" stroke="#1d2330"/>',
        f'<text x="{width / 2}" y="{cell + 30}" text-anchor="middle" font-size="18" '
        f'font-weight="700">{escape(str(_("Start area")))}</text>',
    ]
    pawns_at = {t["position"]: t for t in teams if t["position"] is not None}
    for k, (c, r) in enumerate(ring):
        x, y = c * cell, r * cell
        position = k  # 0 = arrow space, 1..length track, then the final spaces
        final = position > length
        fill = FINAL_BLUE if final else ("#ffbf47" if position == 0 else "#fff")
        stroke = "#d00" if position == end and longer else "#1d2330"
        parts.append(
            f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" rx="5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{3 if stroke == "#d00" else 1.2}"/>'
        )
        label = "➜" if position == 0 else str(position - length if final else position)
        colour = "#fff" if final else "#555"
        parts.append(
            f'<text x="{x + 5}" y="{y + 13}" font-size="11" fill="{colour}">{label}</text>'
        )
        team = pawns_at.get(position)
        if team:
            parts.append(_pawn(x + cell / 2 + 3, y + cell / 2 + 4, team))
    waiting = [t for t in teams if t["position"] is None]
    for i, team in enumerate(waiting):
        parts.append(_pawn(cell * 2 + 10 + i * 36, height / 2 + 12, team))
    parts.append("</svg>")
    return "".join(parts)


def _pawn(x: float, y: float, team: dict[str, Any]) -> str:
    return (
        f'<g class="pawn"><title>{escape(team["name"])}</title>'
        f'<circle cx="{x}" cy="{y}" r="14" fill="{team["colour"]}" stroke="#1d2330" '
        f'stroke-width="2.5"/><text x="{x}" y="{y + 5}" text-anchor="middle" font-size="14" '
        f'font-weight="800" fill="#1d2330">{escape(team["letter"])}</text></g>'
    )


def _ring(cols: int, rows: int) -> list[tuple[int, int]]:
    """Cells around a cols × rows rectangle, clockwise from the top-left corner."""
    top = [(c, 0) for c in range(cols)]
    right = [(cols - 1, r) for r in range(1, rows)]
    bottom = [(c, rows - 1) for c in range(cols - 2, -1, -1)]
    left = [(0, r) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


def phase_of(data: dict[str, Any]) -> str | None:
    rnd = data.get("round")
    return rnd["phase"] if rnd else None


ERROR_TEXT = {
    "wrong_phase": _("That is not possible in this phase of the round."),
    "round_open": _("Finish the current round before starting a new one."),
    "deck_exhausted": _("The deck has too few unused place cards left."),
    "card_not_available": _("Choose one of the laid-out cards."),
    "not_your_turn": _("It is not this team’s turn."),
    "no_exchange_tokens": _("A team can exchange at most twice a game."),
    "guess_locked": _("This team has locked its guess in."),
    "no_guess": _("Place at least the board stone before locking in."),
    "board_required": _("Place the first stone on a board."),
    "row_needs_column": _("A row stone needs a column stone first."),
    "letter_needs_row": _("A rectangle stone needs a row stone first."),
    "malformed_guess": _("Choose a board, then a column, a row and a rectangle."),
    "variant_needs_three": _("The longer game needs 3 or more teams."),
    "track_length": _("The track has 10 to 200 spaces."),
    "team_count": _("A world game has 2 to 6 teams."),
}


def error_text(error: Any) -> str:
    from play.display import error_text as germany_text

    text = ERROR_TEXT.get(error.code)
    return str(text) if text else germany_text(error)


__all__ = ["decorate", "error_text", "track_svg", "world"]


def guess_pad(value: str | None, language: str) -> dict[str, Any]:
    """What the guess buttons need: the stones placed so far and the next choices."""
    parts = (value or "").split("-") if value else []
    parts += [""] * (4 - len(parts))
    board, column, row, letter = parts[:4]
    placed = [p for p in (board, column, row, letter) if p]
    info = BOARDS.get(board)
    return {
        "value": value or "",
        "board": board,
        "column": column,
        "row": row,
        "letter": letter,
        "stones": stones(value),
        "back": "-".join(placed[:-1]),
        "board_name": info.name(language) if info else "",
        "board_colour": info.colour if info else "#1d2330",
        "board_url": board_url(board, language) if info else "",
        "board_height": board_height(board) if info else 0,
        "columns": ("W", "M", "O"),
        "rows": ("N", "M", "S"),
        "letters": ("A", "B", "C", "D"),
    }
