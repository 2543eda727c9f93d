"""The rows every screen of a class reads after each change, read without the ORM's compiler.

A redraw reads a seat with its game (a device) or a game by its code (the projector). Compiling
that query with the ORM took about 1 ms of CPU, more than running it and decoding the game's
state together; with a class's every screen redrawing after every move, it was the largest
single cost of a redraw. So the SQL is written once per set of columns, and the rows become
model instances through the fields' own converters (``Model.from_db``), as the ORM would make.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Field, Model
from django.utils import timezone

from play.models import Attempt, Game, Move, Status, Team

# Each column's field, its expression and its converters: (function, whether it is a method of
# the connection's ``ops``, to be called on the current connection's).
Columns = tuple[tuple[Field, Any, tuple[tuple[Callable, bool], ...]], ...]


def _columns(model: type[Model], alias: str, deferred: frozenset[str]) -> tuple[list, Columns]:
    quote = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if f.attname not in deferred]
    columns = []
    for field in fields:
        column = field.get_col(alias)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        converters = tuple(
            (f.__func__, True) if getattr(f, "__self__", None) is connection.ops else (f, False)
            for f in found
        )
        columns.append((field, column, converters))
    return [f"{alias}.{quote(f.column)}" for f in fields], tuple(columns)


@functools.cache
def _seat_sql(vendor: str, deferred: frozenset[str]) -> tuple[str, Columns, Columns]:
    quote = connection.ops.quote_name
    team_columns, team_fields = _columns(Team, "t", frozenset())
    game_columns, game_fields = _columns(Game, "g", deferred)
    sql = (
        f"SELECT {', '.join(team_columns + game_columns)} "
        f"FROM {quote(Team._meta.db_table)} t "
        f"JOIN {quote(Game._meta.db_table)} g ON g.{quote('id')} = t.{quote('game_id')} "
        f"WHERE g.{quote('code')} = %s AND t.{quote('token')} = %s "
        f"AND g.{quote('state')} IS NOT NULL"
    )
    return sql, team_fields, game_fields


@functools.cache
def _game_sql(vendor: str, deferred: frozenset[str], key: str) -> tuple[str, Columns]:
    quote = connection.ops.quote_name
    columns, fields = _columns(Game, "g", deferred)
    sql = (
        f"SELECT {', '.join(columns)} FROM {quote(Game._meta.db_table)} g WHERE g.{quote(key)} = %s"
    )
    return sql, fields


def _instance(model: type[Model], columns: Columns, values: Sequence[Any]) -> Model:
    # ``connection`` finds this thread's connection on every attribute read (a context-local
    # look-up each time): resolve it once per row.
    conn = connections[DEFAULT_DB_ALIAS]
    ops = conn.ops
    converted = []
    for (_field, column, converters), value in zip(columns, values, strict=True):
        for convert, on_ops in converters:
            value = convert(ops, value, column, conn) if on_ops else convert(value, column, conn)
        converted.append(value)
    return model.from_db(conn.alias, [f.attname for f, _col, _conv in columns], converted)


def _unread(deferred: tuple[str, ...]) -> frozenset[str]:
    # The fixed part (a deck's cards) comes from the process's own copy when the state is read
    # (``Game.fixed_part``): it never changes.
    return frozenset((*deferred, "fixed"))


def _fetch(sql: str, params: list[Any]) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def seat_with_game(code: str, token: str, *deferred: str) -> Team | None:
    """The people's seat holding ``token`` in the engine game ``code``, its ``game`` already
    loaded (``deferred`` game fields left unread), or None (a computer seat has no device)."""
    sql, team_fields, game_fields = _seat_sql(connection.vendor, _unread(deferred))
    row = _fetch(sql, [code, token])
    if row is None:
        return None
    split = len(team_fields)
    team = _instance(Team, team_fields, row[:split])
    if team.is_bot:
        return None
    game = _instance(Game, game_fields, row[split:])
    Team.game.field.set_cached_value(team, game)
    return team


def game_with_seats(code: str, *deferred: str) -> tuple[Game, tuple[Team, ...]] | None:
    """The game ``code`` (``deferred`` fields left unread) and its seats in seat order, or None.
    The seats are read after the game: at its version or a newer one (a join or a kick since
    shows already), never an older one. They do not hold the game, which a JOIN would have sent
    again with every seat (a Germany game's state holds its whole deck)."""
    game = game_by_code(code, *deferred)
    return None if game is None else (game, tuple(seats(game.pk)))


def game_by_code(code: str, *deferred: str) -> Game | None:
    """The game ``code`` (``deferred`` fields left unread), or None."""
    sql, fields = _game_sql(connection.vendor, _unread(deferred), "code")
    row = _fetch(sql, [code])
    return None if row is None else _instance(Game, fields, row)


def game_by_id(game_id: int, *deferred: str) -> Game | None:
    """The game with this primary key (``deferred`` fields left unread), or None."""
    sql, fields = _game_sql(connection.vendor, _unread(deferred), "id")
    row = _fetch(sql, [game_id])
    return None if row is None else _instance(Game, fields, row)


@functools.cache
def _log_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    table, game, undone = quote(Move._meta.db_table), quote("game_id"), quote("undone")
    last = (
        f"FROM {table} WHERE {game} = %s AND {undone} = %s ORDER BY {quote('number')} DESC LIMIT 1"
    )
    return (
        f"SELECT (SELECT {quote('seat')} {last}), (SELECT {quote('name')} {last}), "
        f"EXISTS (SELECT 1 FROM {table} WHERE {game} = %s AND {undone} = %s "
        f"AND {quote('by_bot')} = %s)"
    )


def move_log(game_id: int) -> tuple[tuple[int | None, str] | None, bool]:
    """The game's last move still standing as (seat, name; no seat: the teacher's), or None;
    and whether its log holds a move people made that was not taken back (the projector's undo
    button). One query: every screen's first drawing of a version asks."""
    seat, name, undoable = _fetch(
        _log_sql(connection.vendor), [game_id, False, game_id, False, game_id, False, False]
    )
    return (None if name is None else (seat, name)), bool(undoable)


@functools.cache
def _seats_sql(vendor: str) -> tuple[str, Columns]:
    quote = connection.ops.quote_name
    columns, fields = _columns(Team, "t", frozenset())
    sql = (
        f"SELECT {', '.join(columns)} FROM {quote(Team._meta.db_table)} t "
        f"WHERE t.{quote('game_id')} = %s ORDER BY t.{quote('index')}"
    )
    return sql, fields


def seats(game_id: int) -> list[Team]:
    """A game's seats in seat order."""
    sql, fields = _seats_sql(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        return [_instance(Team, fields, row) for row in cursor.fetchall()]


@functools.cache
def _last_number_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    return (
        f"SELECT MAX({quote('number')}) FROM {quote(Move._meta.db_table)} "
        f"WHERE {quote('game_id')} = %s"
    )


def last_move_number(game_id: int) -> int:
    """The number of the game's last logged move (taken back or not); 0 before the first."""
    return _fetch(_last_number_sql(connection.vendor), [game_id])[0] or 0


@functools.cache
def _version_sql(vendor: str, with_team: bool) -> str:
    q = connection.ops.quote_name
    game, team = q(Game._meta.db_table), q(Team._meta.db_table)
    sql = f"SELECT g.{q('version')}, g.{q('bot_due_at')} FROM {game} g"
    if with_team:
        sql += f" JOIN {team} t ON t.{q('game_id')} = g.{q('id')} AND t.{q('token')} = %s"
    return sql + f" WHERE g.{q('code')} = %s"


def homework_version(code: str, device: str) -> int | None:
    """The version of a device's newest attempt at the assignment with this code, or None when
    Django must answer: no such attempt, a computer move due, or an attempt still running after
    the deadline (which the view scores as it stands). One query, without the game's state."""
    row = (
        Attempt.objects.filter(assignment__code=code.upper()[:16], device=device)
        .order_by("-created_at", "-id")
        .values_list("game__version", "game__bot_due_at", "game__status", "assignment__closes_at")
        .first()
    )
    if row is None:
        return None
    version, due, status, closes_at = row
    if due is not None and due <= time.time():
        return None
    if status == Status.ACTIVE and timezone.now() >= closes_at:
        return None
    return version


def game_version(code: str, team_token: str | None) -> int | None:
    """The version of the game with this code — for a device, only if it holds one of the
    game's team tokens — or None when Django must answer (unknown game or token, a computer
    move due). Checking the token here keeps the answer from telling a code guesser which
    codes exist. Asked by every screen several times a minute: written out once."""
    params = [code.upper()] if team_token is None else [team_token, code.upper()]
    row = _fetch(_version_sql(connection.vendor, team_token is not None), params)
    if row is None or (row[1] is not None and row[1] <= time.time()):
        return None
    return row[0]
