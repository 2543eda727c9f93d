"""The ``dice`` edition as the play core sees it: options, moves, views, bots and CSV rows.

The rules themselves are in ``rules.py``; this module turns move arguments into rule calls,
draws the die from the move's generator (so the log replays to the same rolls) and cuts the
views. Everything on the table is public (face-up cards, counters, the pawn), so every viewer
sees the same; a seat's view adds which lines it may choose and the chance of busting on each.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from play.core.engine import (
    BotMove,
    Context,
    Edition,
    Option,
    RuleViolation,
    Seats,
    Viewer,
    arg_choice,
    arg_int,
)
from play.editions.dice import bots, rules

State = dict[str, Any]
# Seconds between a computer player's moves, so a class can follow the counting; the setting
# DICE_BOT_DELAY changes it (0 in tests: the computer answers within the move's request).
BOT_DELAY = 1.2


def setup(options: dict[str, Any], deck: list[dict] | None, seat_names: list[str], rng) -> State:
    state = rules.new_game(seat_names, rng, mix=options["mix"], first=options["first"])
    state["bot_level"] = options["bot"]
    return state


def move_place(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    edge = arg_choice(args, "edge", rules.EDGES)
    index = arg_int(args, "index", 0, rules.SIZE - 1)
    return rules.place_pawn(state, seat, edge, index)


def move_roll(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    # Check the turn before drawing, then draw from the move's own generator: replays agree.
    rules.check_turn(state, seat, ("roll", "decide"))
    return rules.roll(state, seat, ctx.rng.randint(1, 6))


def move_stop(state: State, seat: int | None, args: dict[str, Any], ctx: Context) -> State:
    return rules.stop(state, seat)


def check_options(options: dict[str, Any], seats: int) -> None:
    if seats != 2:
        raise RuleViolation("bad_seats", "Spot On is a game for two players.")


def _card(card: dict[str, Any] | None, steps: list[int] | None = None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {
        "steps": steps or [],  # where the last roll's count passed this card (1, 2, …)
        "ref": card["ref"],
        "rank": card["rank"],
        "suit": card["suit"],
        "court": rules.is_court(card),
        "counters": [{"seat": seat, "up": up} for seat, up in card["counters"]],
    }


def _lines(state: State, seat: int) -> list[dict[str, Any]]:
    grid = state["grid"]
    return [
        {
            "edge": edge,
            "index": index,
            "ok": rules.line_choosable(grid, seat, edge, index),
            "bust": rules.bust_chance(state, seat, edge, index)[0],
        }
        for edge in rules.EDGES
        for index in range(rules.SIZE)
    ]


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    turn = state["turn"]
    players = [
        {
            "seat": seat,
            "name": name,
            "supply": rules.supply(state, seat),
            "score": rules.score(state["taken"][seat]),
            "taken": [_card({**card, "counters": []}) for card in state["taken"][seat]],
        }
        for seat, name in enumerate(state["players"])
    ]
    seat = turn["seat"]
    pawn = turn["pawn"]
    steps: dict[int, list[int]] = {}
    last = state["last"]
    if last is not None and last["kind"] in ("placed", "bust"):
        for step, cell in enumerate(last["path"], start=1):
            steps.setdefault(cell, []).append(step)
    return {
        "you": viewer.seat if viewer.role == "seat" else None,
        "active_seats": [] if state["over"] else [seat],
        "mix": state["mix"],
        "size": rules.SIZE,
        "grid": [_card(card, steps.get(cell)) for cell, card in enumerate(state["grid"])],
        "players": players,
        "turn": {
            "seat": seat,
            "number": turn["number"],
            "phase": turn["phase"],
            "pawn": pawn,
            "placed": list(turn["placed"]),
            "bust": (
                rules.bust_chance(state, seat, pawn["edge"], pawn["index"])[0] if pawn else None
            ),
        },
        "lines": _lines(state, seat) if turn["phase"] == "place" else [],
        "last": state["last"],
        # The latest roll stays on the die after a stop, so the room sees what was thrown.
        "die": next((e["die"] for e in reversed(state["events"]) if "die" in e), None),
        "events": state["events"],
        "courts_left": rules.courts_left(state),
        "result": rules.result(state),
    }


def bot(state: State, seat: int) -> BotMove | None:
    if state["over"] or state["turn"]["seat"] != seat:
        return None
    name, args = bots.choose(state, seat, state.get("bot_level", "strong"))
    return BotMove(name, args, float(getattr(settings, "DICE_BOT_DELAY", BOT_DELAY)))


def rows(state: State) -> list[list[Any]]:
    header = ["player", "sets", "set_points", "courts", "court_points", "total", "winner"]
    res = rules.result(state)
    won = set(res["winners"]) if res else set()
    table: list[list[Any]] = [header]
    for seat, name in enumerate(state["players"]):
        s = rules.score(state["taken"][seat])
        sets = " ".join(str(v) for v in s["sets"])
        table.append([name, sets, s["set_points"], s["courts"], s["court_points"], s["total"]])
        table[-1].append("yes" if seat in won else ("" if res is None else "no"))
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
    slug="dice",
    name=_("Spot On: dice (Knizia 1995)"),
    seats=Seats(2, 2, "players"),
    setup=setup,
    moves={"place": move_place, "roll": move_roll, "stop": move_stop},
    view=view,
    result=rules.result,
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
        Option("first", _("Starting player (0 or 1)"), 0, min=0, max=1),
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
    check_options=check_options,
    bot=bot,
    rows=rows,
    messages=MESSAGES,
    description=_(
        "Reiner Knizia's press-your-luck game on a 6 × 6 grid of playing cards, with one die "
        "and counters. Two players or teams, or one against the computer."
    ),
)
