"""What clients may see of a world game, as plain data for the API and the templates alike.

A card shows its task side (name and colour) until it is evaluated; only then does ``back``
(board, solutions) appear. Guesses of other teams stay hidden while the guessing is open (the
projector is public); the no-leak tests scan every response built from here.
"""

from __future__ import annotations

from typing import Any

from geo.boards import BOARDS, describe_solution
from play import world
from play.editions.world import rules
from play.models import Game, Team, WorldGuess


def _back(solutions: list[str], language: str) -> dict[str, Any]:
    """The solution side as it was read out at the evaluation."""
    board = solutions[0].split("-")[0] if solutions else None
    return {
        "board": board,
        "board_name": BOARDS[board].name(language) if board else None,
        "solutions": list(solutions),
        "described": [describe_solution(s, language) for s in solutions],
    }


def round_data(game: Game, rnd, teams: list[Team], *, viewer: Team | None = None) -> dict[str, Any]:
    state = rnd.state
    phase = state.get("phase")
    by_index = {t.index: t for t in teams}
    by_pk = {t.pk: t for t in teams}
    evaluations = list(state.get("evaluations", []))
    evaluated_cards = {e["card"]: e for e in evaluations}
    cards = []
    for card in rnd.world_cards.select_related("place").order_by("slot"):
        owner = by_pk.get(card.team_id)
        item: dict[str, Any] = {
            "id": card.pk,
            "name": card.place.display_name(game.language),
            "colour": card.colour,
            "status": card.status,
            "team": owner.index if owner else None,
            "team_id": card.team_id,
            "evaluated": card.pk in evaluated_cards,
        }
        if card.pk in evaluated_cards:
            item["back"] = _back(evaluated_cards[card.pk]["solutions"], game.language)
        cards.append(item)
    open_guessing = phase == world.GUESSING
    guesses = {g.team_id: g for g in rnd.world_guesses.all()}
    guess_rows = []
    for team in teams:
        g = guesses.get(team.pk)
        visible = not open_guessing or (viewer is not None and viewer.pk == team.pk)
        guess_rows.append(
            {
                "team": team.index,
                "team_id": team.pk,
                "placed": g is not None,
                "locked": bool(g and g.locked),
                "guess": g.guess if g is not None and visible else None,
            }
        )
    next_team = None
    if phase == world.CHOOSING:
        chosen = {int(t) for t in state.get("chosen", {})}
        next_team = next((t for t in state["order"] if t not in chosen), None)
    elif phase == world.EXCHANGING:
        decided = {int(t) for t in state.get("exchanges", {})}
        next_team = next((t for t in state["order"] if t not in decided), None)
    elif phase == world.EVALUATING:
        done = {e["team"] for e in evaluations}
        next_team = next((t for t in state["order"] if t not in done), None)
    for e in evaluations:
        e["team_id"] = by_index[e["team"]].pk
    data: dict[str, Any] = {
        "number": rnd.number,
        "phase": phase,
        "order": list(state["order"]),
        "next_team": next_team,
        "next_team_id": by_index[next_team].pk if next_team is not None else None,
        "cards": cards,
        "guesses": guess_rows,
        "all_locked": all(g["locked"] for g in guess_rows),
        "exchanges": {int(t): d for t, d in state.get("exchanges", {}).items()},
        "evaluations": evaluations,
        "start": list(state.get("start", [])),
        "positions": list(state.get("positions", [])),
        "revealed": phase == world.DONE,
    }
    if "bonus" in state:
        data["bonus"] = list(state["bonus"])
        data["before_bonus"] = list(state["before_bonus"])
    return data


def build(game: Game) -> dict[str, Any]:
    """The public view (the projector's); ``with_own_guess`` adds a team's own stones."""
    teams = list(game.teams.all())
    rnd = world.current_round(game)
    now = world.positions(game, rnd)
    track = world.track_for(game)
    used = world.exchanges_used(game)
    kept = world.kept_colours(game)
    data: dict[str, Any] = {
        "id": game.pk,
        "code": game.code,
        "edition": game.edition,
        "deck": game.deck.slug,
        "status": game.status,
        "mode": game.mode,
        "language": game.language,
        "version": game.version,
        "starting_team": game.starting_team,
        "youngest_team": game.starting_team,
        "track": {
            "length": track.length,
            "final_spaces": track.final_spaces,
            "longer_game": world.longer_game(game),
            "end": rules.end_position(track, len(teams), world.longer_game(game)),
        },
        "teams": [
            dict(
                _team(t),
                position=now[t.index],
                exchanges_left=rules.MAX_EXCHANGES - used.get(t.index, 0),
                kept={str(c): n for c, n in kept[t.index].items()},
            )
            for t in teams
        ],
        "round": round_data(game, rnd, teams) if rnd else None,
    }
    if game.is_finished:
        data["ranking"] = [{"rank": r, "team": i, "position": p} for r, i, p in rules.ranking(now)]
        data["winners"] = rules.world_winners(now)
    return data


def with_own_guess(data: dict[str, Any], game: Game, viewer: Team) -> dict[str, Any]:
    """A team's view: the public ``data`` plus its own stones while the guessing is open (six
    phones share one build per version; the own guess costs one small query)."""
    rnd = data["round"]
    if rnd and rnd["phase"] == world.GUESSING:
        own = WorldGuess.objects.filter(
            round__game=game, round__number=rnd["number"], team_id=viewer.pk
        ).values_list("guess", flat=True)
        for row in rnd["guesses"]:
            if row["team_id"] == viewer.pk:
                row["guess"] = own.first()
    return data


def _team(team: Team) -> dict[str, Any]:
    from play.state import team_data  # state imports this module

    return team_data(team)
