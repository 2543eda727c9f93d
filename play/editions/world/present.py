"""What the World's screens show, made from the engine's view (``present``, which the shells
call for every screen they draw): labels and colours in the screen's language, the boards'
images, the teams with their seats' colours, the scoring track. The template tags
(``world_play``) only hand its pieces to the fragments."""

from __future__ import annotations

import functools
import math
from typing import Any
from xml.sax.saxutils import escape

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from geo.boards import BOARDS, describe_solution
from play.core.engine import Screen

COLOUR_HEX = {"yellow": "#f2c500", "orange": "#ef7d00", "green": "#4caf50"}
COLOUR_TEXT = {
    "yellow": gettext_lazy("yellow"),
    "orange": gettext_lazy("orange"),
    "green": gettext_lazy("green"),
}
KEEP_NEEDS = {"yellow": 4, "orange": 3, "green": 2}
FINAL_BLUE = "#1b2a6b"


def position_label(position: int | None, length: int) -> str:
    if position is None:
        return _("start area")
    if position == 0:
        return _("arrow space")
    if position > length:
        return _("final space %(n)d") % {"n": position - length}
    return _("space %(n)d") % {"n": position}


def board_url(code: str, language: str) -> str:
    return reverse("play:world_board", args=[code]) + f"?lang={language}"


def board_height(code: str) -> int:
    """Height of a 250-wide board drawing (``geo.board_maps.board_map``), to reserve its space."""
    return round((250 - 22) * BOARDS[code].aspect + 31)


@functools.lru_cache(maxsize=16)
def boards(language: str) -> list[dict[str, Any]]:
    # Cached: the same six boards for every screen's redraw (templates only read them).
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


def stones(guess: str | None, marks: list[bool] | None = None) -> list[dict[str, Any]]:
    """The four guess stones for display: value (or empty) and right/wrong after evaluation."""
    parts = guess.split("-") if guess else []
    return [
        {
            "value": parts[i] if i < len(parts) else "",
            "right": marks[i] if marks is not None and i < len(marks) else None,
        }
        for i in range(4)
    ]


def _card(card: dict[str, Any], seats: dict[int, dict], code: str, language: str) -> None:
    card["t"] = seats.get(card["team"])
    card["colour_hex"] = COLOUR_HEX.get(card["colour"], "#999")
    card["colour_text"] = COLOUR_TEXT.get(card["colour"], card["colour"])
    card["keep_needs"] = KEEP_NEEDS.get(card["colour"])
    back = card.get("back")
    if back:
        card["svg_url"] = reverse("play:world_card", args=[code, card["ref"]])
        board = BOARDS.get(back["board"] or "")
        back["board_name"] = board.name(language) if board else ""
        back["board_colour"] = board.colour if board else "#999"
        back["listed"] = [
            {"code": s, "text": describe_solution(s, language)} for s in back["solutions"]
        ]


def present(view: dict[str, Any], screen: Screen | None = None) -> dict[str, Any]:
    """The view with what the World's fragments draw under ``screen``, for a screen the shells
    draw (none for the API, whose view stays as ``view`` made it)."""
    if screen is not None:
        view["screen"] = screen_data(view, screen)
    return view


def screen_data(view: dict[str, Any], screen: Screen) -> dict[str, Any]:
    seats, result, me = screen.seats, screen.result, screen.me
    language = screen.language
    length = view["track"]["length"]
    by_index = {s["index"]: s for s in seats}
    teams = []
    for t in view["teams"]:
        seat = by_index[t["index"]]
        teams.append(
            dict(
                seat,
                **t,
                where=position_label(t["position"], length),
                tokens=range(t["exchanges_left"]),
                kept_list=[
                    {"colour": c, "hex": COLOUR_HEX[c], "n": t["kept"][c], "text": COLOUR_TEXT[c]}
                    for c in ("yellow", "orange", "green")
                ],
            )
        )
    by_team = {t["index"]: t for t in teams}
    rnd = view.get("round")
    if rnd:
        rnd["next"] = by_team.get(rnd["next_team"])
        for card in rnd["cards"]:
            _card(card, by_team, screen.code, language)
        cards = {c["ref"]: c for c in rnd["cards"]}
        rnd["held"] = [c for c in rnd["cards"] if c["status"] not in ("table", "exchanged")]
        rnd["held"].sort(key=lambda c: rnd["order"].index(c["team"]))
        for g in rnd["guesses"]:
            by_team[g["team"]]["guess"] = g
        for e in rnd["evaluations"]:
            e["t"] = by_team[e["team"]]
            e["card_data"] = cards.get(e["card"])
            e["stones"] = stones(e["guess"], e["stone_results"])
            e["from"] = position_label(e["start"], length)
            e["to"] = position_label(e["end"], length)
        rnd["latest"] = rnd["evaluations"][-1] if rnd["evaluations"] else None
        rnd["earlier"] = list(reversed(rnd["evaluations"][:-1]))
        mine = rnd.get("mine")
        if mine:
            if mine["card"]:
                mine["card"] = cards.get(mine["card"]["ref"])
            if mine["evaluation"]:
                team = mine["evaluation"]["team"]
                mine["evaluation"] = next(e for e in rnd["evaluations"] if e["team"] == team)
    bonus = [
        dict(
            b,
            t=by_team[b["team"]],
            colour_text=COLOUR_TEXT.get(b["colour"], b["colour"]),
            hex=COLOUR_HEX.get(b["colour"], "#999"),
            to=position_label(b["end"], length),
        )
        for b in view.get("bonus", [])
    ]
    # One line per colour: with ties, up to six teams share it.
    by_colour: dict[str, dict[str, Any]] = {}
    for b in bonus:
        line = by_colour.setdefault(b["colour"], dict(b, moves=[]))
        line["moves"].append(b)
    ranking = []
    if result:
        for rank, team, position in result["ranking"]:
            ranking.append(
                {
                    "rank": rank,
                    "t": by_team[team],
                    "where": position_label(position, length),
                    "winner": team in result["winners"],
                }
            )
    return {
        "teams": teams,
        "me": by_team[me["index"]] if me else None,
        "round": rnd,
        "phase": rnd["phase"] if rnd else None,
        "bonus": bonus,
        "bonus_lines": list(by_colour.values()),
        "ranking": ranking,
        # Only the projector draws the track: a device's redraw need not build it.
        "track_svg": track_svg(view["track"], teams) if me is None else "",
        "boards": boards(language),
    }


def pad(value: str | None, language: str) -> dict[str, Any]:
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


# --- the scoring track ------------------------------------------------------------------------

CELL = 40


def track_svg(track: dict[str, Any], teams: list[dict[str, Any]]) -> str:
    """The scoring track: start area in the middle, arrow space, the track clockwise, the
    dark-blue final spaces (as many as the furthest pawn needs) and every pawn. Labels are
    large (21 units in a 40-unit cell): the projector draws a cell about 47 px wide at 1920."""
    length, finals, end = track["length"], track["shown_finals"], track["end"]
    spaces = 1 + length + finals
    half = math.ceil((spaces + 4) / 2)  # columns + rows of a ring with room for every space
    rows = max(4, math.ceil(half / 2.4))
    cols = half - rows
    ring = _ring(cols, rows)[:spaces]
    width, height = cols * CELL, rows * CELL
    parts = [
        f'<svg class="track" xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 {width + 6} '
        f'{height + 6}" role="img" aria-labelledby="track-title">',
        f'<title id="track-title">{escape(_("Scoring track"))}</title>',
        f'<rect x="{CELL + 6}" y="{CELL + 6}" width="{width - 2 * CELL - 12}" '
        f'height="{height - 2 * CELL - 12}" rx="14" fill="#f3efe6" stroke="#1d2330"/>',
        f'<text x="{width / 2}" y="{CELL + 34}" text-anchor="middle" font-size="22" '
        f'font-weight="700" fill="#1d2330">{escape(_("Start area"))}</text>',
    ]
    pawns_at = {t["position"]: t for t in teams if t["position"] is not None}
    for position, (c, r) in enumerate(ring):
        x, y = c * CELL, r * CELL
        final = position > length
        fill = FINAL_BLUE if final else ("#ffbf47" if position == 0 else "#fff")
        marked = position == end and track["longer_game"]
        stroke = "#d00" if marked else "#1d2330"
        parts.append(
            f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{4 if marked else 1.5}"/>'
        )
        team = pawns_at.get(position)
        if team:
            parts.append(_pawn(x + CELL / 2, y + CELL / 2, team))
            continue
        label = "➜" if position == 0 else str(position - length if final else position)
        colour = "#fff" if final else "#1d2330"
        size = 21 if len(label) < 3 else 16
        parts.append(
            f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + size * 0.36}" text-anchor="middle" '
            f'font-size="{size}" font-weight="600" fill="{colour}">{label}</text>'
        )
    waiting = [t for t in teams if t["position"] is None]
    for i, team in enumerate(waiting):
        parts.append(_pawn(CELL * 2 + 6 + i * 42, height / 2 + 16, team))
    parts.append("</svg>")
    return "".join(parts)


def _pawn(x: float, y: float, team: dict[str, Any]) -> str:
    return (
        f'<g class="pawn"><title>{escape(team["name"])}</title>'
        f'<circle cx="{x}" cy="{y}" r="19" fill="{team["colour"]}" stroke="#1d2330" '
        f'stroke-width="3"/><circle cx="{x}" cy="{y}" r="14" fill="#1d2330"/>'
        f'<text x="{x}" y="{y + 8}" text-anchor="middle" font-size="22" '
        f'font-weight="800" fill="#fff">{escape(team["letter"])}</text></g>'
    )


def _ring(cols: int, rows: int) -> list[tuple[int, int]]:
    """Cells around a cols × rows rectangle, clockwise from the top-left corner."""
    top = [(c, 0) for c in range(cols)]
    right = [(cols - 1, r) for r in range(1, rows)]
    bottom = [(c, rows - 1) for c in range(cols - 2, -1, -1)]
    left = [(0, r) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left
