"""The teacher's screens: game list, new game, the projector view and its controls, results."""

from __future__ import annotations

import csv
import time

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.roles import can_run_games
from play import games, germany, guard, registry, views_shell, views_world, world
from play.display import decorate, error_text, qr_svg, results_table, round_map_svg, tip_card
from play.expiry import expire_games
from play.forms import engine_game_form
from play.models import Game, Mode, Team
from play.rules_common import RuleViolation
from play.services import can_manage, end_game, kick_device, set_mode
from play.state import available_tips, game_data


def _get_game_for_host(request: HttpRequest, code: str) -> Game:
    game = get_object_or_404(Game.objects.select_related("deck"), code=code.upper())
    if not can_manage(request.user, game):
        raise PermissionDenied
    return game


def host_context(request: HttpRequest, game: Game, error: str = "") -> dict:
    if game.edition == "world":
        return views_world.host_context(request, game, error)
    data = decorate(game_data(game))
    rnd = data["round"]
    controls_team = None
    if rnd and rnd["next"] and not game.is_finished:
        team = rnd["next"]
        # The projector plays for a team in projector mode, or when the team has no device.
        if game.mode == Mode.PROJECTOR or not team["device_joined"]:
            controls_team = team
    context = {
        "game": game,
        "data": data,
        "round": rnd,
        "controls_team": controls_team,
        "error": error,
        "is_host": True,
        "poll_url": reverse("play:host_state", args=[game.code]),
    }
    if controls_team:
        # The team's own view: in the face-down variant only it sees its earlier tips.
        own = game_data(game, viewer=Team(pk=controls_team["id"]))
        context["tip_cards"] = [tip_card(t) for t in available_tips(own, controls_team["index"])]
    if game.mode == Mode.DEVICES and not game.is_finished:
        join_url = request.build_absolute_uri(reverse("play:team", args=[game.code]))
        context["join_url"] = join_url
        context["qr"] = qr_svg(join_url)
    if rnd and rnd["revealed"]:
        context["map_svg"] = round_map_svg(game, rnd)
    if game.draw == "picked" and (rnd is None or rnd["revealed"]) and not game.is_finished:
        from cards.models import Place

        free = germany.available_place_ids(game)
        context["pickable"] = [
            (p.pk, p.display_name(game.language)) for p in Place.objects.filter(pk__in=free)
        ]
    if game.is_finished:
        teams, rows, totals = results_table(game)
        context["results"] = {"teams": teams, "rows": rows, "totals": [totals[t.pk] for t in teams]}
    return context


def render_host(request: HttpRequest, game: Game, error: str = "", status: int = 200):
    context = host_context(request, game, error)
    template = context.get("partial", "play/_host.html") if request.htmx else "play/host.html"
    return render(request, template, context, status=status)


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    if not can_run_games(request.user):
        raise PermissionDenied
    expire_games()  # cheap, and keeps the list to games that can still be played
    rows = Game.objects.select_related("deck").prefetch_related("teams")
    if not request.user.is_superuser:
        rows = rows.filter(created_by=request.user)
    show_archived = request.GET.get("archived") == "1"
    if not show_archived:
        rows = rows.filter(archived=False)
    context = {
        "games": rows[:50],
        "editions": registry.editions(),
        "legacy_world": registry.get("world") is None,
        "show_archived": show_archived,
    }
    return render(request, "play/index.html", context)


@login_required
@require_POST
def archive(request: HttpRequest, code: str) -> HttpResponse:
    """Finished games leave the list (still there with "show archived")."""
    game = _get_game_for_host(request, code)
    if game.is_finished:
        Game.objects.filter(pk=game.pk).update(archived=True)
    return redirect("play:index")


@login_required
@require_POST
def delete(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    game.delete()
    return redirect("play:index")


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """The first page for a new game: Spot On Germany's form (its older address)."""
    return redirect("play:new_engine", "germany")


@login_required
@require_http_methods(["GET", "POST"])
def new_engine_game(request: HttpRequest, slug: str) -> HttpResponse:
    """A new game of an edition on the engine, its form built from the edition's options."""
    if not can_run_games(request.user):
        raise PermissionDenied
    edition = registry.get(slug)
    if edition is None:
        raise Http404
    form = engine_game_form(edition)(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = games.create_game(
                user=request.user,
                edition=slug,
                seat_names=form.seat_names(),
                deck=form.cleaned_data.get("deck"),
                options=form.options(),
                bots=form.bots(),
                mode=form.cleaned_data["mode"],
                language=request.LANGUAGE_CODE[:2],
            )
        except RuleViolation as error:
            form.add_error(None, error_text(error))
        else:
            return redirect("play:host", game.code)
    return render(request, "play/new_engine.html", {"form": form, "edition": edition})


@login_required
@require_GET
def host(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if game.on_engine:
        return views_shell.render_projector(request, views_shell.run_due_bots(game))
    return render_host(request, game)


@require_GET
def host_state(request: HttpRequest, code: str) -> HttpResponse:
    """Polled by the projector. An unknown code and someone else's game answer alike (404), so
    the poll tells a code guesser nothing."""
    game = Game.objects.select_related("deck").filter(code=code.upper()[:16]).first()
    if game is None or not can_manage(request.user, game):
        raise Http404
    if request.GET.get("v") == str(game.version) and (
        game.bot_due_at is None or game.bot_due_at > time.time()
    ):
        return HttpResponse(status=204)
    if game.on_engine:
        return views_shell.render_projector(request, views_shell.run_due_bots(game))
    context = host_context(request, game)
    return render(request, context.get("partial", "play/_host.html"), context)


def _act(request: HttpRequest, code: str, action) -> HttpResponse:
    game = _get_game_for_host(request, code)
    render_page = views_shell.render_projector if game.on_engine else render_host
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
def start_round(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if game.on_engine:
        return views_shell.host_move(request, game, move="lay_out")
    picked = request.POST.getlist("places")

    def action(game: Game) -> None:
        if game.edition == "world":
            world.start_round(game)
        elif game.draw == "picked":
            try:
                ids = [int(p) for p in picked]
            except ValueError:
                raise RuleViolation("place_ids", "Choose places from the list.") from None
            germany.start_round(game, ids)
        else:
            germany.start_round(game)

    return _act(request, code, action)


@login_required
@require_POST
def reveal(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if game.on_engine:
        return views_shell.host_move(request, game, move="reveal")

    def action(game: Game) -> None:
        if game.edition == "world":
            world.evaluate(game, every=True)
        else:
            germany.reveal(game)

    return _act(request, code, action)


@login_required
@require_POST
def play_for_team(request: HttpRequest, code: str) -> HttpResponse:
    """The projector places a tip for the team whose turn it is."""
    game = _get_game_for_host(request, code)
    if game.on_engine:
        team = Team.objects.filter(game=game, pk=guard.parse_id(request.POST.get("team"))).first()
        if team is None:
            error = RuleViolation("unknown_team", "That team does not play in this game.")
            return views_shell.render_projector(request, game, error_text(error), status=400)
        return views_shell.host_move(request, game, move="tip", seat=team.index)

    def action(game: Game) -> None:
        if game.edition == "world":
            raise RuleViolation("wrong_edition", "World games take guesses.")
        team = _team(game, request.POST.get("team"))
        germany.play_tip(game, team, _int(request.POST.get("place")), request.POST.get("tip", ""))

    return _act(request, code, action)


@login_required
@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if not game.on_engine:
        raise Http404
    return views_shell.host_move(request, game)


@login_required
@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if not game.on_engine:
        raise Http404
    return views_shell.undo(request, game)


@login_required
@require_POST
def change_mode(request: HttpRequest, code: str) -> HttpResponse:
    return _act(request, code, lambda game: set_mode(game, request.POST.get("mode", "")))


@login_required
@require_POST
def kick(request: HttpRequest, code: str) -> HttpResponse:
    return _act(
        request, code, lambda game: kick_device(game, _team(game, request.POST.get("team")))
    )


@login_required
@require_POST
def end(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if game.on_engine and "end" in games.edition_of(game).moves:
        return views_shell.host_move(request, game, move="end")
    return _act(request, code, lambda g: world.end_game(g) if g.edition == "world" else end_game(g))


@login_required
@require_GET
def results_csv(request: HttpRequest, code: str) -> HttpResponse:
    game = _get_game_for_host(request, code)
    if game.on_engine:
        return views_shell.results_csv(game)
    if game.edition == "world":
        return views_world.results_csv(game)
    teams, rows, totals = results_table(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="spot-on-{game.code}.csv"'
    writer = csv.writer(response)
    writer.writerow([_("Round"), *[t.name for t in teams]])
    for row in rows:
        writer.writerow([row["number"], *row["points"]])
    writer.writerow([_("Total"), *[totals[t.pk] for t in teams]])
    return response


def _int(value: str | None, default: object = None) -> int:
    try:
        return int(value or "")
    except ValueError:
        if default is not None:
            return default
        raise RuleViolation("bad_input", "Choose a place and a tip card.") from None


def _team(game: Game, value: str | None) -> Team:
    team = Team.objects.filter(game=game, pk=guard.parse_id(value)).first()
    if team is None:
        raise RuleViolation("unknown_team", "That team does not play in this game.")
    return team
