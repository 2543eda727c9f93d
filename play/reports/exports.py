"""A game's report and a class's report as spreadsheets: CSV (every table one after another,
each under its name) and XLSX (a sheet per table). The tables come from the report's data the
same way for every edition: each list of records in it is one table, its keys the columns."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook

from cards.imports.spreadsheet import neutralise_formula, strip_xlsx_illegal
from play.reports.build import PRIVATE_KEYS
from play.shells.host import csv_cell

# Parts of a report that are not tables for a person: the map's data, the internal answers.
SKIPPED = frozenset({"answers", "map", "game"})
# Column and table names as a teacher reads them; other keys stay as the API names them.
LABELS = {
    "teams": _("Teams"),
    "tips": _("Tips"),
    "guesses": _("Guesses"),
    "places": _("Places"),
    "targets": _("Targets"),
    "players": _("Players"),
    "games": _("Games"),
    "game_list": _("Games"),
    "kinds": _("Kinds"),
    "missed_symbols": _("Symbols missed"),
    "by_kind": _("By tip card"),
    "name": _("Name"),
    "team": _("Team"),
    "points": _("Points"),
    "round": _("Round"),
    "place": _("Place"),
    "tip": _("Tip"),
    "row": _("Row"),
    "correct": _("Right"),
    "guess": _("Guess"),
    "stones": _("Stones"),
    "solutions": _("Solutions"),
    "kept": _("Card kept"),
    "asked": _("Asked"),
    "missed": _("Missed"),
    "right": _("Right"),
    "wrong": _("Wrong"),
    "share": _("Share right"),
    "share_right": _("Share right"),
    "missed_share": _("Share missed"),
    "last_asked": _("Last asked"),
    "latitude": _("Latitude"),
    "longitude": _("Longitude"),
    "date": _("Date"),
    "edition": _("Game"),
    "deck": _("Deck"),
    "winners": _("Winner"),
    "kind": _("Kind"),
}

Table = tuple[str, list[list[Any]]]


def _cell(value: Any) -> Any:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    """A record whose nested list of records (per-team tip kinds) becomes columns of its own."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        if key in PRIVATE_KEYS:
            continue
        if isinstance(value, list) and value and isinstance(value[0], dict):
            for item in value:
                label = str(next(iter(item.values())))
                for sub, cell in list(item.items())[1:]:
                    out[f"{label} {LABELS.get(sub, sub)}"] = cell
        else:
            out[key] = _cell(value)
    return out


def tables(report: dict[str, Any], leave_out: frozenset[str] = frozenset()) -> list[Table]:
    """Every list of records in the report as a table: (name, [header, *rows]), without the
    columns named in ``leave_out``."""
    found = []
    for key, value in report.items():
        if key in SKIPPED or not isinstance(value, list) or not value:
            continue
        if not all(isinstance(item, dict) for item in value):
            continue
        records = [_flat(item) for item in value]
        columns = [
            c for c in dict.fromkeys(k for record in records for k in record) if c not in leave_out
        ]
        header = [str(LABELS.get(c, c)) for c in columns]
        rows = [[record.get(c, "") for c in columns] for record in records]
        found.append((str(LABELS.get(key, key)), [header, *rows]))
    return found


def csv_response(name: str, found: list[Table], language: str) -> HttpResponse:
    """One CSV, the tables one after another under their names (semicolons and a decimal comma
    in German, as the results export writes them)."""
    german = language == "de"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    patch_cache_control(response, no_store=True, private=True)
    response.write("\ufeff")
    writer = csv.writer(response, delimiter=";" if german else ",")
    for number, (title, rows) in enumerate(found):
        if number:
            writer.writerow([])
        writer.writerow([csv_cell(title, german)])
        for row in rows:
            writer.writerow([csv_cell(_cell(value), german) for value in row])
    return response


def xlsx_response(name: str, found: list[Table]) -> HttpResponse:
    workbook = Workbook(write_only=True)
    used: set[str] = set()
    for title, rows in found:
        sheet_name = title[:31]
        while sheet_name in used:  # two tables of one name ("Games")
            sheet_name = f"{sheet_name[:28]} {len(used)}"
        used.add(sheet_name)
        sheet = workbook.create_sheet(sheet_name)
        for row in rows:
            sheet.append([neutralise_formula(strip_xlsx_illegal(_cell(v))) for v in row])
    if not found:
        workbook.create_sheet(str(_("Report")))
    buffer = io.BytesIO()
    workbook.save(buffer)
    response = HttpResponse(
        buffer.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    response["Content-Disposition"] = f'attachment; filename="{name}.xlsx"'
    patch_cache_control(response, no_store=True, private=True)
    return response
