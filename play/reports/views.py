"""The teacher's pages for classes and reports: the class list, a class's page (its games, the
places it missed most, its weak tip kinds, a chart over time and a map of its misses), the
confirmation before a class is deleted, and a game's report at projector size."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.roles import can_run_games
from play.core import access, registry
from play.core.access import can_manage
from play.core.classes import class_for, classes_of, clean_class_fields
from play.core.errors import RuleViolation
from play.core.presentation import error_text
from play.models import Assignment, Class, Game
from play.reports import build, drawing, exports, practice

# What an answer was about, as the class page names it: a Germany tip card, or how many of a
# World guess's stones the team placed.
KIND_LABELS = {
    "N": gettext_lazy("N (furthest north)"),
    "S": gettext_lazy("S (furthest south)"),
    "W": gettext_lazy("W (furthest west)"),
    "O": gettext_lazy("O (furthest east)"),
    "M": gettext_lazy("M (in the middle)"),
    "MOST": gettext_lazy("Most inhabitants"),
    "FEWEST": gettext_lazy("Fewest inhabitants"),
    "board": gettext_lazy("Board only"),
    "field": gettext_lazy("Board and column"),
    "row": gettext_lazy("Field (board, column, row)"),
    "rectangle": gettext_lazy("Rectangle (all four stones)"),
}


class _Messages:
    """The sentences for this package's refusals, in the page's language."""

    messages = {
        "class_name": gettext_lazy("A class needs a name of at most 60 visible characters."),
        "school_year": gettext_lazy("The school year has at most 20 characters, like 2026/27."),
        "bad_size": gettext_lazy("Choose from 1 to 200 places."),
        "no_games": gettext_lazy("This class has no finished game with a deck yet."),
        "nothing_missed": gettext_lazy("The class has missed no place yet."),
    }


MESSAGES = _Messages()


def _teacher(request: HttpRequest) -> None:
    if not can_run_games(request.user):
        raise PermissionDenied


def _class(request: HttpRequest, class_id: str) -> Class:
    _teacher(request)
    found = class_for(request.user, class_id)
    if found is None:
        raise Http404
    return found


def report_class(request: HttpRequest, class_id: str) -> Class:
    """The class with this id, for its teacher (or an admin) only."""
    return _class(request, class_id)


def report_game(request: HttpRequest, code: str) -> Game:
    """The game with this code, for its teacher (or an admin) only."""
    _teacher(request)
    game = access.game_by_code(request, code, Game.objects.select_related("deck", "school_class"))
    if not can_manage(request.user, game):
        raise Http404
    return game


@login_required
@require_http_methods(["GET", "POST"])
def class_list(request: HttpRequest) -> HttpResponse:
    _teacher(request)
    error = ""
    if request.method == "POST":
        try:
            name, year = clean_class_fields(
                request.POST.get("name", ""), request.POST.get("school_year", "")
            )
        except RuleViolation as refusal:
            error = error_text(refusal, MESSAGES)
        else:
            made = Class.objects.create(teacher=request.user, name=name, school_year=year)
            return redirect("reports:class", made.pk)
    listed = classes_of(request.user).select_related("teacher")
    return render(
        request,
        "play/reports/classes.html",
        {"classes": listed, "error": error, "form_name": request.POST.get("name", "")},
        status=400 if error else 200,
    )


@login_required
@require_GET
def class_page(request: HttpRequest, class_id: str) -> HttpResponse:
    school_class = _class(request, class_id)
    report = build.class_report(school_class)
    for kind in report["kinds"]:
        kind["label"] = KIND_LABELS.get(kind["kind"], kind["kind"])
    for row in report["game_list"]:
        edition = registry.get(row["edition"])
        row["edition_name"] = edition.name if edition is not None else row["edition"]
    language = translation.get_language() or "de"
    drawn = report["map"]
    context = {
        "class": school_class,
        "report": report,
        "top_places": report["places"][:30],
        "missed_count": sum(1 for p in report["places"] if p["missed"]),
        "editions": list(registry.editions()),
        # Homework needs computer opponents. (A template would call ``bot``, not test it.)
        "homework_editions": [e for e in registry.editions() if e.bot is not None],
        "practice_default": practice.DEFAULT_SIZE,
    }
    points = [
        (r["date"], r["share_right"]) for r in report["game_list"] if r["share_right"] is not None
    ]
    if points:
        context["chart_svg"] = drawing.share_chart(points, _("Share of right answers per game"))
    if drawn["kind"] and context["missed_count"]:
        context["map_svg"] = drawing.misses_map(
            drawn["kind"], drawn["grid"], report["places"], language, _("The class's misses")
        )
    return render(request, "play/reports/class.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def class_delete(request: HttpRequest, class_id: str) -> HttpResponse:
    """A confirmation page first: deleting a class deletes its games and their reports."""
    school_class = _class(request, class_id)
    if request.method == "POST":
        name = str(school_class)
        school_class.delete()
        messages.success(request, _("Class %(name)s deleted, with its games.") % {"name": name})
        return redirect("reports:classes")
    games = school_class.games.count()
    return render(
        request, "play/reports/class_delete.html", {"class": school_class, "games": games}
    )


@login_required
@require_POST
def class_practice(request: HttpRequest, class_id: str) -> HttpResponse:
    school_class = _class(request, class_id)
    try:
        deck = practice.practice_deck(school_class, practice.clean_size(request.POST.get("size")))
    except RuleViolation as refusal:
        messages.error(request, error_text(refusal, MESSAGES))
        return redirect("reports:class", school_class.pk)
    messages.success(
        request,
        _("Deck “%(name)s” made of %(count)d places: print it or start a game with it.")
        % {"name": deck.name, "count": deck.cards.count()},
    )
    return redirect("printing:deck", deck.slug)


@login_required
@require_GET
def game_page(request: HttpRequest, code: str) -> HttpResponse:
    """The report at projector size: the class discussion after the game."""
    return _game_page(request, report_game(request, code))


@require_GET
def homework_page(request: HttpRequest, code: str) -> HttpResponse:
    """A pupil's report of their latest finished homework attempt (the device's, by its
    cookie): their own game, every card of it revealed by then, with its map of the places."""
    assignment = Assignment.objects.filter(code=code.upper()[:16]).first()
    if assignment is None:
        raise Http404
    attempt = (
        assignment.tries.filter(device=access.device_id(request), game__status="finished")
        .select_related("game", "game__deck", "game__school_class")
        .order_by("-created_at", "-id")
        .first()
    )
    if attempt is None:
        return redirect("play:homework", assignment.code)
    with translation.override(attempt.game.language):
        return _game_page(request, attempt.game, pupil=assignment)


def _game_page(request: HttpRequest, game: Game, pupil: Assignment | None = None) -> HttpResponse:
    report = build.game_report(game)
    build.keep_summary(game, report)
    edition = registry.get(game.edition)
    language = translation.get_language() or "de"
    drawn = report.get("map") or {}
    context = {
        "game": game,
        "edition": edition,
        "report": report,
        "fragment": _fragment(game.edition),
        "ranking": sorted(report["teams"], key=lambda t: -t["points"]),
        "pupil": pupil,
    }
    title = _("Map of the game's places")
    if drawn.get("kind") == "grid" and drawn.get("places"):
        context["map_svg"] = drawing.grid_share_map(drawn["grid"], drawn["places"], language, title)
    elif drawn.get("kind") == "world" and drawn.get("guesses"):
        context["map_svg"] = drawing.world_guess_map(drawn["guesses"], title)
    return render(request, "play/reports/game.html", context)


def _fragment(slug: str) -> str | None:
    """The edition's part of the report page (``play/<slug>/_report.html``), if it has one."""
    name = f"play/{slug}/_report.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


@login_required
@require_GET
def game_export(request: HttpRequest, code: str, kind: str) -> HttpResponse:
    """The game's report as CSV or XLSX, in the game's language."""
    game = report_game(request, code)
    with translation.override(game.language):
        found = exports.tables(build.public(build.game_report(game)))
        name = f"spot-on-{game.code}-report"
        if kind == "xlsx":
            return exports.xlsx_response(name, found)
        return exports.csv_response(name, found, game.language)


@login_required
@require_GET
def class_export(request: HttpRequest, class_id: str, kind: str) -> HttpResponse:
    """The class's report as CSV or XLSX, in the page's language."""
    school_class = _class(request, class_id)
    report = build.public(build.class_report(school_class))
    found = exports.tables(report)
    name = f"class-{school_class.pk}-report"
    if kind == "xlsx":
        return exports.xlsx_response(name, found)
    return exports.csv_response(name, found, (translation.get_language() or "de")[:2])
