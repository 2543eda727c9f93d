"""A tiny edition for testing the core: seats take turns adding 1–3 to a total; each seat holds
a secret number; a roll uses the move's random generator; the first to reach the goal wins."""

from __future__ import annotations

from play.core.engine import (
    BotMove,
    Edition,
    Option,
    RoundClosed,
    RuleViolation,
    Seats,
    TurnOrder,
    Viewer,
    arg_int,
    is_over,
    move,
)


def setup(options, deck, seats, rng):
    return {
        "goal": options["goal"],
        "total": 0,
        "turn": 0,
        "seats": len(seats),
        "secrets": [rng.randint(100_000, 999_999) for _ in seats],
        "rolls": [],
        "paused": False,
    }


@move(args=("step",))
def add(state, seat, args, ctx):
    if state["paused"]:
        raise RoundClosed("paused", "The game is paused.")
    step = arg_int(args, "step", 1, 3)
    if step == 3 and state["total"] == 0:
        raise RuleViolation("no_three_first", "The first step cannot be 3.")
    state["total"] += step
    state["turn"] = (state["turn"] + 1) % state["seats"]
    return state


@move()
def roll(state, seat, args, ctx):
    state["rolls"].append(ctx.rng.randint(1, 6))
    return state


@move(teacher=True)
def pause(state, seat, args, ctx):
    state["paused"] = not state["paused"]
    return state


def view(state, viewer: Viewer):
    data = {k: state[k] for k in ("goal", "total", "turn", "rolls", "paused")}
    data["active_seats"] = [state["turn"]]
    if viewer.role == "seat":
        data["my_secret"] = state["secrets"][viewer.seat]
    return data


def end_if(state):
    return {} if state["total"] >= state["goal"] else None


def result(state):
    if not is_over(state):
        return None
    winner = (state["turn"] - 1) % state["seats"]
    return {"winners": [winner], "ranking": [[1, winner, state["total"]]]}


def bot(state, seat):
    if state["turn"] != seat or state["paused"]:
        return None
    return BotMove("add", {"step": 1 if state["total"] == 0 else 2})


def rows(state):
    return [["goal", "total"], [state["goal"], "=" + str(state["total"])]]


TOY = Edition(
    slug="toy",
    name="Toy",
    seats=Seats(2, 4, "players"),
    setup=setup,
    moves={"add": add, "roll": roll, "pause": pause},
    view=view,
    result=result,
    end_if=end_if,
    # Seats take turns; the core refuses a seat out of turn before the move runs.
    turn=TurnOrder(current=lambda state: state["turn"], moves=frozenset({"add"})),
    options=(Option("goal", "Goal", 10, min=3, max=50),),
    bot=bot,
    rows=rows,
)
