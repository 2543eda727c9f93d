"""Game over in one field: the core's ``state["gameover"]`` (``None`` while a game runs, then
``{"by": "rules"}`` or ``{"by": "teacher"}``) replaces the five ways the editions kept it —
Germany's ``ended``, the World's ``finished``, Numbers' ``status`` "over" with reason "ended",
Dice's ``over`` (and its ``end`` "teacher"), Match's ``ended_early``. A game's first state is
moved over too, so replaying its log (and the teacher's undo) gives the stored state again.

The conversion is written out here rather than imported: a migration keeps working when the
editions' code moves on.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

GAMEOVER = "gameover"
END = "end"
RULES = {"by": "rules"}
TEACHER = {"by": "teacher"}


def _germany(state: dict[str, Any], ended_by_end: bool) -> dict[str, Any] | None:
    ended = state.pop("ended", False)
    rounds = state.get("rounds") or []
    last = rounds[-1] if rounds else None
    if last is not None and last["revealed"] and last["number"] >= state["rounds_total"]:
        return RULES
    return TEACHER if ended else None


def _world(state: dict[str, Any], ended_by_end: bool) -> dict[str, Any] | None:
    # A World game kept no sign of who ended it: its log does (the teacher's "end" last).
    if not state.pop("finished", False):
        return None
    return TEACHER if ended_by_end else RULES


def _numbers(state: dict[str, Any], ended_by_end: bool) -> dict[str, Any] | None:
    status = state.get("status", "playing")
    if status == "over" and state.get("reason") == "ended":
        # The teacher's end changed only these two; the rules never wrote them before it.
        state["status"], state["reason"] = "playing", ""
        return TEACHER
    return None if status == "playing" else RULES


def _dice(state: dict[str, Any], ended_by_end: bool) -> dict[str, Any] | None:
    over = state.pop("over", False)
    if not over:
        state.setdefault("end", None)
        return None
    if state.get("end") == "teacher":
        state["end"] = None
        return TEACHER
    # Games saved before the end was recorded ended by their courts.
    state["end"] = state.get("end") or "courts"
    return RULES


def _match(state: dict[str, Any], ended_by_end: bool) -> dict[str, Any] | None:
    early = state.pop("ended_early", False)
    if state.get("phase") != "over":
        return None
    return TEACHER if early else RULES


CONVERT = {
    "germany": _germany,
    "world": _world,
    "numbers": _numbers,
    "dice": _dice,
    "match": _match,
}


def to_one_field(edition: str, state: Any, ended_by_end: bool = False) -> Any:
    """The state with game over in ``gameover``; states already converted (or of an edition
    this migration does not know) stay as they are."""
    if not isinstance(state, dict) or GAMEOVER in state or edition not in CONVERT:
        return state
    state = dict(state)
    over = CONVERT[edition](state, ended_by_end)
    state[GAMEOVER] = dict(over) if over is not None else None
    return state


def to_edition_fields(edition: str, state: Any) -> Any:
    """The reverse: each edition's own fields again, as the code before this migration read."""
    if not isinstance(state, dict) or GAMEOVER not in state or edition not in CONVERT:
        return state
    state = dict(state)
    over = state.pop(GAMEOVER) or {}
    teacher = over.get("by") == "teacher"
    if edition == "germany":
        state["ended"] = teacher
    elif edition == "world":
        state["finished"] = bool(over)
    elif edition == "numbers" and teacher:
        state["status"], state["reason"] = "over", "ended"
    elif edition == "dice":
        state["over"] = bool(over)
        if teacher:
            state["end"] = "teacher"
    elif edition == "match" and teacher:
        state["ended_early"] = True
    return state


def forwards(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    Move = apps.get_model("play", "Move")
    games = Game.objects.exclude(state=None).only("id", "edition", "state", "initial")
    for game in games.iterator(chunk_size=200):
        last = (
            Move.objects.filter(game_id=game.pk, undone=False)
            .order_by("-number")
            .values_list("name", flat=True)
            .first()
        )
        game.state = to_one_field(game.edition, game.state, ended_by_end=last == END)
        game.initial = to_one_field(game.edition, game.initial)
        game.save(update_fields=["state", "initial"])


def backwards(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    games = Game.objects.exclude(state=None).only("id", "edition", "state", "initial")
    for game in games.iterator(chunk_size=200):
        game.state = to_edition_fields(game.edition, game.state)
        game.initial = to_edition_fields(game.edition, game.initial)
        game.save(update_fields=["state", "initial"])


class Migration(migrations.Migration):
    dependencies = [("play", "0009_state_lz4_on_postgresql")]

    operations = [migrations.RunPython(forwards, backwards)]
