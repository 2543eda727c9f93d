"""The edition ``match``: the five island games, teams racing on their own devices."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from play.core.engine import BotMove, Edition, Option, Seats, Viewer
from play.core.errors import RuleViolation
from play.core.ranking import final_ranking
from play.editions.match import rules
from play.editions.match.bots import bot_claim
from play.editions.match.deck import deck_data
from play.editions.match.faces import layout
from play.editions.match.island import CARD_HEIGHT, CARD_WIDTH, PORT_XY, PORTS, SPOT_XY
from play.editions.match.rules import GAME_NAMES, State

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
        ),
        help=_("A device is a seat; a pair shares its 16 cards over two devices (8 + 8)."),
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
    Option("game", _("Beginner's game (1–5)"), 1, min=1, max=5),
    Option("points", _("Points to win"), 10, min=1, max=30),
    Option("lock", _("Lock after a wrong claim (seconds)"), 2, min=0, max=10),
    Option("reaction", _("Computer reaction time (seconds)"), 5, min=1, max=30),
)


def check_options(options: dict[str, Any], seats: int) -> None:
    rules.layout_for(options["layout"], seats)


def island_deck() -> dict[str, Any]:
    """The built-in island deck: the plane of order 8 with the island symbols (German and
    English names), built by the card database's pure modules."""
    try:
        from cards.matchdeck import deck_from_symbols, island_symbols
    except ImportError:  # a checkout without symbol decks
        raise RuleViolation("no_deck", "The island games need the island deck.") from None
    deck = deck_from_symbols("Island", 8, island_symbols(), seed=1)
    names = {symbol.index: symbol for symbol in deck.symbols}
    return deck_data(
        {
            "symbols": list(card.symbols),
            "role": card.role,
            "colour": card.colour,
            "names": [names[s].display_name("de") for s in card.symbols],
            "names_en": [names[s].display_name("en") for s in card.symbols],
        }
        for card in deck.cards
    )


def setup(
    options: dict[str, Any], deck: list[dict] | None, names: list[str], rng: random.Random
) -> State:
    data = deck_data(deck) if deck is not None else island_deck()
    return rules.new_match(data, options, names, rng)


def _names(state: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deck's symbol names (and English names) as tuples, made once per view."""
    return tuple(state["symbols"]), tuple(state.get("symbols_en") or ())


def _card(state: State, card: int | None, names: tuple | None = None) -> dict[str, Any] | None:
    """A visible card: its reference, its symbols and where they sit on its face."""
    if card is None:
        return None
    ref, symbols = state["refs"][card], state["cards"][card]
    face = layout(symbols, ref, *(names or _names(state)))
    return {"ref": ref, "symbols": symbols, "face": face}


def _left(state: State, team: dict) -> int:
    if state["phase"] != "play":
        return 0
    if state["game"] <= 3:
        seats = [state["seats"][seat] for seat in team["seats"]]
        return sum(len(seat["pile"]) + (seat["card"] is not None) for seat in seats)
    if state["game"] == 4:
        return 1
    return len(team["pile"]) + (not team["out"])


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """Public: the island's visible cards, ports, the middle, scores and counts; a seat adds its
    own turned-up card and what it may claim. Face-down piles appear only as counts."""
    game, playing = state["game"], state["phase"] == "play"
    names = _names(state)
    island = []
    if game != 5:
        for spot, stack in enumerate(state["island"]):
            top = _card(state, stack[-1], names) if stack else None
            if top is not None:
                top.update(role=state["roles"][stack[-1]], height=len(stack))
            x, y = SPOT_XY[spot]
            island.append({"spot": spot, "x": x, "y": y, "card": top})
    teams = [
        {
            "colour": team["colour"],
            "score": team["score"],
            "solo": team["solo"],
            "seats": [
                {
                    "seat": seat,
                    "name": state["seats"][seat]["name"],
                    "left": len(state["seats"][seat]["pile"])
                    + (state["seats"][seat]["card"] is not None)
                    if playing and game <= 3
                    else 0,
                }
                for seat in team["seats"]
            ],
            "left": _left(state, team),
            "collected": team["collected"],
            "games": [entry["points"][number] for entry in state["history"]],
            "out": team["out"],
            "locked_until": team["locked_until"],
        }
        for number, team in enumerate(state["teams"])
    ]
    shown: dict[str, Any] = {
        "phase": state["phase"],
        "game": game,
        "game_name": GAME_NAMES[game],
        "mode": state["options"]["mode"],
        "points": state["options"]["points"],
        "lock": state["options"]["lock"],
        "played": state["played"],
        "round": state["round"],
        "symbols": state["symbols"],
        "teams": teams,
        "island": island,
        "ports": [
            {
                "symbols": state["cards"][card],
                "role": "port",
                "face": layout(state["cards"][card], f"{k:08x}", *names),
                "touches": list(PORTS[k]),
                "x": PORT_XY[k][0],
                "y": PORT_XY[k][1],
            }
            for k, card in enumerate(state["ports"])
        ],
        "card_size": [CARD_WIDTH, CARD_HEIGHT],
        "middle": [
            dict(
                _card(state, team["card"], names), team=number, role=team["colour"], out=team["out"]
            )
            for number, team in enumerate(state["teams"])
            if game == 5 and team["card"] is not None
        ],
        "history": state["history"],
        "events": state["events"],
        "result": result(state),
    }
    if viewer.role == "seat" and viewer.seat is not None:
        seat = state["seats"][viewer.seat]
        team = state["teams"][seat["team"]]
        card = rules.own_card(state, viewer.seat) if playing else None
        shown["me"] = {
            "seat": viewer.seat,
            "team": seat["team"],
            "colour": team["colour"],
            "card": None
            if card is None
            else dict(_card(state, card, names), role=state["roles"][card]),
            "pile": len(seat["pile"]) if game <= 3 else len(team["pile"]),
            "targets": [state["refs"][c] for c in rules.targets(state, viewer.seat)],
            "locked_until": team["locked_until"],
        }
    return shown


def result(state: State) -> dict[str, Any] | None:
    if state["phase"] != "over":
        return None
    ranked = final_ranking(rules.standings(state))
    rank_of = {team: rank for rank, team, _score in ranked}
    seats = sorted(
        range(len(state["seats"])), key=lambda s: (rank_of[state["seats"][s]["team"]], s)
    )
    return {
        "winners": [s for s in seats if rank_of[state["seats"][s]["team"]] == 1],
        "ranking": [
            [
                rank_of[state["seats"][s]["team"]],
                s,
                state["teams"][state["seats"][s]["team"]]["score"],
            ]
            for s in seats
        ],
        "teams": [[rank, state["teams"][team]["colour"], score] for rank, team, score in ranked],
    }


def bot(state: State, seat: int) -> BotMove | None:
    chosen = bot_claim(state, seat, state["options"]["reaction"])
    if chosen is None:
        return None
    args, delay = chosen
    return BotMove("claim", args, delay)


def rows(state: State) -> list[list[Any]]:
    played = [f"game {entry['game']}: {GAME_NAMES[entry['game']]}" for entry in state["history"]]
    out: list[list[Any]] = [["seat", "name", "team", "score", *played]]
    for number, seat in enumerate(state["seats"]):
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
    "bad_layout": _("That many devices do not fit this team layout."),
}

EDITION = Edition(
    slug="match",
    name=_("Match: the island games"),
    seats=Seats(min=2, max=6, kind="players"),
    setup=setup,
    moves={"start": rules.start, "claim": rules.claim},
    view=view,
    result=result,
    options=OPTIONS,
    check_options=check_options,
    bot=bot,
    rows=rows,
    description=_(
        "Teams race to spot the one symbol two round cards share: five island games to 10 points."
    ),
    messages=MESSAGES,
    devices_only=True,  # teams race at the same moment: one screen cannot take turns
)
