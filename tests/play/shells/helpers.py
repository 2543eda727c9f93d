"""Steps on a Germany round that tests of the shells and of the screens share."""

from __future__ import annotations

from play.core import store
from play.editions.germany.moves import round_state
from play.models import Game


def germany_round_table(game):
    """The Germany game's latest round as its rules see it, read from the database."""
    stored = Game.objects.get(pk=game.pk).state
    return round_state(stored, stored["rounds"][-1])


def tip_until_the_round_is_full(game):
    """Every team that is next puts its first tip card on the next place in turn, until no
    team is next."""
    while True:
        state = germany_round_table(game)
        team = state.next_team()
        if team is None:
            return
        tip = state.available_tips(team)[0]
        place = state.places[len(state.tips) % len(state.places)]
        store.make_move(game, team, "tip", {"place": place, "tip": tip.value})
