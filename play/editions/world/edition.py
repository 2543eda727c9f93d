"""The World as the play core sees it: options, moves, views, the CSV export."""

from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.core.engine import Edition, Option, Seats
from play.editions.world import bots, moves, present, report, rules, view


def setup(options: dict, deck: list[dict] | None, names: list[str], rng: random.Random) -> dict:
    # The printed scoring board's final spaces; pawns may still go beyond them.
    return moves.setup(options, deck, names, rng, final_spaces=settings.WORLD_FINAL_SPACES)


def position_text(position: int | None, length: int) -> str:
    if position is None:
        return "start"
    if position > length:
        return f"F{position - length}"
    return str(position)


def rows(state: dict[str, Any]) -> list[list[Any]]:
    """One row per round and team, then the colour bonus and the final positions."""
    names = state["names"]
    length = state["track"]["length"]
    out: list[list[Any]] = [
        [
            _("Round"),
            _("Team"),
            _("Card"),
            _("Colour"),
            _("Guess"),
            _("Correct"),
            _("Steps"),
            _("Kept"),
            _("Position"),
        ]
    ]
    for rnd in state["rounds"]:
        for e in rnd["evaluations"]:
            card = state["cards"][e["card"]]
            out.append(
                [
                    rnd["number"],
                    names[e["team"]],
                    card["name"],
                    card["colour"],
                    e["guess"] or "",
                    int(e["correct"]),
                    e["steps"],
                    int(e["kept"]),
                    position_text(e["end"], length),
                ]
            )
    for b in state["bonus"]:
        out.append(
            [
                _("Colour bonus"),
                names[b["team"]],
                "",
                b["colour"],
                "",
                "",
                b["steps"],
                "",
                position_text(b["end"], length),
            ]
        )
    for team, name in enumerate(names):
        out.append(
            [
                _("Final"),
                name,
                "",
                "",
                "",
                "",
                "",
                sum(state["kept"][team].values()),
                position_text(state["positions"][team], length),
            ]
        )
    return out


# The refusals a team meets on the screen, in the screen's language.
MESSAGES = {
    "wrong_phase": gettext_lazy("That is not possible in this phase of the round."),
    "no_round": gettext_lazy("No round has been laid out yet."),
    "card_not_available": gettext_lazy("Choose one of the laid-out cards."),
    "no_exchange_tokens": gettext_lazy("A team can exchange at most twice a game."),
    "guess_locked": gettext_lazy("This team has locked its guess in."),
    "no_guess": gettext_lazy("Place at least the board stone before locking in."),
    "board_required": gettext_lazy("Place the first stone on a board."),
    "row_needs_column": gettext_lazy("A row stone needs a column stone first."),
    "letter_needs_row": gettext_lazy("A rectangle stone needs a row stone first."),
    "malformed_guess": gettext_lazy("Choose a board, then a column, a row and a rectangle."),
    "variant_needs_three": gettext_lazy("The longer game needs 3 or more teams."),
    "track_length": gettext_lazy("The track has 10 to 200 spaces."),
    "bad_input": gettext_lazy("Choose one of the offered answers."),
    "deck_exhausted": gettext_lazy("The deck has too few unused places left."),
}


WORLD = Edition(
    report=report.report,
    slug="world",
    name=gettext_lazy("Spot On: The World"),
    seats=Seats(rules.MIN_TEAMS, rules.MAX_TEAMS, "teams"),
    setup=setup,
    moves=moves.MOVES,
    turn=moves.TURN,
    end_if=moves.end_if,
    on_end=moves.on_end,
    view=view.view,
    present=present.present,
    result=view.result,
    options=(
        Option(
            "starting_team",
            gettext_lazy("Youngest team"),
            0,
            min=0,
            max=rules.MAX_TEAMS - 1,
            help=gettext_lazy("Chooses first in round 1; then clockwise."),
        ),
        # Its range is checked with the other options, under the old error code.
        Option("track_length", gettext_lazy("Track length (spaces)"), settings.WORLD_TRACK_LENGTH),
        Option(
            "longer_game",
            gettext_lazy(
                "Longer game (3 or more teams): ends on the final space numbered with the "
                "number of teams"
            ),
            False,
        ),
    ),
    check_options=moves.check_options,
    rows=rows,
    deck_editions=("world",),
    fixed=("cards",),  # the deck's cards, under their per-game references
    messages=MESSAGES,
    bot=bots.bot,
    teacher_bot=bots.teacher_bot,
    description=gettext_lazy(
        "Places all over the world: choose a card, guess board, column, row and rectangle."
    ),
)
