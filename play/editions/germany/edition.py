"""The Germany edition as the core sees it: options, moves, and views with what templates need
(tip card labels, the revealed round's map)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.models import GRID_DECK_EDITIONS
from play.core import store
from play.core.engine import Edition, Option, Screen, Seats
from play.core.parts import mark
from play.editions.germany import bots, moves, report, view

TIP_TEXT = {
    "N": (gettext_lazy("N"), gettext_lazy("furthest north")),
    "S": (gettext_lazy("S"), gettext_lazy("furthest south")),
    "W": (gettext_lazy("W"), gettext_lazy("furthest west")),
    "M": (gettext_lazy("M"), gettext_lazy("middle: not furthest in any direction")),
    "O": (gettext_lazy("O"), gettext_lazy("furthest east")),
    "MOST": (gettext_lazy("Most"), gettext_lazy("most inhabitants")),
    "FEWEST": (gettext_lazy("Fewest"), gettext_lazy("fewest inhabitants")),
}
HAND_ORDER = ("N", "S", "W", "M", "O", "MOST", "FEWEST")


def tip_card(value: str | None) -> dict[str, Any]:
    if value is None:
        return {"value": None, "label": "?", "title": _("face down")}
    label, title = TIP_TEXT[value]
    return {"value": value, "label": str(label), "title": str(title)}


def is_germany(grid: dict | None) -> bool:
    """A game without a grid of its own (set up before grid editions), or Germany's grid."""
    if grid is None:
        return True
    from geo.grid_frame import GERMANY_MAP, MapEdition

    return MapEdition.from_data(grid) is GERMANY_MAP


def country_name(grid: dict | None, language: str) -> str:
    """The grid edition's country or region in the screen's language."""
    if is_germany(grid):
        return str(_("Germany"))
    english = language[:2] == "en"
    return (grid.get("name_en") or grid["name"]) if english else (grid["name"] or grid["name_en"])


def present(data: dict[str, Any], screen: Screen | None = None) -> dict[str, Any]:
    """The tip cards' labels, the deck's country and grid ranges, and the revealed round's map,
    added to what ``view`` shows."""
    grid = data.get("grid")
    language = translation.get_language() or "de"
    data["title"] = (
        str(_("Spot On: Germany"))
        if is_germany(grid)
        else _("Spot On: %(country)s") % {"country": country_name(grid, language)}
    )
    data["ns_max"] = grid["ns_max"] if grid else 150
    data["we_max"] = grid["we_max"] if grid else 90
    rnd = data["round"]
    if rnd:
        for place in rnd["places"]:
            for entry in place["stack"]:
                entry["card"] = tip_card(entry["tip"])
            if rnd["revealed"]:
                right = sorted((e for e in place["stack"] if e["correct"]), key=lambda e: e["row"])
                place["settled"] = right + [e for e in place["stack"] if not e["correct"]]
        if rnd["revealed"]:
            # Numbered dots, the numbers on the place cards: names would not fit at a size the
            # back of a classroom reads.
            data["map_svg"] = round_map_html(
                tuple((p["back"]["latitude"], p["back"]["longitude"]) for p in rnd["places"]),
                language,
                tuple(sorted(grid.items())) if grid else None,
            )
            # A landscape map (Austria, Switzerland) takes more of the width than Germany's.
            size = VIEW_BOX.search(data["map_svg"])
            data["map_wide"] = bool(size) and float(size[1]) > WIDE * float(size[2])
    if "hand" in data:
        playable, played = set(data["hand"]), set(data["played"])
        data["hand_cards"] = [
            dict(tip_card(v), playable=v in playable, played=v in played) for v in HAND_ORDER
        ]
    return data


VIEW_BOX = re.compile(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"')
WIDE = 1.2


@lru_cache(maxsize=256)
def round_map_svg(
    places: tuple[tuple[float, float], ...],
    language: str,
    grid: tuple[tuple[str, Any], ...] | None = None,
) -> str:
    """The revealed round's places on the deck's grid-edition map (``grid``: the game's copy of
    ``cards.snapshot.grid_data`` as sorted items; ``None``: Germany's), numbered in table order;
    dots and numbers sized for a projector (about 30 px tall at 1920 × 1080), each number where
    it covers no other (two towns a few kilometres apart)."""
    from geo.maps import grid_map
    from geo.svg import render_svg

    drawing = grid_map(_map_edition(grid), _numbered(places), language=language, **MAP_STYLE)
    svg = render_svg(drawing).split("?>", 1)[-1].strip()
    return svg.replace("<svg ", '<svg class="round-map" role="img" ', 1)


MAP_STYLE = {"width_mm": 180, "labels": "spread", "dot_radius": 3.0, "label_size": 9.0}


def _map_edition(grid: tuple[tuple[str, Any], ...] | None):
    from geo.grid_frame import GERMANY_MAP, MapEdition

    return GERMANY_MAP if grid is None else MapEdition.from_data(dict(grid))


def _numbered(places: tuple[tuple[float, float], ...]) -> list[tuple[str, float, float]]:
    return [(str(number), lat, lon) for number, (lat, lon) in enumerate(places, 1)]


@lru_cache(maxsize=256)
def round_map_html(
    places: tuple[tuple[float, float], ...],
    language: str,
    grid: tuple[tuple[str, Any], ...] | None = None,
) -> str:
    """``round_map_svg`` for a screen: the country, its grid and its numbers come before the
    dots and are the same in every round, a part of the stage of their own
    (``play.core.parts``) that a screen's socket sends once instead of with every revealed
    round (some 170 KB of Germany's 174). They are drawn once per process: a round draws only
    its dots between them and the map's title and notes."""
    from geo.maps import grid_dots
    from geo.svg import render_item

    under, over = _round_map_around_dots(language, grid)
    dots, _index = grid_dots(_map_edition(grid), _numbered(places), **MAP_STYLE)
    return mark(under) + "".join(render_item(item) + "\n" for item in dots) + over


@lru_cache(maxsize=32)
def _round_map_around_dots(
    language: str, grid: tuple[tuple[str, Any], ...] | None
) -> tuple[str, str]:
    """The round map without places, cut where the dots go: what lies under them and over."""
    from geo.maps import grid_texts
    from geo.svg import render_item

    empty = round_map_svg((), language, grid)
    texts = grid_texts(_map_edition(grid), float(MAP_STYLE["width_mm"]), language)
    over = "\n".join(render_item(item) for item in texts) + "\n</svg>"
    if not empty.endswith(over):  # a change to the map's layers that this cut must follow
        raise RuntimeError("The round map's texts are not its last lines.")
    return empty[: len(empty) - len(over)], over


def rows(state: dict) -> list[list[Any]]:
    return moves.rows(state, _("Round"), _("Total"))


# The refusals a team meets on the screen, in the screen's language.
MESSAGES = {
    "round_complete": gettext_lazy("Every team has placed its 3 tips."),
    "no_tips_left": gettext_lazy("This team has placed its 3 tips this round."),
    "card_already_used": gettext_lazy("This tip card has already been played this round."),
    "wm_card_used": gettext_lazy("W and M are one card, and it has already been played."),
    "two_player_rule": gettext_lazy(
        "With two teams, both must play different tips: this one is taken."
    ),
    "place_not_laid_out": gettext_lazy("A tip can only go under a laid-out place card."),
    "unknown_tip": gettext_lazy("Choose a tip card."),
    "bad_input": gettext_lazy("Choose a place and a tip card."),
    "round_open": gettext_lazy("Reveal the current round before starting a new one."),
    "round_incomplete": gettext_lazy("Not every team has placed its 3 tips yet."),
    "round_revealed": gettext_lazy("This round has already been revealed."),
    "no_rounds_left": gettext_lazy("Every round of this game has been played."),
    "deck_exhausted": gettext_lazy("The deck has too few unused places left."),
    "place_count": gettext_lazy("Choose one more place than there are teams."),
    "place_ids": gettext_lazy("Choose places from the list."),
    "face_down_teams": gettext_lazy("Face-down tips are a variant for 3 or 4 teams."),
}


# The rule book's fun rule for who starts, in the word the deck's country uses for its regions.
REGION_HELP = {
    "DE": gettext_lazy("Whoever was in another federal state most recently."),
    "AT": gettext_lazy("Whoever was in another federal state most recently."),
    "CH": gettext_lazy("Whoever was in another canton most recently."),
}
OTHER_REGION_HELP = gettext_lazy("Whoever was in another region most recently.")


def starting_team_help(deck) -> Any:
    grid = deck.grid_edition()
    return REGION_HELP.get(grid.country if grid else "DE", OTHER_REGION_HELP)


def deck_snapshot(deck, language: str) -> dict[str, Any]:
    """The deck's cards and its grid edition as plain data: the game draws its map from its
    own copy, so replays never read the database."""
    from cards.snapshot import grid_data

    return {"cards": store.deck_cards(deck, language), "grid": grid_data(deck)}


EDITION = Edition(
    report=report.report,
    slug="germany",
    name=gettext_lazy("Spot On: Germany"),
    description=gettext_lazy(
        "Which of the laid-out places lies furthest north, south, west, "
        "east — or has the most inhabitants?"
    ),
    seats=Seats(2, 4, "teams"),
    setup=moves.setup,
    moves=moves.MOVES,
    turn=moves.TURN,
    end_if=moves.end_if,
    view=view.view,
    present=present,
    result=moves.result,
    rows=rows,
    deck_editions=tuple(sorted(GRID_DECK_EDITIONS)),  # Germany's first
    deck_snapshot=deck_snapshot,
    fixed=("cards",),  # the deck's facts, under their per-game references
    messages=MESSAGES,
    bot=bots.bot,
    teacher_bot=bots.teacher_bot,
    check_options=moves.check_options,
    options=(
        Option(
            "starting_team",
            gettext_lazy("Starting team"),
            0,
            choices=tuple((i, format_lazy("{} {}", gettext_lazy("Team"), i + 1)) for i in range(4)),
            help=REGION_HELP["DE"],
            deck_help=starting_team_help,
        ),
        Option(
            "draw",
            gettext_lazy("Place cards"),
            "random",
            choices=(
                ("random", gettext_lazy("at random")),
                ("picked", gettext_lazy("hand-picked")),
            ),
        ),
        Option(
            "face_down",
            gettext_lazy("Tips face down until everyone has placed (3 or 4 teams)"),
            False,
        ),
        Option("rounds", gettext_lazy("Rounds (0: as the rules say, 6 or 8)"), 0, min=0, max=20),
    ),
)
