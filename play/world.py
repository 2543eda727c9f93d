"""Spot On: The World on top of the game rows: lay out, choose, exchange, guess, evaluate.

Each move locks the game row (``locked_game``), rebuilds the pure rules objects from the round's
``state`` JSON and the card and guess rows, asks the rules, and writes the result back. The
round's ``state`` holds its phase, its order, choices, exchange decisions, the pawn positions
and, once cards are turned over, their evaluations (the only place solutions are stored).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from django.conf import settings
from django.utils import timezone

from cards.models import DeckCard, Edition
from play.editions.world import rules
from play.models import Game, Round, Status, Team, WorldCard, WorldCardStatus, WorldGuess
from play.rules_common import RoundClosed, RuleViolation
from play.services import locked_game

CHOOSING, EXCHANGING, GUESSING, EVALUATING, DONE = (
    "choosing",
    "exchanging",
    "guessing",
    "evaluating",
    "done",
)
PHASES = (CHOOSING, EXCHANGING, GUESSING, EVALUATING, DONE)
EXCHANGE_SLOT = 100  # cards brought in by an exchange sit after the laid-out ones
TRACK_MAX = 200


# --- settings ---------------------------------------------------------------------------------


def clean_options(teams: int, options: Any) -> dict[str, Any]:
    """A world game's options: ``track_length`` (default from the settings) and ``longer_game``
    (the longer variant, 3+ teams). Raises ``RuleViolation`` for bad values."""
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise RuleViolation("options", "Options are a JSON object.")
    length = options.get("track_length", settings.WORLD_TRACK_LENGTH)
    if isinstance(length, bool) or not isinstance(length, int) or not 10 <= length <= TRACK_MAX:
        raise RuleViolation("track_length", f"The track has 10 to {TRACK_MAX} spaces.")
    longer = options.get("longer_game", False)
    if not isinstance(longer, bool):
        raise RuleViolation("longer_game", "longer_game is true or false.")
    if longer and teams < 3:
        raise RuleViolation("variant_needs_three", "The longer game needs 3 or more teams.")
    return {
        "track_length": length,
        "final_spaces": settings.WORLD_FINAL_SPACES,
        "longer_game": longer,
    }


def track_for(game: Game) -> rules.Track:
    options = game.options or {}
    return rules.Track(
        length=options.get("track_length", settings.WORLD_TRACK_LENGTH),
        final_spaces=options.get("final_spaces", settings.WORLD_FINAL_SPACES),
    )


def longer_game(game: Game) -> bool:
    return bool((game.options or {}).get("longer_game"))


# --- reading the rows -------------------------------------------------------------------------


def _check_world(game: Game) -> None:
    if game.edition != Edition.WORLD:
        raise RuleViolation("wrong_edition", "That move belongs to a world game.")


def current_round(game: Game) -> Round | None:
    return game.rounds.order_by("-number").first()


def positions(game: Game, rnd: Round | None = None) -> list[rules.Position]:
    """Pawn positions by team index: the latest round's, or everyone in the start area."""
    rnd = rnd if rnd is not None else current_round(game)
    if rnd is not None and "positions" in rnd.state:
        return list(rnd.state["positions"])
    return [None] * game.teams.count()


def _open_round(game: Game, *phases: str) -> Round:
    rnd = current_round(game)
    if rnd is None:
        raise RoundClosed("no_round", "No round has been laid out yet.")
    if rnd.state.get("phase") not in phases:
        raise RoundClosed(
            "wrong_phase", f"The round is {rnd.state.get('phase')}, not {' or '.join(phases)}."
        )
    return rnd


def _team_index(game: Game, team: Team) -> int:
    if team.game_id != game.pk:
        raise RuleViolation("unknown_team", "That team does not play in this game.")
    return team.index


def _draw(game: Game, count: int) -> list[DeckCard]:
    """Cards from the top of the (shuffled) stack: deck places not yet out in this game."""
    used = WorldCard.objects.filter(game=game).values_list("place_id", flat=True)
    free = list(DeckCard.objects.filter(deck=game.deck).exclude(place_id__in=used))
    if len(free) < count:
        raise RoundClosed("deck_exhausted", "The deck has too few unused place cards left.")
    return random.sample(free, count)


def exchanges_used(game: Game) -> Counter:
    """Exchanges made so far per team index (each costs one of the team's two tokens)."""
    rows = WorldCard.objects.filter(game=game, status=WorldCardStatus.EXCHANGED)
    return Counter(rows.values_list("team__index", flat=True))


def kept_colours(game: Game) -> list[dict[str, int]]:
    """Per team index, the number of kept cards of each colour."""
    teams = game.teams.count()
    kept: list[dict[str, int]] = [dict.fromkeys(rules.CardColour, 0) for _ in range(teams)]
    rows = WorldCard.objects.filter(game=game, status=WorldCardStatus.KEPT)
    for index, colour in rows.values_list("team__index", "colour"):
        kept[index][rules.CardColour(colour)] += 1
    return kept


def card_facts(card: WorldCard) -> rules.CardFacts:
    """The solution side of a card; a place no board shows has no solution (always wrong)."""
    location = card.place.world_location()
    solutions = tuple(location.solutions) if location else ()
    return rules.CardFacts(card.pk, rules.CardColour(card.colour or "yellow"), solutions)


def _exchanging(game: Game, rnd: Round) -> rules.Exchanging:
    used = exchanges_used(game)
    for team, exchanged in rnd.state.get("exchanges", {}).items():
        if exchanged:
            used[int(team)] -= 1  # this round's exchanges are the rules' "decisions"
    return rules.Exchanging(
        order=list(rnd.state["order"]),
        used=dict(used),
        decisions={int(t): d for t, d in rnd.state.get("exchanges", {}).items()},
    )


def _pass_teams_without_tokens(exchanging: rules.Exchanging) -> None:
    """Nobody needs to be asked whether to exchange with no token left."""
    while (team := exchanging.next_team()) is not None and exchanging.tokens_left(team) <= 0:
        exchanging.decide(team, False)


def _save_exchanges(rnd: Round, exchanging: rules.Exchanging) -> None:
    rnd.state["exchanges"] = {str(t): d for t, d in exchanging.decisions.items()}
    if exchanging.is_complete():
        rnd.state["phase"] = GUESSING


# --- moves ------------------------------------------------------------------------------------


def start_round(game: Game) -> Round:
    """Lay out as many cards as teams, task side up, and fix the round's order."""
    with locked_game(game.pk) as locked:
        _check_world(locked)
        last = current_round(locked)
        if last is not None and last.state.get("phase") != DONE:
            raise RoundClosed("round_open", "Finish the current round before starting a new one.")
        teams = locked.teams.count()
        now = positions(locked, last)
        cards = _draw(locked, teams)
        rnd = Round.objects.create(
            game=locked,
            number=(last.number if last else 0) + 1,
            starting_team=locked.starting_team,
            state={
                "phase": CHOOSING,
                "order": rules.play_order(now, locked.starting_team),
                "start": now,
                "positions": now,
                "chosen": {},
                "exchanges": {},
                "evaluations": [],
            },
        )
        WorldCard.objects.bulk_create(
            WorldCard(game=locked, round=rnd, place_id=c.place_id, colour=c.colour, slot=i)
            for i, c in enumerate(cards)
        )
    return rnd


def choose(game: Game, team: Team, card_id: Any) -> dict[int, int]:
    """A team takes a laid-out card; returns {team index: card id} (the leader's last card too)."""
    with locked_game(game.pk) as locked:
        _check_world(locked)
        index = _team_index(locked, team)
        rnd = _open_round(locked, CHOOSING)
        table = list(rnd.world_cards.order_by("slot").values_list("pk", flat=True))
        choosing = rules.Choosing(
            order=list(rnd.state["order"]),
            cards=table,
            chosen={int(t): c for t, c in rnd.state["chosen"].items()},
        )
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            raise RuleViolation("card_not_available", "Choose one of the laid-out cards.")
        made = choosing.choose(index, card_id)
        for team_index, card in made.items():
            WorldCard.objects.filter(pk=card).update(
                team=locked.teams.get(index=team_index), status=WorldCardStatus.HELD
            )
        rnd.state["chosen"] = {str(t): c for t, c in choosing.chosen.items()}
        if choosing.is_complete():
            rnd.state["phase"] = EXCHANGING
            exchanging = _exchanging(locked, rnd)
            _pass_teams_without_tokens(exchanging)
            _save_exchanges(rnd, exchanging)
        rnd.save(update_fields=["state"])
    return made


def exchange(game: Game, team: Team, swap: Any) -> WorldCard:
    """A team exchanges its card (the top of the stack comes in) or keeps it; returns its card."""
    if not isinstance(swap, bool):
        raise RuleViolation("bad_input", "Say whether to exchange (true) or not (false).")
    with locked_game(game.pk) as locked:
        _check_world(locked)
        index = _team_index(locked, team)
        rnd = _open_round(locked, EXCHANGING)
        exchanging = _exchanging(locked, rnd)
        exchanging.decide(index, swap)
        card = rnd.world_cards.get(team=team, status=WorldCardStatus.HELD)
        if swap:
            (new,) = _draw(locked, 1)
            card.status = WorldCardStatus.EXCHANGED
            card.save(update_fields=["status"])
            slot = EXCHANGE_SLOT + rnd.world_cards.filter(slot__gte=EXCHANGE_SLOT).count()
            card = WorldCard.objects.create(
                game=locked,
                round=rnd,
                place_id=new.place_id,
                colour=new.colour,
                slot=slot,
                team=team,
                status=WorldCardStatus.HELD,
            )
        _pass_teams_without_tokens(exchanging)
        _save_exchanges(rnd, exchanging)
        rnd.save(update_fields=["state"])
    return card


def parse_guess(value: Any) -> rules.Guess:
    """``"EU-O-M"`` or ``{"board": "EU", "column": "O", "row": "M"}`` → a checked ``Guess``."""
    if isinstance(value, dict):
        parts = {k: value.get(k) for k in ("board", "column", "row", "letter")}
        if not all(v is None or isinstance(v, str) for v in parts.values()):
            raise RuleViolation("malformed_guess", "Guess parts are letters, e.g. EU, O, M, C.")
        if not parts["board"]:
            raise RuleViolation("board_required", "Place the first stone on a board.")
        return rules.Guess(**{k: (v.upper() if v else None) for k, v in parts.items()})
    if not isinstance(value, str) or len(value) > 20:
        raise RuleViolation("malformed_guess", "Write a guess like EU-O-M-C.")
    return rules.Guess.parse(value)


def set_guess(game: Game, team: Team, value: Any, *, lock: bool = False) -> WorldGuess:
    """Place (or change) a team's stones; ``lock`` locks them in. Locked guesses stay."""
    guess = parse_guess(value)
    with locked_game(game.pk) as locked:
        _check_world(locked)
        _team_index(locked, team)
        rnd = _open_round(locked, GUESSING)
        row = WorldGuess.objects.filter(round=rnd, team=team).first()
        if row is not None and row.locked:
            if row.guess == str(guess):
                locked.unchanged = True  # a repeated tap
                return row
            raise RoundClosed("guess_locked", "This team has locked its guess in.")
        if row is None:
            row = WorldGuess(round=rnd, team=team)
        elif not lock:
            # Other screens only show whether a team has placed stones and locked in, and a
            # team reads its own guess fresh (``with_own_guess``): no version bump needed.
            locked.unchanged = True
            if row.guess == str(guess):
                return row
        row.guess, row.locked = str(guess), lock
        row.save()
    return row


def lock_guess(game: Game, team: Team) -> WorldGuess:
    with locked_game(game.pk) as locked:
        _check_world(locked)
        _team_index(locked, team)
        rnd = _open_round(locked, GUESSING)
        row = WorldGuess.objects.filter(round=rnd, team=team).first()
        if row is None:
            raise RuleViolation("no_guess", "Place at least the board stone before locking in.")
        if row.locked:
            locked.unchanged = True
            return row
        row.locked = True
        row.save(update_fields=["locked", "updated_at"])
    return row


def close_guessing(game: Game) -> Round:
    """The teacher ends the guessing; teams without stones will not move this round."""
    with locked_game(game.pk) as locked:
        _check_world(locked)
        rnd = _open_round(locked, GUESSING)
        rnd.state["phase"] = EVALUATING
        rnd.save(update_fields=["state"])
    return rnd


def evaluate(game: Game, *, every: bool = False) -> list[dict[str, Any]]:
    """Turn over the next card in the round's order (or all that are left); returns the new
    evaluations. After the last one: game over → colour bonus and the end."""
    with locked_game(game.pk) as locked:
        _check_world(locked)
        rnd = _open_round(locked, EVALUATING)
        track = track_for(locked)
        now = list(rnd.state["positions"])
        done = {e["team"] for e in rnd.state["evaluations"]}
        waiting = [t for t in rnd.state["order"] if t not in done]
        cards = {
            c.team.index: c
            for c in rnd.world_cards.filter(status=WorldCardStatus.HELD).select_related(
                "team", "place"
            )
        }
        guesses = {g.team.index: g for g in rnd.world_guesses.select_related("team")}
        new = []
        for team in waiting if every else waiting[:1]:
            card = cards[team]
            guess = rules.Guess.parse(guesses[team].guess) if team in guesses else None
            facts = card_facts(card)
            result = rules.evaluate_team(now, team, guess, facts, track)
            card.status = WorldCardStatus.KEPT if result.result.kept else WorldCardStatus.RETURNED
            card.save(update_fields=["status"])
            new.append(dict(_evaluation_record(result, card, track), solutions=facts.solutions))
        rnd.state["evaluations"] += new
        rnd.state["positions"] = now
        if len(rnd.state["evaluations"]) == len(rnd.state["order"]):
            rnd.state["phase"] = DONE
            rnd.revealed = True
            if rules.game_over(now, track, longer_game(locked)):
                _finish(locked, rnd, now, track)
        rnd.save(update_fields=["state", "revealed"])
    return new


def _evaluation_record(ev: rules.Evaluation, card: WorldCard, track: rules.Track) -> dict:
    r = ev.result
    return {
        "team": ev.team,
        "card": card.pk,
        "guess": str(ev.guess) if ev.guess else None,
        "correct": r.correct,
        "stones": r.stones,
        "steps": r.steps,
        "kept": r.kept,
        "matched": r.solution,
        "stone_results": list(r.stone_results),
        "start": ev.start,
        "end": ev.end,
        "skipped": _skipped(ev, track),
    }


def _skipped(ev: rules.Evaluation, track: rules.Track) -> int:
    """How many occupied spaces the pawn jumped over (for showing the skip rule)."""
    if ev.end == ev.start:
        return 0
    travelled = ev.end + 1 if ev.start is None else ev.end - ev.start
    return max(0, travelled - ev.result.steps)


def _finish(game: Game, rnd: Round, now: list, track: rules.Track) -> None:
    moves, final = rules.colour_bonus(now, kept_colours(game), track, game.starting_team)
    rnd.state["bonus"] = [
        {"colour": str(m.colour), "team": m.team, "steps": m.steps, "start": m.start, "end": m.end}
        for m in moves
    ]
    rnd.state["before_bonus"] = now
    rnd.state["positions"] = final
    rnd.state["winners"] = rules.world_winners(final)
    game.status = Status.FINISHED
    game.finished_at = timezone.now()
    game.save(update_fields=["status", "finished_at"])


def phase(rnd: Round | None) -> str | None:
    return rnd.state.get("phase") if rnd is not None else None


def end_game(game: Game) -> Game:
    """The teacher ends a world game: after a finished round the colour bonus still counts."""
    with locked_game(game.pk) as locked:
        _check_world(locked)
        rnd = current_round(locked)
        if rnd is not None and phase(rnd) == DONE:
            now = list(rnd.state["positions"])
            _finish(locked, rnd, now, track_for(locked))
            rnd.save(update_fields=["state"])
        else:
            locked.status = Status.FINISHED
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "finished_at"])
    return locked
