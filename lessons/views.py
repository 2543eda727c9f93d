from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from play.core import registry
from play.reports import build, drawing, exports
from play.reports.views import report_class, report_game
from printing.report_sheet import report_pdf


@login_required
@require_GET
def game_pdf(request: HttpRequest, code: str) -> HttpResponse:
    """The game's report on one A4 page, in the game's language: standings, its map, and its
    main table (the spreadsheets hold every row)."""
    game = report_game(request, code)
    with translation.override(game.language):
        report = build.game_report(game)
        edition = registry.get(game.edition)
        name = str(edition.name) if edition is not None else game.edition
        when = (game.finished_at or game.created_at).date().isoformat()
        title = " · ".join(
            part
            for part in (_("Report"), name, game.deck.name if game.deck_id else "", when)
            if part
        )
        ranking = sorted(report["teams"], key=lambda t: -t["points"])
        lines = [" · ".join(f"{t['name']} {t['points']}" for t in ranking)]
        if report["share_right"] is not None:
            lines.append(
                _("%(n)d answers, %(share)d %% right")
                % {"n": len(report["answers"]), "share": round(report["share_right"] * 100)}
            )
        if game.school_class_id:
            lines.append(_("Class: %(name)s") % {"name": game.school_class.name})
        # A page has no room for coordinates: the map shows where the places are.
        tables = exports.tables(build.public(report), frozenset({"latitude", "longitude"}))
        # The report's first table is its teams (in the lines above): the next one is its body.
        main = tables[1][1] if len(tables) > 1 else []
        pdf = report_pdf(
            title,
            lines,
            main,
            drawing.game_drawing(report, game.language),
            more_rows=_("… and {n} more rows: the CSV and XLSX have them all"),
        )
    return _pdf(pdf, f"spot-on-{game.code}-report")


@login_required
@require_GET
def class_pdf(request: HttpRequest, class_id: str) -> HttpResponse:
    """The class's report on one A4 page: its games and share right, the map of its misses and
    the places it missed most."""
    school_class = report_class(request, class_id)
    language = (translation.get_language() or "de")[:2]
    report = build.class_report(school_class)
    title = " · ".join(part for part in (_("Report"), str(school_class)) if part)
    shares = [g["share_right"] for g in report["game_list"] if g["share_right"] is not None]
    lines = [_("%(n)d finished games") % {"n": report["games"]}]
    if shares:
        lines.append(
            _("Share right per game, first to last: %(shares)s")
            % {"shares": " · ".join(f"{round(s * 100)} %" for s in shares[-12:])}
        )
    drawn = report["map"]
    missed = [p for p in report["places"] if p["missed"]]
    map_drawing = (
        drawing.misses_drawing(drawn["kind"], drawn["grid"], report["places"], language)
        if drawn["kind"] and missed
        else None
    )
    columns = ("name", "asked", "missed", "missed_share", "last_asked")
    table = [[str(exports.LABELS[c]) for c in columns]]
    table += [[_share(p[c]) if c == "missed_share" else p[c] for c in columns] for p in missed]
    pdf = report_pdf(
        title,
        lines,
        table,
        map_drawing,
        more_rows=_("… and {n} more rows: the CSV and XLSX have them all"),
    )
    return _pdf(pdf, f"class-{school_class.pk}-report")


def _share(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)} %"


def _pdf(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{name}.pdf"'
    patch_cache_control(response, no_store=True, private=True)
    return response
