"""The teacher's screens: game list, new game, the projector view and its controls, results."""

from __future__ import annotations

import csv
import time
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.imports.spreadsheet import neutralise_formula
from cards.roles import can_run_games
from play.core import access, classes, fastpoll, reads, registry, store
from play.core.access import can_manage
from play.core.classes import classes_of
from play.core.errors import RuleViolation
from play.core.expiry import expire_games
from play.core.forms import engine_game_form
from play.core.lifecycle import end_game, kick_device, set_mode, show_table_on_phones
from play.core.presentation import error_text
from play.models import STATE_FIELDS, Game, Mode, Status, Team
from play.shells import screens
from play.shells.device import throttled


def _get_game_for_host(request: HttpRequest, code: str, *, moving: bool = False) -> Game:
    """``moving``: for a move, which reads the game's state again as it applies it."""
    deferred = STATE_FIELDS if moving else ("moving_initial", "fixed")
    game = access.game_by_code(request, code, Game.objects.select_related("deck").defer(*deferred))
    if not can_manage(request.user, game):
        raise PermissionDenied
    return game


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    if not can_run_games(request.user):
        raise PermissionDenied
    expire_games()  # cheap, and keeps the list to games that can still be played
    listed = Game.objects.select_related("deck", "school_class").prefetch_related("teams")
    listed = listed.filter(solo=False)  # homework attempts are listed with their assignment
    if not request.user.is_superuser:
        listed = listed.filter(created_by=request.user)
    show_archived = request.GET.get("archived") == "1"
    if not show_archived:
        listed = listed.filter(archived=False)
    games = list(listed[:50])
    # Named as the new-game list names them, not by slug.
    editions = {slug: registry.get(slug) for slug in {game.edition for game in games}}
    names = {slug: edition.name if edition else slug for slug, edition in editions.items()}
    context = {"games": games, "edition_names": names, "show_archived": show_archived}
    return render(request, "play/index.html", context)


@login_required
@require_POST
@throttled
def archive(request: HttpRequest, code: str) -> HttpResponse:
    """Finished games leave the list (still there with "show archived")."""
    game = _get_game_for_host(request, code)
    if game.is_finished:
        Game.objects.filter(pk=game.pk).update(archived=True)
    return redirect("play:index")


@login_required
@require_POST
@throttled
def delete(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    game.delete()
    return redirect("play:index")


BULK_AT_MOST = 100  # more than a teacher's list shows (50), fewer than a burden


@login_required
@require_POST
@throttled
def bulk(request: HttpRequest) -> HttpResponse:
    """End or delete the games ticked in the list: only the teacher's own (a school's admin
    sees every game in the list, but clears only its own this way)."""
    if not can_run_games(request.user):
        raise PermissionDenied
    action = request.POST.get("action")
    codes = [code for code in request.POST.getlist("game") if code.isalnum() and len(code) <= 16]
    if action not in ("end", "delete") or not codes:
        messages.error(
            request, _("Tick the games first, then choose “End selected” or “Delete selected”.")
        )
        return redirect("play:index")
    chosen = Game.objects.filter(created_by=request.user, code__in=codes[:BULK_AT_MOST])
    if action == "delete":
        count = chosen.count()
        chosen.delete()
        messages.success(
            request, ngettext("%(n)d game deleted.", "%(n)d games deleted.", count) % {"n": count}
        )
        return redirect("play:index")
    count = 0
    for game in chosen.exclude(status=Status.FINISHED).defer("moving_initial", "fixed"):
        try:
            end_game(game)
        except RuleViolation:
            continue  # ended meanwhile by its own last move
        count += 1
    messages.success(
        request, ngettext("%(n)d game ended.", "%(n)d games ended.", count) % {"n": count}
    )
    return redirect("play:index")


@login_required
@require_GET
def choose_game(request: HttpRequest) -> HttpResponse:
    """Every game the site runs, with a sentence each: the first step of a new game."""
    if not can_run_games(request.user):
        raise PermissionDenied
    return render(request, "play/choose_game.html", {"editions": registry.editions()})


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest, slug: str) -> HttpResponse:
    """A new game of an edition on the engine, its form built from the edition's options."""
    if not can_run_games(request.user):
        raise PermissionDenied
    edition = registry.get(slug)
    if edition is None:
        raise Http404
    form = engine_game_form(edition)(request.POST or None)
    form.fields["school_class"].queryset = classes_of(request.user)
    if chosen := classes.class_for(request.user, request.GET.get("class")):
        form.fields["school_class"].initial = chosen.pk
    if request.method == "POST" and form.is_valid():
        try:
            access.check_new_game(request.user)
            game = store.create_game(
                user=request.user,
                edition=slug,
                seat_names=form.seat_names(),
                deck=form.cleaned_data.get("deck"),
                options=form.options(),
                bots=form.bots(),
                mode=form.cleaned_data.get("mode", Mode.DEVICES),
                language=request.LANGUAGE_CODE[:2],
                school_class=form.cleaned_data.get("school_class"),
            )
        except RuleViolation as error:
            form.add_error(None, error_text(error, edition))
        else:
            return redirect("play:host", game.code)
    return render(request, "play/new_game.html", {"form": form, "edition": edition})


@login_required
@require_GET
@throttled
def host(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    response = screens.render_projector(request, screens.run_due_bots(game))
    # Lets this projector's unchanged polls be answered before Django (play/core/fastpoll.py).
    response.set_cookie(
        fastpoll.host_cookie_name(game.code),
        fastpoll.host_cookie_value(game.code),
        path=f"/play/host/{game.code}/",
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


@require_GET
@throttled
def host_state(request: HttpRequest, code: str) -> HttpResponse:
    """Polled by the projector. An unknown code and someone else's game answer alike (404), so
    the poll tells a code guesser nothing."""
    game = reads.game_by_code(code.upper()[:16], "moving_initial")
    if game is None or not can_manage(request.user, game):
        access.check_code_lookups(request)  # never for the teacher's own game
        if game is None:
            access.count_code_miss(request)
        raise Http404
    if request.GET.get("v") == str(game.version) and (
        game.bot_due_at is None or game.bot_due_at > time.time()
    ):
        return HttpResponse(status=204)
    return screens.render_projector(request, screens.run_due_bots(game))


def _act(request: HttpRequest, code: str, action) -> HttpResponse:
    game = _get_game_for_host(request, code)
    render_page = screens.render_projector
    try:
        action(game)
    except RuleViolation as error:
        game.refresh_from_db()
        return render_page(request, game, error_text(error), status=error.http_status)
    if not request.htmx:
        return redirect("play:host", game.code)
    game.refresh_from_db()
    return render_page(request, game)


@login_required
@require_POST
@throttled
def move(request: HttpRequest, code: str) -> HttpResponse:
    """The teacher moves for the game or, with a ``seat`` field, for a seat on the projector."""
    game = _get_game_for_host(request, code, moving=True)
    seat = None
    if (seat_field := request.POST.get("seat", "")) != "":
        seat = access.parse_index(seat_field)
        if seat is None:
            seat = -1  # refused by the move as "no such seat"
    with translation.override(game.language):
        try:
            access.check_move_rate(game.pk, None)
            with screens.answering(request):
                game = store.make_move(
                    game,
                    seat,
                    request.POST.get("move", ""),
                    screens.move_args(request),
                    teacher=True,
                    key=screens.idempotency_key(request),
                )
        except RuleViolation as error:
            game.refresh_from_db()
            text = error_text(error, store.edition_of(game))
            return screens.render_projector(request, game, text, status=error.http_status)
        if not request.htmx:
            return redirect("play:host", game.code)
        return screens.render_projector(request, game)


@login_required
@require_POST
@throttled
def undo(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    with translation.override(game.language):
        try:
            with screens.answering(request):
                game = store.undo(game)
        except RuleViolation as error:
            text = error_text(error, store.edition_of(game))
            return screens.render_projector(request, game, text, status=error.http_status)
        if not request.htmx:
            return redirect("play:host", game.code)
        return screens.render_projector(request, game)


@login_required
@require_POST
@throttled
def change_mode(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda game: set_mode(game, request.POST.get("mode", "")))


@login_required
@require_POST
@throttled
def table_on_phones(request: HttpRequest, code: str) -> HttpResponse:
    on = request.POST.get("on", "") == "1"
    return _act(request, code, lambda game: show_table_on_phones(game, on))


@login_required
@require_POST
@throttled
def kick(request: HttpRequest, code: str) -> HttpResponse:
    def action(game: Game) -> None:
        # The shells name seats by their index; ``team`` (a seat's id) is the older form.
        if "seat" in request.POST:
            index = access.parse_index(request.POST["seat"])
            team = game.teams.filter(index=index).first() if index is not None else None
        else:
            team = Team.objects.filter(game=game, pk=access.parse_id(request.POST.get("team")))
            team = team.first()
        if team is None:
            raise RuleViolation("unknown_team", "That team does not play in this game.")
        kick_device(game, team)

    return _act(request, code, action)


@login_required
@require_POST
@throttled
def end(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, end_game)


@login_required
@require_GET
@throttled
def results_csv(request: HttpRequest, code: str) -> HttpResponse:
    """The game's results as a spreadsheet in the game's language: German with semicolons and
    a decimal comma, English with commas and a decimal point (what Excel and LibreOffice read
    in that language); whole numbers without thousands separators, which every locale reads
    as numbers; a BOM, without which Excel takes UTF-8 names (Bären) for Windows-1252."""
    game = _get_game_for_host(request, code)
    edition = store.edition_of(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="spot-on-{game.code}.csv"'
    # Team names and a game's whole history: kept by no browser or proxy.
    patch_cache_control(response, no_store=True, private=True)
    german = game.language == "de"
    response.write("\ufeff")
    writer = csv.writer(response, delimiter=";" if german else ",")
    with translation.override(game.language):
        rows = edition.rows(game.state) if edition.rows else [[_("Game"), game.code]]
        for number, row in enumerate(rows):
            cells = [csv_cell(value, german) for value in row]
            writer.writerow(unique_names(cells) if number == 0 else cells)
    return response


def csv_cell(value: Any, german: bool) -> Any:
    """One cell as the CSV's language writes it, safe from being read as a formula."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)  # never grouped: "1,234" is a decimal in German spreadsheets
    if isinstance(value, float):
        text = format(value, ".6g") if value == value else ""
        return text.replace(".", ",") if german else text
    return neutralise_formula(str(value))


def unique_names(header: list[Any]) -> list[Any]:
    """A header whose every column has a name of its own (a team called "Round" beside the
    round column): a repeated name is numbered, "Round (2)"."""
    seen: dict[str, int] = {}
    out = []
    for name in header:
        key = str(name).casefold()
        seen[key] = seen.get(key, 0) + 1
        out.append(name if seen[key] == 1 else f"{name} ({seen[key]})")
    return out
