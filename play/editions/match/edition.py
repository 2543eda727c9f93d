"""The edition ``match``: the five island games, teams racing on their own devices."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from play.core.engine import BotMove, Edition, Option, Seats
from play.editions.match import moves, pace, report, view
from play.editions.match.bots import bot_claim
from play.editions.match.rules import State

OPTIONS = (
    Option(
        "layout",
        _("Teams"),
        "auto",
        choices=(
            ("auto", _("From the number of devices")),
            ("1-1", _("2 teams of 1")),
            ("2-2", _("2 teams of 2")),
            ("1-1-1", _("3 teams of 1")),
            ("2-2-2", _("3 teams of 2")),
            ("2-2-1", _("5 players: two pairs and a solo player")),
            ("2-1", _("A pair against a solo player")),
            ("2-1-1", _("A pair against two solo players")),
        ),
        help=_(
            "Each player is a device. A pair shares its 16 cards over two devices (8 + 8); a "
            "solo player facing a pair holds 8 cards and counts double in games 1–4."
        ),
    ),
    Option(
        "mode",
        _("Mode"),
        "beginner",
        choices=(
            ("beginner", _("Beginner: one game repeated")),
            ("adventure", _("Adventure: games 1 to 5 in order")),
        ),
    ),
    Option(
        "game",
        _("Beginner's game"),
        1,
        choices=(
            (1, _("1 · Welcome to the island")),
            (2, _("2 · Ports")),
            (3, _("3 · Longest route")),
            (4, _("4 · Barbarians")),
            (5, _("5 · Knights")),
        ),
    ),
    Option(
        "pace",
        _("Pace"),
        "race",
        choices=(
            ("race", _("Race: the fastest correct claim wins the card")),
            ("turns", _("Turns in order: no speed needed, no time limit")),
        ),
        help=_(
            "In turns, teams claim one after another and take as long as they need; a wrong "
            "claim passes the turn instead of locking the team."
        ),
    ),
    Option("points", _("Points to win"), 10, min=1, max=30),
    Option("lock", _("Lock after a wrong claim (seconds)"), 2, min=0, max=10),
    Option("reaction", _("Computer reaction time (seconds)"), 5, min=1, max=30),
)


def bot(state: State, seat: int) -> BotMove | None:
    if not pace.may_claim(state, seat):
        return None
    chosen = bot_claim(state, seat, state["options"]["reaction"])
    if chosen is None:
        return None
    args, delay, due = chosen
    return BotMove("claim", args, delay, at=due)


def teacher_bot(state: State) -> BotMove | None:
    """The teacher presses Start between the games of a match."""
    return BotMove("start") if state["phase"] == "ready" else None


def rows(state: State) -> list[list[Any]]:
    """Seats numbered from 1 as the screens show them; a column per game played, named by its
    place in the match (a beginner's match plays one game again and again)."""
    names = {number: str(label).split(" · ", 1)[-1] for number, label in OPTIONS[2].choices}
    played = [
        _("Game %(number)s: %(name)s") % {"number": i, "name": names[entry["game"]]}
        for i, entry in enumerate(state["history"], start=1)
    ]
    out: list[list[Any]] = [[_("Seat"), _("Name"), _("Team"), _("Score"), *played]]
    for number, seat in enumerate(state["seats"], start=1):
        team = seat["team"]
        out.append(
            [
                number,
                seat["name"],
                state["teams"][team]["colour"],
                state["teams"][team]["score"],
                *[entry["points"][team] for entry in state["history"]],
            ]
        )
    return out


# What a refused claim shows on the screen that sent it, in the screen's language.
MESSAGES = {
    "too_late": _("Too late: another team was faster."),
    "not_your_turn": _("Wait for your turn: teams claim one after another."),
    "locked": _("Wrong symbol! Your team waits a moment."),
    "stale": _("Your card has changed: look again."),
    "not_reachable": _("Play on or next to your visible cards."),
    "own_card": _("That is your own card."),
    "port": _("Ports are never covered."),
    "out": _("Your knight is out for this round."),
    "no_card": _("You have no card left to play."),
    "not_playing": _("No game is running right now."),
    "not_ready": _("A game is already running."),
    "seat_only": _("Only a team's device can claim a card."),
    "bad_layout": _("%(devices)s devices do not fit the team layout %(layout)s."),
}

EDITION = Edition(
    report=report.report,
    slug="match",
    name=_("Match: the island games"),
    seats=Seats(min=2, max=6, kind="devices"),
    setup=moves.setup,
    moves=moves.MOVES,
    end_if=moves.end_if,
    on_end=moves.on_end,
    view=view.view,
    result=moves.result,
    options=OPTIONS,
    check_options=moves.check_options,
    bot=bot,
    teacher_bot=teacher_bot,
    # A slower computer team leaves a pupil more time to find the symbol.
    bot_strength={"easy": {"reaction": 9}, "normal": {"reaction": 5}, "strong": {"reaction": 3}},
    rows=rows,
    description=_(
        "Teams race to spot the one symbol two round cards share: five island games to 10 points."
    ),
    messages=MESSAGES,
    secret_seats=True,
    devices_only=True,  # teams race at the same moment: one screen cannot take turns
)
