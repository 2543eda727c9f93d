"""Turning the public game data into what the templates show: team styles, tip labels, maps."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import segno
from django.utils.translation import gettext_lazy as _

from play.models import Game, PlayedTip, Team

TIP_TEXT = {
    "N": (_("N"), _("furthest north")),
    "S": (_("S"), _("furthest south")),
    "W": (_("W"), _("furthest west")),
    "M": (_("M"), _("middle: not furthest in any direction")),
    "O": (_("O"), _("furthest east")),
    "MOST": (_("Most"), _("most inhabitants")),
    "FEWEST": (_("Fewest"), _("fewest inhabitants")),
}


def tip_card(value: str | None) -> dict[str, Any]:
    if value is None:
        return {"value": None, "label": "?", "title": _("face down")}
    label, title = TIP_TEXT[value]
    return {"value": value, "label": label, "title": title}


def decorate(data: dict[str, Any]) -> dict[str, Any]:
    """Add team dicts and tip labels to ``state.game_data`` output for the templates."""
    teams = {t["index"]: t for t in data["teams"]}
    rnd = data.get("round")
    if rnd:
        for team in data["teams"]:
            team["tips_left"] = rnd["tips_left"].get(team["index"], 0)
            if "team_points" in rnd:
                team["round_points"] = rnd["team_points"].get(team["index"], 0)
        rnd["next"] = teams.get(rnd["next_team"]) if rnd["next_team"] is not None else None
        for place in rnd["places"]:
            for entry in place["stack"]:
                entry["t"] = teams[entry["team"]]
                entry["card"] = tip_card(entry["tip"])
            if rnd["revealed"]:
                right = sorted((e for e in place["stack"] if e["correct"]), key=lambda e: e["row"])
                wrong = [e for e in place["stack"] if not e["correct"]]
                place["settled"] = right + wrong
    if "ranking" in data:
        for entry in data["ranking"]:
            entry["t"] = teams[entry["team"]]
    return data


@lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=6, border=2, dark="#1d2330")


def round_map_svg(game: Game, data: dict[str, Any]) -> str:
    """The Germany map with the round's places and their grid numbers, as inline SVG."""
    labels = tuple((p["id"], p["name"]) for p in data["places"])
    return _round_map_svg(game.language, labels)


@lru_cache(maxsize=256)
def _round_map_svg(language: str, labels: tuple[tuple[int, str], ...]) -> str:
    from cards.models import Place
    from geo.grid import germany_grid
    from geo.maps import germany_map
    from geo.svg import render_svg

    places = {p.pk: p for p in Place.objects.filter(pk__in=[pid for pid, _name in labels])}
    dots = []
    for pid, name in labels:
        place = places[pid]
        ns, we = germany_grid(place.latitude, place.longitude)
        label = f"{name} ({ns} | {we})"
        dots.append((label, place.latitude, place.longitude))
    svg = render_svg(germany_map(dots, width_mm=180, language=language))
    svg = svg.split("?>", 1)[-1].strip()
    # Scale with the page instead of the printed millimetres.
    return svg.replace("<svg ", '<svg class="round-map" role="img" ', 1)


def results_table(game: Game) -> tuple[list[Team], list[dict[str, Any]], dict[int, int]]:
    """Points per revealed round and team: (teams, rows of {number, points[]}, totals)."""
    teams = list(game.teams.all())
    per_round: dict[int, dict[int, int]] = {}
    for number in game.rounds.filter(revealed=True).values_list("number", flat=True):
        per_round[number] = {t.pk: 0 for t in teams}
    tips = PlayedTip.objects.filter(round__game=game, round__revealed=True).values_list(
        "round__number", "team_id", "points"
    )
    for number, team_id, points in tips:
        per_round[number][team_id] += points or 0
    rows = [{"number": n, "points": [per_round[n][t.pk] for t in teams]} for n in sorted(per_round)]
    totals = {t.pk: sum(per_round[n][t.pk] for n in per_round) for t in teams}
    return teams, rows, totals


# What a person reads for each rule code (the API keeps the rules' English messages).
ERROR_TEXT = {
    "not_your_turn": _("It is not this team’s turn."),
    "round_complete": _("Every team has placed its 3 tips."),
    "no_tips_left": _("This team has placed its 3 tips this round."),
    "card_already_used": _("This tip card has already been played this round."),
    "wm_card_used": _("W and M are one card, and it has already been played."),
    "two_player_rule": _("With two teams, both must play different tips: this one is taken."),
    "place_not_laid_out": _("A tip can only go under a laid-out place card."),
    "unknown_tip": _("Choose a tip card."),
    "bad_input": _("Choose a place and a tip card."),
    "round_open": _("Reveal the current round before starting a new one."),
    "round_incomplete": _("Not every team has placed its 3 tips yet."),
    "round_revealed": _("This round has already been revealed."),
    "no_rounds_left": _("Every round of this game has been played."),
    "deck_exhausted": _("The deck has too few unused places left."),
    "game_finished": _("This game has ended."),
    "place_count": _("Choose one more place than there are teams."),
    "place_ids": _("Choose places from the list."),
    "face_down_teams": _("Face-down tips are a variant for 3 or 4 teams."),
    "team_count": _("A game has 2 to 4 teams."),
    "team_name": _("Every team needs its own name."),
    "unknown_team": _("That team does not play in this game."),
    # The World
    "wrong_phase": _("That is not possible in this phase of the round."),
    "no_round": _("No round has been laid out yet."),
    "card_not_available": _("Choose one of the laid-out cards."),
    "no_exchange_tokens": _("A team can exchange at most twice a game."),
    "guess_locked": _("This team has locked its guess in."),
    "no_guess": _("Place at least the board stone before locking in."),
    "board_required": _("Place the first stone on a board."),
    "row_needs_column": _("A row stone needs a column stone first."),
    "letter_needs_row": _("A rectangle stone needs a row stone first."),
    "malformed_guess": _("Choose a board, then a column, a row and a rectangle."),
    "variant_needs_three": _("The longer game needs 3 or more teams."),
    "track_length": _("The track has 10 to 200 spaces."),
}


def error_text(error: Any) -> str:
    """A translated sentence for a ``RuleViolation`` (its English message as a fallback)."""
    return str(ERROR_TEXT.get(error.code, error.message))
