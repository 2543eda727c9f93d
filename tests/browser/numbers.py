"""Numbers games set up as a browser test needs them: a chain of real cards, a long review."""

from __future__ import annotations

from play.core import store
from play.editions.numbers.solver import JOKER


def chain_of(state: dict, steps: int) -> tuple[list[dict], int, list[str]]:
    """A chain of ``steps`` real cards from the stock (+ and − alternating), its total and the
    cards used."""
    cards = [c for c in state["stock"] if state["cards"][c][0] != JOKER][:steps]
    chain, total = [], 0
    for number, card in enumerate(cards):
        value = state["cards"][card][0]
        op = "+" if number % 2 == 0 or total < value else "-"
        total = total + value if op == "+" else total - value
        chain.append({"card": card, "value": value, "op": op, "total": total, "seat": number % 2})
    return chain, total, cards


def finished_game_after_a_long_chain(teacher):
    """A finished Numbers game whose review holds five targets, the last reached by a chain of
    38 cards."""
    game = store.create_game(
        user=teacher, edition="numbers", seat_names=["Ada", "Bo"], language="en"
    )
    state = game.state
    history = []
    for number in range(5):
        chain, _total, _used = chain_of(state, 38 if number == 4 else 6)
        history.append(
            {
                "target": 100 + 97 * number,
                "hit": number < 4,
                "chain": chain,
                "hands": [5, 7, 9, 11, 13, 2, 3, 4, 6, 8],
            }
        )
    state.update(history=history, status="lost", reason="hands_empty", hits=4)
    state["gameover"] = {"by": "rules"}
    state["hands"] = [[], []]
    game.state = state
    game.status = "finished"
    game.save()
    return game
