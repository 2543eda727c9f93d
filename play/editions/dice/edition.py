"""The ``dice`` edition as the play core sees it: options, messages, bots and CSV rows. The
rules are in ``rules.py``, the moves in ``moves.py``, what each viewer sees in ``view.py``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from play.core.engine import BotMove, Edition, Option, Seats
from play.editions.dice import bots, moves, report, rules, view

State = dict[str, Any]
# Seconds between a computer player's moves, so a class can follow the counting; the setting
# DICE_BOT_DELAY changes it (0 in tests: the computer answers within the move's request).
BOT_DELAY = 1.2


def bot(state: State, seat: int) -> BotMove | None:
    if rules.how_it_ended(state) or state["turn"]["seat"] != seat:
        return None
    name, args = bots.choose(state, seat, state.get("bot_level", "strong"))
    return BotMove(name, args, float(getattr(settings, "DICE_BOT_DELAY", BOT_DELAY)))


def rows(state: State) -> list[list[Any]]:
    header = [
        _("Player"),
        _("Sets"),
        _("Set points"),
        _("Court cards"),
        _("Court card points"),
        pgettext_lazy("results column", "Total"),
        _("Winner"),
    ]
    res = rules.result(state)
    won = set(res["winners"]) if res else set()
    table: list[list[Any]] = [header]
    for seat, name in enumerate(state["players"]):
        s = rules.score(state["taken"][seat])
        sets = " ".join(str(v) for v in s["sets"])
        table.append([name, sets, s["set_points"], s["courts"], s["court_points"], s["total"]])
        table[-1].append(_("yes") if seat in won else ("" if res is None else _("no")))
    return table


# The refusals a player meets on the screen, in its language. One code ("wrong_phase") has a
# sentence per phase of the turn: keyed by the rules' English message as well.
MESSAGES = {
    "not_your_turn": _("It is the other player's turn."),
    "empty_line": _("This line has no cards left."),
    "line_all_yours": _("Every card in this line holds your counter."),
    ("wrong_phase", "Put the pawn at the end of a line first."): _(
        "Put the pawn at the end of a line first."
    ),
    ("wrong_phase", "Roll the die at least once before you stop."): _(
        "Roll the die at least once before you stop."
    ),
    ("wrong_phase", "The pawn stays where it is until the turn ends."): _(
        "The pawn stays where it is until the turn ends."
    ),
    ("wrong_phase", "This game has ended."): _("This game has ended."),
}

EDITION = Edition(
    report=report.report,
    slug="dice",
    name=_("Spot On: the dice game (Knizia 1995)"),
    seats=Seats(2, 2, "players"),
    setup=moves.setup,
    moves=moves.MOVES,
    turn=moves.TURN,
    end_if=rules.end_if,
    on_end=rules.close_turn,
    view=view.view,
    result=rules.result,
    bot_strength={
        "easy": {"bot": "random"},
        "normal": {"bot": "cautious"},
        "strong": {"bot": "strong"},
    },
    options=(
        Option(
            "mix",
            _("Cards"),
            "standard",
            choices=(
                ("standard", _("Black 2–9 three times, 12 red court cards")),
                ("fours", _("Black 4–9 four times, 12 red court cards")),
            ),
        ),
        Option("first", _("Starting player"), 0, min=0, max=1),
        Option(
            "bot",
            _("Computer player"),
            "strong",
            choices=(
                ("strong", _("Strong")),
                ("cautious", _("Cautious")),
                ("random", _("Random")),
            ),
        ),
    ),
    check_options=moves.check_options,
    bot=bot,
    rows=rows,
    messages=MESSAGES,
    description=_(
        "Reiner Knizia's press-your-luck game on a 6 × 6 grid of playing cards, with one die "
        "and counters. Two players or teams, or one against the computer."
    ),
)
