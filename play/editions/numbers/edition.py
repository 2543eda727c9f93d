"""The Numbers edition as the play core sees it: options, messages, computer players. The moves
are in ``moves.py``, what each viewer sees in ``view.py``, the rules in ``rules.py``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from play.core.engine import Edition, Option, Screen, Seats
from play.editions.numbers import bots, moves, report, rules, view

State = dict[str, Any]


# The rules' English messages in the screens' language (``%(total)s``: the refusal's numbers).
MESSAGES = {
    "not_in_hand": _("That card is not in your hand."),
    "small_ops": _("Only + and − are allowed with small numbers."),
    "first_card_adds": _("The first card for a target is added to 0."),
    "below_zero": _("%(total)s − %(value)s would drop below 0."),
    "remainder": _("%(total)s ÷ %(value)s leaves a remainder."),
    "no_signals": _("This level allows no signals."),
    "already_shown": _("You have already shown a card for this target."),
    "joker_value": _("Say which value the joker stands for (1–13)."),
}


OP_NAMES = {"+": _("plus"), "-": _("minus"), "*": _("times"), "/": _("divided by")}


def present(data: dict[str, Any], screen: Screen | None = None) -> dict[str, Any]:
    """The operations' names in the screens' language, for screen readers."""
    for op in data.get("ops", ()):
        op["name"] = str(OP_NAMES[op["op"]])
    return data


ROW_WORDS = {
    "target": _("Target"),
    "hit": _("hit"),
    "chain": _("Chain played"),
    "shortest in hindsight": _("Shortest way with the hands at its start"),
    "yes": _("yes"),
    "no": _("no"),
}


def rows(state: State) -> list[list[Any]]:
    """The results table in the game's language (the shell exports it under that language)."""
    table = view.rows(state)
    words = {key: str(text) for key, text in ROW_WORDS.items()}
    header = [words.get(cell, cell) for cell in table[0]]
    return [header, *[[words.get(cell, cell) for cell in row] for row in table[1:]]]


EDITION = Edition(
    report=report.report,
    slug="numbers",
    name=_("Numbers"),
    description=_(
        "The cooperative calculation game: reach three-digit targets with + − × ÷, "
        "one card at a time, without talking."
    ),
    seats=Seats(rules.MIN_PLAYERS, rules.MAX_PLAYERS, "players"),
    setup=moves.setup,
    moves=moves.MOVES,
    turn=moves.TURN,
    end_if=rules.end_if,
    view=view.view,
    present=present,
    result=rules.result,
    messages=MESSAGES,
    secret_seats=True,
    options=(
        Option(
            "level",
            _("Level"),
            "normal",
            choices=(
                ("easy", _("Easy")),
                ("normal", _("Normal")),
                ("hard", _("Hard")),
                ("expert", _("Expert")),
            ),
        ),
        Option("signals", _("Signals (show one card per target)"), True),
        Option("open_hands", _("Open hands"), False),
        Option("endless", _("Endless (score the targets hit)"), False),
        Option("small", _("Small numbers (two digits, + and − only)"), False),
    ),
    check_options=moves.check_options,
    bot=bots.bot,
    rows=rows,
)
