"""Whole world games through the service layer: end conditions, colour bonus, tokens, CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from play import world
from play.models import WorldCard
from play.services import create_game
from play.state import game_data

pytestmark = pytest.mark.django_db


def _game(teacher, deck, teams=3, **options):
    names = ["Adler", "Bären", "Dachse", "Elche"][:teams]
    opts = {"track_length": 10, **options}
    return create_game(user=teacher, edition="world", deck=deck, team_names=names, options=opts)


def _round(game, *, right=(), exchange=(), place=None):
    """Play a round: teams in ``right`` guess their card fully right, the others wrongly."""
    rnd = world.start_round(game)
    if place is not None:
        rnd.state["positions"] = rnd.state["start"] = place
        rnd.state["order"] = world.rules.play_order(place, game.starting_team)
        rnd.save()
    teams = {t.index: t for t in game.teams.all()}
    while rnd.state["phase"] == world.CHOOSING:
        nxt = next(t for t in rnd.state["order"] if str(t) not in rnd.state["chosen"])
        world.choose(game, teams[nxt], rnd.world_cards.filter(status="table").first().pk)
        rnd.refresh_from_db()
    while rnd.state["phase"] == world.EXCHANGING:
        nxt = next(t for t in rnd.state["order"] if str(t) not in rnd.state["exchanges"])
        world.exchange(game, teams[nxt], nxt in exchange)
        rnd.refresh_from_db()
    for index, team in teams.items():
        card = rnd.world_cards.get(team=team, status="held")
        solution = world.card_facts(card).solutions[0]
        wrong = "AU" if not solution.startswith("AU") else "EU"
        world.set_guess(game, team, solution if index in right else wrong, lock=True)
    world.close_guessing(game)
    world.evaluate(game, every=True)
    rnd.refresh_from_db()
    game.refresh_from_db()
    return rnd


def test_the_round_is_finished_then_the_colour_bonus_decides(teacher, world_big):
    game = _game(teacher, world_big)
    rnd = _round(game, right=(0, 1), place=[8, 9, None])
    assert game.status == "finished"
    before = rnd.state["before_bonus"]
    assert before[0] is not None and before[0] > 10  # reached the final spaces
    kept = world.kept_colours(game)
    assert sum(kept[0].values()) + sum(kept[1].values()) >= 1
    assert rnd.state["bonus"], "someone kept a card, so someone gets a bonus"
    for move in rnd.state["bonus"]:
        assert move["steps"] in (2, 5)
    data = game_data(game)
    assert data["winners"] == world.rules.world_winners(rnd.state["positions"])
    assert data["ranking"][0]["rank"] == 1


def test_the_game_goes_on_below_the_final_spaces(teacher, world_big):
    game = _game(teacher, world_big)
    _round(game, right=(0,), place=[2, 4, None])
    assert game.status == "active"


def test_the_longer_game_ends_on_the_final_space_numbered_with_the_teams(teacher, world_big):
    game = _game(teacher, world_big, longer_game=True)
    assert world.rules.end_position(world.track_for(game), 3, True) == 13
    _round(game, right=(0,), place=[8, 1, None])  # 8 → 12: final space 2, not yet 3
    assert game.status == "active"
    _round(game, right=(0,))  # 12 → 16 (capped at the last final space)
    assert game.status == "finished"


def test_exchange_tokens_last_the_whole_game(teacher, world_big):
    game = _game(teacher, world_big, teams=2)
    _round(game, exchange=(0,))
    assert game_data(game)["teams"][0]["exchanges_left"] == 1
    _round(game, exchange=(0,))
    assert game_data(game)["teams"][0]["exchanges_left"] == 0
    rnd = _round(game)  # team 0 is no longer asked
    assert rnd.state["exchanges"]["0"] is False
    exchanged = WorldCard.objects.filter(game=game, status="exchanged")
    assert exchanged.count() == 2 and all(c.team.index == 0 for c in exchanged)


def test_ending_after_a_round_counts_the_bonus_and_exports_it(teacher, world_big):
    game = _game(teacher, world_big)
    _round(game, right=(0, 1, 2))
    world.end_game(game)
    game.refresh_from_db()
    assert game.status == "finished"
    rnd = world.current_round(game)
    assert rnd.state["bonus"]
    client = Client(headers={"accept-language": "en"})
    client.force_login(teacher)
    rows = list(csv.reader(io.StringIO(client.get(f"/play/host/{game.code}/results.csv").text)))
    labels = [r[0] for r in rows]
    assert labels.count("1") == 3 and "Colour bonus" in labels
    assert labels[-3:] == ["Final"] * 3
    page = client.get(f"/play/host/{game.code}/").content.decode()
    assert 'class="bonus"' in page and "winner" in page


def test_the_pages_speak_german(teacher, world_big):
    game = _game(teacher, world_big)
    world.start_round(game)
    client = Client(headers={"accept-language": "de"})
    client.force_login(teacher)
    page = client.get(f"/play/host/{game.code}/").content.decode()
    assert "Karte wählen:" in page and "Startbereich" in page
