"""Spot On: Germany on top of the game rows: lay out places, play tips, reveal.

Each move locks the game row, rebuilds the pure ``RoundState`` from the rows, asks the rules, and
writes the result; the unique constraints on ``PlayedTip`` are a second line of defence.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.db import IntegrityError
from django.utils import timezone

from cards.models import DeckCard, Place
from geo.grid import germany_grid
from play.editions.germany import rules
from play.models import Game, PlayedTip, Round, RoundPlace, Status, Team
from play.rules_common import RoundClosed, RuleViolation
from play.services import locked_game


def round_state(rnd: Round, teams: int) -> rules.RoundState:
    places = [rp.place_id for rp in rnd.places.all()]
    tips = [
        rules.Tip(team=t.team.index, place_id=t.place_id, tip=rules.TipCard(t.tip), order=t.order)
        for t in rnd.tips.select_related("team")
    ]
    return rules.RoundState(
        teams=teams,
        starting_team=rnd.starting_team,
        places=places,
        tips=tips,
        revealed=rnd.revealed,
    )


def place_facts(place: Place) -> rules.PlaceFacts:
    ns, we = germany_grid(place.latitude, place.longitude)
    return rules.PlaceFacts(place.pk, ns, we, place.population or 0)


def _team_count(game: Game) -> int:
    return game.teams.count()


def used_place_ids(game: Game) -> set[int]:
    return set(RoundPlace.objects.filter(round__game=game).values_list("place_id", flat=True))


def available_place_ids(game: Game) -> list[int]:
    """Deck places not yet laid out in this game."""
    used = used_place_ids(game)
    deck_places = DeckCard.objects.filter(deck=game.deck).values_list("place_id", flat=True)
    return sorted(set(deck_places) - used)


def start_round(game: Game, place_ids: Sequence[int] | None = None) -> Round:
    """Lay out the next round's places (drawn at random unless given)."""
    with locked_game(game.pk) as locked:
        teams = _team_count(locked)
        last = locked.rounds.order_by("-number").first()
        if last is not None and not last.revealed:
            raise RoundClosed("round_open", "Reveal the current round before starting a new one.")
        number = (last.number if last else 0) + 1
        if number > rules.rounds_for(teams):
            raise RoundClosed("no_rounds_left", "Every round of this game has been played.")
        free = available_place_ids(locked)
        if place_ids is None:
            needed = rules.places_for(teams)
            if len(free) < needed:
                raise RoundClosed("deck_exhausted", "The deck has too few unused places left.")
            place_ids = random.sample(free, needed)
        else:
            if not all(isinstance(p, int) and not isinstance(p, bool) for p in place_ids):
                raise RuleViolation("place_ids", "Places are given by their numeric ids.")
            rules.check_new_places(teams, list(place_ids), used_place_ids(locked))
            outside = sorted(set(place_ids) - set(free))
            if outside:
                raise RuleViolation("place_not_in_deck", f"Not in this game's deck: {outside}.")
        rnd = Round.objects.create(
            game=locked,
            number=number,
            starting_team=rules.starting_team_for_round(locked.starting_team, number - 1, teams),
        )
        RoundPlace.objects.bulk_create(
            RoundPlace(round=rnd, place_id=pid, position=i) for i, pid in enumerate(place_ids)
        )
    return rnd


def play_tip(game: Game, team: Team, place_id: int, tip: str) -> tuple[PlayedTip, bool]:
    """Record a tip; returns ``(tip, created)``. Repeating the last identical tip is harmless."""
    with locked_game(game.pk) as locked:
        rnd = locked.rounds.order_by("-number").first()
        if rnd is None:
            raise RoundClosed("no_round", "No round has been laid out yet.")
        if team.game_id != locked.pk:
            raise RuleViolation("unknown_team", "That team does not play in this game.")
        existing = rnd.tips.filter(team=team, place_id=place_id, tip=tip).first()
        if existing is not None:
            locked.unchanged = True  # a double tap: nothing to tell the other screens
            return existing, False
        state = round_state(rnd, _team_count(locked))
        new = state.play(team.index, place_id, tip)
        try:
            played = PlayedTip.objects.create(
                round=rnd,
                team=team,
                place_id=place_id,
                tip=new.tip.value,
                card=rules.physical_card(new.tip),
                order=new.order,
            )
        except IntegrityError:
            # Only reachable if the lock were bypassed; the constraint still keeps one winner.
            raise RoundClosed(
                "not_your_turn", "Another tip was placed at the same moment."
            ) from None
    return played, True


def reveal(game: Game) -> Round:
    """Turn the cards over and score the round; the last round ends the game."""
    with locked_game(game.pk) as locked:
        rnd = locked.rounds.order_by("-number").first()
        if rnd is None:
            raise RoundClosed("no_round", "No round has been laid out yet.")
        teams = _team_count(locked)
        state = round_state(rnd, teams)
        state.check_reveal()
        facts = [place_facts(rp.place) for rp in rnd.places.select_related("place")]
        result = rules.score_round(facts, state.tips, teams)
        by_order = {s.tip.order: s for s in result.scored_tips()}
        tips = list(rnd.tips.all())
        for played in tips:
            scored = by_order[played.order]
            played.correct, played.row, played.points = scored.correct, scored.row, scored.points
        PlayedTip.objects.bulk_update(tips, ["correct", "row", "points"])
        rnd.revealed = True
        rnd.save(update_fields=["revealed"])
        if rnd.number >= rules.rounds_for(teams):
            locked.status = Status.FINISHED
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "finished_at"])
    return rnd
