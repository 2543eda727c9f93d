"""The island games of Spot the Match as plain data and functions (no Django).

A match is a sequence of games (1 Welcome, 2 Ports, 3 Longest route, 4 Barbarians, 5 Knights)
until a team has ``points`` points: *beginner* mode repeats one game, *adventure* plays 1 → 5.

Conventions:
- Cards are indexes into the deck (``state["cards"]`` holds each card's symbol indexes,
  ``state["roles"]`` its role: ``island``, ``port`` or a team colour). Screens never see these
  indexes: each game draws fresh opaque references (``state["refs"]``).
- Teams are 0..n-1 with colours orange, blue, red (as the first seats are coloured); seats
  are devices, 0..m-1, each on one team.
  In games 1-3 every seat holds its own pile (a pair splits 8 + 8) and its turned-up card; in
  games 4 and 5 a team has a single card at a time, shared by its seats.
- Phases: ``ready`` (before a game: the previous game's scores are shown), ``play``, ``over``.
- A claim names a symbol and the reference of the card the device saw as target. The first valid
  claim on a card wins; a later one finds the card covered or taken and is ``too_late`` (409).
  A wrong symbol is a logged move: it locks the team until ``ctx.now + lock`` seconds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from play.core.engine import Context, is_digits
from play.core.errors import RoundClosed, RuleViolation, TurnConflict
from play.editions.match.island import SIZE, reachable
from play.editions.match.scoring import game_points, metrics, owned_positions, tops

# The first team plays orange and the second blue, as the first two seats are coloured (and
# named, by default) on every screen: a two-team match shows one colour per team everywhere.
COLOURS = ("orange", "blue", "red")
ROLES = ("island", "port", *COLOURS)
GAMES = (1, 2, 3, 4, 5)
GAME_NAMES = {1: "Welcome", 2: "Ports", 3: "Longest route", 4: "Barbarians", 5: "Knights"}
COUNTS = {"island": SIZE, "port": 6, "blue": 16, "orange": 16, "red": 16}
SOLO_CARDS = 8
# Seats per team. "2-2-1" is the five-player variant: two pairs and a solo player. The rule
# book prefers even teams but allows uneven ones: a solo player facing a pair plays by the
# five-player rules' solo adjustments ("2-1", "2-1-1").
LAYOUTS: dict[str, tuple[int, ...]] = {
    "1-1": (1, 1),
    "2-2": (2, 2),
    "1-1-1": (1, 1, 1),
    "2-2-2": (2, 2, 2),
    "2-2-1": (2, 2, 1),
    "2-1": (2, 1),
    "2-1-1": (2, 1, 1),
}
AUTO_LAYOUT = {2: "1-1", 3: "1-1-1", 4: "2-2", 5: "2-2-1", 6: "2-2-2"}
SWAP_CARDS = 6
EVENTS_KEPT = 8
REF_LENGTH = 8
HEX = "0123456789abcdef"

State = dict[str, Any]


def check_deck(deck: Mapping[str, Any]) -> None:
    """The island deck: card counts per role, and any two cards share exactly one symbol."""
    cards, roles = deck.get("cards"), deck.get("roles")
    if not isinstance(cards, list) or not isinstance(roles, list) or len(cards) != len(roles):
        raise RuleViolation("bad_deck", "A deck needs as many roles as cards.")
    for role, count in COUNTS.items():
        if roles.count(role) != count:
            raise RuleViolation("bad_deck", f"The island deck needs {count} {role} cards.")
    if set(roles) - set(ROLES):
        raise RuleViolation("bad_deck", f"Card roles are {', '.join(ROLES)}.")
    sets = [frozenset(card) for card in cards]
    for i, a in enumerate(sets):
        for b in sets[i + 1 :]:
            if len(a & b) != 1:
                raise RuleViolation("bad_deck", "Two cards of the deck do not share one symbol.")


def layout_for(layout: str, seats: int) -> tuple[int, ...]:
    name = AUTO_LAYOUT.get(seats, "") if layout == "auto" else layout
    sizes = LAYOUTS.get(name)
    if sizes is None or sum(sizes) != seats:
        error = RuleViolation("bad_layout", f"{seats} devices do not fit the team layout {layout}.")
        error.params = {"devices": seats, "layout": layout}  # for the screen's translation
        raise error
    return sizes


def new_match(
    deck: Mapping[str, Any], options: Mapping[str, Any], names: Sequence[str], rng: random.Random
) -> State:
    """The state before the first game: teams, seats and the deck, no cards dealt yet."""
    check_deck(deck)
    sizes = layout_for(options["layout"], len(names))
    # A solo player facing a pair plays by the five-player rules' solo adjustments.
    uneven = 2 in sizes
    teams, seats = [], []
    for team, size in enumerate(sizes):
        ids = list(range(len(seats), len(seats) + size))
        seats.extend(
            {"name": names[i], "team": team, "pile": [], "card": None, "since": 0.0} for i in ids
        )
        teams.append(
            {
                "colour": COLOURS[team],
                "seats": ids,
                "solo": uneven and size == 1,
                "score": 0,
                "pile": [],
                "card": None,
                "collected": 0,
                "round_collected": 0,
                "out": False,
                "locked_until": 0.0,
            }
        )
    symbols = list(deck.get("symbols") or [])
    symbols_en = list(deck.get("symbols_en") or [])
    return {
        "seed": rng.getrandbits(32),
        "options": dict(options),
        "symbols": symbols,
        "symbols_en": symbols_en,
        "cards": [sorted(card) for card in deck["cards"]],
        "roles": list(deck["roles"]),
        "teams": teams,
        "seats": seats,
        "phase": "ready",
        "game": first_game(options),
        "played": 0,
        "round": 0,
        "island": [[] for _ in range(SIZE)],
        "ports": [],
        "refs": [],
        "history": [],
        "events": [],
        "moves": 0,
    }


def first_game(options: Mapping[str, Any]) -> int:
    return int(options["game"]) if options["mode"] == "beginner" else 1


def next_game(state: State) -> int:
    if state["options"]["mode"] == "beginner":
        return state["game"]
    return min(state["game"] + 1, 5)


def colour_cards(state: State, colour: str) -> list[int]:
    return [card for card, role in enumerate(state["roles"]) if role == colour]


def start(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """Deal the upcoming game (a seat's device or the teacher presses Start)."""
    if state["phase"] != "ready":
        raise RoundClosed("not_ready", "A game is already running.")
    state["moves"] += 1
    deal(state, ctx.rng)
    looking(state, range(len(state["seats"])), ctx.now)
    return state


def looking(state: State, seats: Sequence[int] | range, now: float) -> None:
    """These seats look at a new card of their own from ``now``: a computer seat's reaction time
    runs from here, not from the last claim of anyone (people claiming faster than the computer
    reacts would keep it from ever claiming)."""
    for seat in seats:
        state["seats"][seat]["since"] = now


def deal(state: State, rng: random.Random) -> None:
    """Lay out the island (and ports) and give every team and seat its cards for the game."""
    game, roles = state["game"], state["roles"]
    state["refs"] = [f"{value:08x}" for value in rng.sample(range(2**32), len(roles))]
    islands = [card for card, role in enumerate(roles) if role == "island"]
    rng.shuffle(islands)
    state["island"] = [[card] for card in islands] if game != 5 else [[] for _ in range(SIZE)]
    ports = [card for card, role in enumerate(roles) if role == "port"]
    rng.shuffle(ports)
    state["ports"] = ports if game == 2 else []
    piles = []
    for team in state["teams"]:
        own = colour_cards(state, team["colour"])
        rng.shuffle(own)
        if game <= 3 and team["solo"]:
            own = own[:SOLO_CARDS]
        piles.append(own)
        team.update(pile=[], card=None, collected=0, round_collected=0, out=False, locked_until=0.0)
    for seat in state["seats"]:
        seat.update(pile=[], card=None)
    if game == 3:
        piles = swap(state["teams"], piles, rng)
    for team, pile in zip(state["teams"], piles, strict=True):
        if game <= 3:
            share = len(pile) // len(team["seats"])
            for k, seat in enumerate(team["seats"]):
                mine = pile[k * share : (k + 1) * share]
                state["seats"][seat].update(pile=mine[:-1], card=mine[-1])
        elif game == 4:
            team["card"] = pile[-1]
        else:
            team["pile"] = pile
    state["round"] = 0
    if game == 5:
        knights_round(state, rng)
    state["phase"] = "play"
    state["events"] = []


def swap(teams: Sequence[dict], piles: list[list[int]], rng: random.Random) -> list[list[int]]:
    """Game 3: every team gives 6 cards shared evenly among the others (five players: the solo
    gives and receives one per pair, the pairs swap 3), then shuffles what it received in."""
    count = len(teams)
    received: list[list[int]] = [[] for _ in teams]
    kept = []
    for giver, pile in enumerate(piles):
        pile = list(pile)
        for taker in range(count):
            if taker == giver:
                continue
            if teams[giver]["solo"] or teams[taker]["solo"]:
                amount = 1
            elif any(team["solo"] for team in teams):
                amount = 3
            else:
                amount = SWAP_CARDS // (count - 1)
            received[taker].extend(pile[:amount])
            pile = pile[amount:]
        kept.append(pile)
    result = []
    for pile, extra in zip(kept, received, strict=True):
        pile = pile + extra
        rng.shuffle(pile)
        result.append(pile)
    return result


def knights_round(state: State, rng: random.Random) -> None:
    """Game 5: every team turns up its next card into the middle (a spent pile is reshuffled)."""
    state["round"] += 1
    for team in state["teams"]:
        if not team["pile"]:
            team["pile"] = colour_cards(state, team["colour"])
            rng.shuffle(team["pile"])
        team["card"] = team["pile"].pop()
        team["out"] = False


def own_card(state: State, seat: int) -> int | None:
    """The card this seat plays with: its own turned-up card, or its team's (games 4, 5)."""
    if state["game"] <= 3:
        return state["seats"][seat]["card"]
    team = state["teams"][state["seats"][seat]["team"]]
    return None if team["out"] else team["card"]


def targets(state: State, seat: int) -> list[int]:
    """The cards this seat may claim now (as card indexes), in a stable order."""
    if state["phase"] != "play" or own_card(state, seat) is None:
        return []
    team = state["seats"][seat]["team"]
    if state["game"] == 5:
        return [
            other["card"]
            for number, other in enumerate(state["teams"])
            if number != team and not other["out"]
        ]
    visible = tops(state["island"])
    spots = range(SIZE)
    if state["game"] == 2:
        colour = state["teams"][team]["colour"]
        spots = sorted(reachable(owned_positions(state["island"], state["roles"], colour)))
    return [visible[spot] for spot in spots if visible[spot] is not None]


def shared_symbol(state: State, a: int, b: int) -> int:
    (symbol,) = set(state["cards"][a]) & set(state["cards"][b])
    return symbol


def claim(state: State, seat: int | None, args: dict, ctx: Context) -> State:
    """Play (games 1-3), take (4) or collect (5) the target card by naming the shared symbol."""
    if seat is None:
        raise RuleViolation("seat_only", "Only a team's device can claim a card.")
    if state["phase"] != "play":
        raise RoundClosed("not_playing", "No game is running right now.")
    symbol = args.get("symbol")
    if (
        isinstance(symbol, bool)
        or not isinstance(symbol, int | str)
        or not is_digits(str(symbol))
        or len(str(symbol)) > 4
    ):
        raise RuleViolation("bad_args", "symbol must be a symbol's number.")
    symbol = int(symbol)
    if symbol > max(max(card) for card in state["cards"]):
        raise RuleViolation("bad_args", "symbol must be a symbol's number.")
    ref = args.get("target")
    if not isinstance(ref, str) or len(ref) != REF_LENGTH or ref.strip(HEX):
        raise RuleViolation("bad_target", "target must be a card's reference.")
    by_ref = {seen: card for card, seen in enumerate(state["refs"])}
    target = by_ref.get(ref)
    if target is None:  # a card of the previous game, seen just before the next was dealt
        raise TurnConflict("too_late", "Too late: that card is no longer in play.")
    number = state["seats"][seat]["team"]
    team = state["teams"][number]
    if team["locked_until"] > ctx.now:
        raise TurnConflict("locked", "Your team is locked for a moment after a wrong claim.")
    card = own_card(state, seat)
    if card is None:
        if state["game"] == 5:
            raise RoundClosed("out", "Your knight is out for this round.")
        raise RoundClosed("no_card", "You have no card left to play.")
    if "card" in args and args["card"] != state["refs"][card]:
        raise TurnConflict("stale", "Your card has changed: look again.")
    if target == card:
        raise RuleViolation("own_card", "That is your own card.")
    if state["roles"][target] == "port":
        raise RuleViolation("port", "Ports are never covered.")
    if target not in targets(state, seat):
        if state["game"] == 2 and target in tops(state["island"]):
            raise TurnConflict("not_reachable", "Play on or next to your visible cards.")
        raise TurnConflict("too_late", "Too late: another team was faster.")
    state["moves"] += 1
    if symbol not in state["cards"][card] or symbol not in state["cards"][target]:
        team["locked_until"] = ctx.now + state["options"]["lock"]
        note(state, {"team": number, "seat": seat, "kind": "wrong", "symbol": symbol}, ctx)
        return state
    # The claiming seat (its whole team, where the team shares one card) looks afresh.
    looking(state, [seat] if state["game"] <= 3 else team["seats"], ctx.now)
    if state["game"] == 5:
        return collect(state, number, target, symbol, ctx)
    spot = tops(state["island"]).index(target)
    kind = "take" if state["game"] == 4 else "cover"
    note(state, {"team": number, "seat": seat, "kind": kind, "symbol": symbol, "spot": spot}, ctx)
    if state["game"] == 4:
        state["island"][spot] = []
        team["collected"] += 1
        if not any(state["island"]):
            end_game(state, finisher=None)
        return state
    state["island"][spot].append(card)
    mine = state["seats"][seat]
    mine["card"] = mine["pile"].pop() if mine["pile"] else None
    if all(state["seats"][other]["card"] is None for other in team["seats"]):
        end_game(state, finisher=number)
    return state


def collect(state: State, number: int, target: int, symbol: int, ctx: Context) -> State:
    """Knights: the claiming team collects the target card; its team is out for this round.

    Points are added only at the end of the round (one team left), 1 per card collected in it:
    with three teams the second elimination still happens when a team reached the points to win
    with the first, so two teams may reach them together and share the win."""
    team = state["teams"][number]
    victim = next(i for i, other in enumerate(state["teams"]) if other["card"] == target)
    state["teams"][victim]["out"] = True
    team["collected"] += 1
    team["round_collected"] = team.get("round_collected", 0) + 1
    note(state, {"team": number, "kind": "collect", "symbol": symbol, "victim": victim}, ctx)
    if sum(1 for other in state["teams"] if not other["out"]) == 1:
        end_knights_round(state, ctx.rng)
        looking(state, range(len(state["seats"])), ctx.now)  # every team turns up a new knight
    return state


def end_knights_round(state: State, rng: random.Random) -> None:
    """Score the round's collected cards; the game ends once a team has the points to win."""
    for team in state["teams"]:
        team["score"] += team.get("round_collected", 0)
        team["round_collected"] = 0
    if max(team["score"] for team in state["teams"]) >= state["options"]["points"]:
        # The entry records the game's collected cards (its points) for the score table.
        collected = [other["collected"] for other in state["teams"]]
        finish(state, 5, collected, collected)
    else:
        knights_round(state, rng)


def end_game(state: State, finisher: int | None) -> None:
    """Score games 1-4 and move on to the next game or the end of the match."""
    game = state["game"]
    measures = metrics(game, state["island"], state["roles"], state["teams"])
    points = game_points(measures, finisher)
    for team, gained in zip(state["teams"], points, strict=True):
        team["score"] += gained
    finish(state, game, points, measures, finisher)


def finish(
    state: State, game: int, points: list[int], measures: list[int], finisher: int | None = None
) -> None:
    state["history"].append(
        {"game": game, "points": points, "measures": measures, "finisher": finisher}
    )
    state["played"] += 1
    best = max(team["score"] for team in state["teams"])
    if best >= state["options"]["points"]:
        state["phase"] = "over"
    else:
        state["phase"] = "ready"
        state["game"] = next_game(state)


def note(state: State, event: dict, ctx: Context) -> None:
    event["at"] = ctx.now
    state["events"] = [*state["events"], event][-EVENTS_KEPT:]


def standings(state: State) -> list[int]:
    return [team["score"] for team in state["teams"]]
