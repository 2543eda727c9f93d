from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from play.core import registry
from play.reports import build, drawing, exports
from play.reports.views import report_game
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
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="spot-on-{game.code}-report.pdf"'
    patch_cache_control(response, no_store=True, private=True)
    return response
