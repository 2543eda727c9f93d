"""A game's report (the edition's, with what the core adds) and a class's report across its
games. Editions write their part as a pure function (``Edition.report``); this module loads
what they read and keeps a summary of each finished game for the class report."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from play.core import store
from play.core.lifecycle import is_over
from play.core.played import Played, share
from play.models import STATE_FIELDS, Class, Game, GameSummary

# Keys of a report only the server uses (the card database's ids): left out of what it sends.
PRIVATE_KEYS = frozenset({"place_id"})


def played_of(game: Game) -> Played:
    """What an edition's report reads, loaded from the game's rows."""
    names = [team.name for team in game.teams.all()]
    return Played(
        state=game.state,
        initial=game.initial,
        log=store.logged_moves(game),
        seed=game.seed,
        names=names,
    )


def edition_report(game: Game) -> dict[str, Any]:
    """The edition's own report of the game (``{"teams": …, "answers": []}`` for an edition
    without one)."""
    edition = store.edition_of(game)
    if edition.report is None:
        result = store.result_of(game) or {}
        points = {seat: value for _rank, seat, value in result.get("ranking", [])}
        return {
            "teams": [{"name": t.name, "points": points.get(t.index, 0)} for t in game.teams.all()],
            "answers": [],
        }
    return edition.report(played_of(game))


def game_report(game: Game) -> dict[str, Any]:
    """The report as the API and the pages give it: the edition's part, the game and its class."""
    body = edition_report(game)
    return {
        "edition": game.edition,
        "class": game.school_class_id,
        "game": {
            "id": game.pk,
            "code": game.code,
            "deck": game.deck.slug if game.deck_id else None,
            "over": is_over(game),
            "created_at": game.created_at.isoformat(),
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        },
        **body,
        "share_right": _share(body.get("answers", [])),
    }


def public(report: dict[str, Any]) -> dict[str, Any]:
    """The report without the server's own keys (database ids)."""
    if isinstance(report, dict):
        return {k: public(v) for k, v in report.items() if k not in PRIVATE_KEYS}
    if isinstance(report, list):
        return [public(item) for item in report]
    return report


def _share(answers: list[dict[str, Any]]) -> float | None:
    return share(sum(1 for a in answers if a["correct"]), len(answers))


def summary(game: Game) -> dict[str, Any]:
    """What the class report needs of a finished game, kept beside it (``GameSummary``) until
    the game changes again (an undo after its end)."""
    kept = GameSummary.objects.filter(game=game, version=game.version).first()
    if kept is not None:
        return kept.data
    return keep_summary(game, game_report(game))


def keep_summary_at_game_over(sender: type[Game], game: Game, **kwargs: Any) -> None:
    """The core's ``game_over``: a class's game keeps its summary as it ends, so the class
    report reads summaries only (a game without a class never appears in one)."""
    if game.school_class_id is not None:
        summary(game)


def keep_summary(game: Game, report: dict[str, Any]) -> dict[str, Any]:
    """Keep a finished game's summary from its report just made (the teacher's "Review" after
    the game makes it, so the class page seldom has to read a game's state and log)."""
    drawn = report.get("map") or {}
    answers = report.get("answers", [])
    share_right = report["share_right"]
    if game.solo:
        # Homework: the class's answers are the pupil's (seat 0), not the computer players'.
        answers = [a for a in answers if a.get("seat") == 0]
        share_right = _share(answers)
    data = {
        "teams": report["teams"],
        "answers": answers,
        "share_right": share_right,
        "map": {"kind": drawn.get("kind"), "grid": drawn.get("grid")},
        "homework": game.solo,
    }
    if is_over(game):
        GameSummary.objects.update_or_create(
            game=game, defaults={"version": game.version, "data": data}
        )
    return data


def class_games(school_class: Class) -> list[Game]:
    return list(
        school_class.games.select_related("deck")
        .prefetch_related("teams")
        .defer(*STATE_FIELDS)
        .order_by("created_at", "id")
    )


def class_report(school_class: Class) -> dict[str, Any]:
    """Across the class's finished games: each game's share of right answers, the places asked
    and missed (most missed first: by the share missed, then the count), the kinds of answer
    (tip kinds, stones) by share right, and every miss for the map."""
    games = [g for g in class_games(school_class) if is_over(g)]
    summaries = _summaries(games)
    places: dict[Any, dict[str, Any]] = {}
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rows = []
    for game in games:
        data = summaries[game.pk]
        winners = _winners(data["teams"])
        rows.append(
            {
                "id": game.pk,
                "code": game.code,
                "date": (game.finished_at or game.created_at).date().isoformat(),
                "edition": game.edition,
                "deck": game.deck.name if game.deck_id else "",
                "teams": [t["name"] for t in data["teams"]],
                "winners": winners,
                "asked": len(data["answers"]),
                "share_right": data["share_right"],
                "homework": bool(data.get("homework")),
            }
        )
        for answer in data["answers"]:
            key = answer.get("place_id") or answer["place"]
            entry = places.setdefault(
                key,
                {
                    "name": answer["place"],
                    "place_id": answer.get("place_id"),
                    "edition": game.edition,
                    "deck": game.deck.slug if game.deck_id else None,
                    "asked": 0,
                    "missed": 0,
                    "homework_missed": 0,  # of them in homework attempts
                    "last_asked": None,
                    "latitude": answer.get("latitude"),
                    "longitude": answer.get("longitude"),
                },
            )
            entry["asked"] += 1
            entry["missed"] += not answer["correct"]
            entry["homework_missed"] += bool(data.get("homework")) and not answer["correct"]
            entry["last_asked"] = rows[-1]["date"]
            kinds[answer["kind"]][0 if answer["correct"] else 1] += 1
    # The class's misses go on the map of its latest game that has one.
    drawn = next(
        (summaries[g.pk]["map"] for g in reversed(games) if summaries[g.pk]["map"]["kind"]),
        {"kind": None, "grid": None},
    )
    ranked = sorted(
        places.values(),
        key=lambda p: (-p["missed"] / p["asked"], -p["missed"], p["name"].casefold()),
    )
    for entry in ranked:
        entry["missed_share"] = share(entry["missed"], entry["asked"])
    return {
        "class": school_class.pk,
        "name": school_class.name,
        "school_year": school_class.school_year,
        "games": len(rows),
        "game_list": rows,
        "map": drawn,
        "places": ranked,
        "kinds": sorted(
            (
                {"kind": kind, "right": r, "wrong": w, "share_right": share(r, r + w)}
                for kind, (r, w) in kinds.items()
            ),
            key=lambda k: (k["share_right"], k["kind"]),
        ),
    }


def _summaries(games: list[Game]) -> dict[int, dict[str, Any]]:
    """Each game's summary: the kept ones in one query, the others made now."""
    kept = {s.game_id: s for s in GameSummary.objects.filter(game__in=[g.pk for g in games])}
    found = {}
    for game in games:
        entry = kept.get(game.pk)
        found[game.pk] = entry.data if entry and entry.version == game.version else summary(game)
    return found


def _winners(teams: list[dict[str, Any]]) -> list[str]:
    if not teams:
        return []
    best = max(t["points"] for t in teams)
    return [t["name"] for t in teams if t["points"] == best] if best > 0 else []
