"""World games in the browser: the projector's and the team devices' context and actions.

The page machinery (join, rejoin, kick, mode, polling) is shared with Germany games in
``views_host`` and ``views_team``; they hand world games to the functions here.
"""

from __future__ import annotations

import csv

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from geo.boards import BOARDS
from play import world
from play.display import qr_svg
from play.display_world import (
    board_svg,
    boards,
    decorate,
    error_text,
    guess_pad,
    solution_svg,
    track_svg,
)
from play.models import Game, Mode, Team, WorldCard, WorldGuess
from play.rules_common import RuleViolation
from play.state import game_data

HOST_PARTIAL = "play/world/_host.html"
TEAM_PARTIAL = "play/world/_team.html"


def _controls(game: Game, team: dict | None) -> bool:
    """The projector acts for a team in projector mode, or when the team has no device."""
    return bool(team) and (game.mode == Mode.PROJECTOR or not team["device_joined"])


def host_context(request: HttpRequest, game: Game, error: str = "") -> dict:
    data = decorate(game_data(game))
    rnd = data["round"]
    phase = rnd["phase"] if rnd else None
    context = {
        "game": game,
        "data": data,
        "round": rnd,
        "phase": phase,
        "error": error,
        "is_host": True,
        "partial": HOST_PARTIAL,
        "poll_url": reverse("play:host_state", args=[game.code]),
        "track": track_svg(data),
        "pad_action": reverse("play:world_host", args=[game.code, "guess"]).removesuffix("guess/"),
        "boards": boards(game.language),
    }
    if rnd and not game.is_finished:
        if phase in (world.CHOOSING, world.EXCHANGING) and _controls(game, rnd["next"]):
            context["controls_team"] = rnd["next"]
            if phase == world.EXCHANGING:
                context["controls_card"] = next(
                    c for c in rnd["held"] if c["team"] == rnd["next"]["index"]
                )
        if phase == world.GUESSING:
            pending = [g["t"] for g in rnd["guesses"] if not g["locked"]]
            team = next((t for t in pending if _controls(game, t)), None)
            if team is not None:
                row = WorldGuess.objects.filter(round__game=game, round__number=rnd["number"])
                row = row.filter(team_id=team["id"]).first()
                context["guess_team"] = team
                context["pad"] = guess_pad(row.guess if row else "", game.language)
                context["guess_card"] = next(c for c in rnd["held"] if c["team"] == team["index"])
    if game.mode == Mode.DEVICES and not game.is_finished:
        join_url = request.build_absolute_uri(reverse("play:team", args=[game.code]))
        context["join_url"] = join_url
        context["qr"] = qr_svg(join_url)
    return context


def team_context(game: Game, team: Team, error: str = "") -> dict:
    data = decorate(game_data(game, viewer=team))
    rnd = data["round"]
    me = next(t for t in data["teams"] if t["id"] == team.pk)
    phase = rnd["phase"] if rnd else None
    context = {
        "game": game,
        "team": team,
        "me": me,
        "data": data,
        "round": rnd,
        "phase": phase,
        "error": error,
        "partial": TEAM_PARTIAL,
        "poll_url": reverse("play:team_state", args=[game.code]),
        "boards": boards(game.language),
        "pad_action": reverse("play:world_team", args=[game.code, "guess"]).removesuffix("guess/"),
        "my_turn": bool(rnd and rnd["next_team"] == team.index and not game.is_finished),
    }
    if rnd:
        context["my_card"] = next((c for c in rnd["held"] if c["team"] == team.index), None)
        context["my_guess"] = me.get("guess")
        if phase == world.GUESSING and context["my_guess"]:
            context["pad"] = guess_pad(context["my_guess"]["guess"] or "", game.language)
        context["my_evaluation"] = next(
            (e for e in rnd["evaluations"] if e["team"] == team.index), None
        )
    return context


# --- actions ----------------------------------------------------------------------------------


def _team(game: Game, value: str | None) -> Team:
    try:
        pk = int(value or "")
    except ValueError:
        raise RuleViolation("unknown_team", "That team does not play in this game.") from None
    team = Team.objects.filter(game=game, pk=pk).first()
    if team is None:
        raise RuleViolation("unknown_team", "That team does not play in this game.")
    return team


def _card_id(value: str | None) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise RuleViolation("card_not_available", "Choose one of the laid-out cards.") from None


def _move(game: Game, team: Team, action: str, post) -> None:
    """A team's move, from its device or from the projector."""
    if action == "choose":
        world.choose(game, team, _card_id(post.get("card")))
    elif action == "exchange":
        world.exchange(game, team, post.get("exchange") == "yes")
    elif action == "guess":
        world.set_guess(game, team, post.get("guess") or "")
    elif action == "lock":
        world.lock_guess(game, team)
    else:
        raise Http404


TEAM_ACTIONS = ("choose", "exchange", "guess", "lock")
TEACHER_ACTIONS = {
    "round": world.start_round,
    "close": world.close_guessing,
    "evaluate": lambda game: world.evaluate(game),
    "evaluate-all": lambda game: world.evaluate(game, every=True),
}


@login_required
@require_POST
def host_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    from play.views_host import _act

    if action not in TEACHER_ACTIONS and action not in TEAM_ACTIONS:
        raise Http404

    def run(game: Game) -> None:
        if action in TEACHER_ACTIONS:
            TEACHER_ACTIONS[action](game)
        else:
            _move(game, _team(game, request.POST.get("team")), action, request.POST)

    return _act(request, code, run)


@require_POST
def team_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    from play.views_team import _device_team, _game, _render_team

    game = _game(code)
    me = _device_team(request, game)
    if me is None:
        return redirect("play:team", game.code)
    try:
        _move(game, me, action, request.POST)
    except RuleViolation as error:
        game.refresh_from_db()
        return _render_team(request, game, me, error_text(error), status=error.http_status)
    if not request.htmx:
        return redirect("play:team", game.code)
    game.refresh_from_db()
    return _render_team(request, game, me)


# --- images and results -----------------------------------------------------------------------


@require_GET
@cache_control(public=True, max_age=86400)
def board_image(request: HttpRequest, board: str) -> HttpResponse:
    if board not in BOARDS:
        raise Http404
    language = "en" if request.GET.get("lang") == "en" else "de"
    return _svg(request, *board_svg(board, language))


def _svg(request: HttpRequest, raw: bytes, packed: bytes) -> HttpResponse:
    """An SVG, gzipped for the clients that take it (a board is 250 kB plain, 70 kB packed)."""
    if "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", ""):
        response = HttpResponse(packed, content_type="image/svg+xml")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(raw, content_type="image/svg+xml")
    response["Vary"] = "Accept-Encoding"
    return response


@require_GET
@cache_control(private=True, max_age=3600)
def card_image(request: HttpRequest, code: str, card: int) -> HttpResponse:
    """An evaluated card's solution board; nothing for a card not yet turned over."""
    game = get_object_or_404(Game, code=code.upper())
    found = WorldCard.objects.filter(game=game, pk=card).select_related("round").first()
    if found is None or card not in {e["card"] for e in found.round.state.get("evaluations", [])}:
        raise Http404
    return _svg(request, *solution_svg(found.place_id, game.language))


def results_csv(game: Game) -> HttpResponse:
    """One row per round and team, then the colour bonus and the final positions."""
    data = decorate(game_data(game))
    teams = {t["index"]: t for t in data["teams"]}
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="spot-on-world-{game.code}.csv"'
    writer = csv.writer(response)
    writer.writerow(
        [
            _("Round"),
            _("Team"),
            _("Card"),
            _("Colour"),
            _("Guess"),
            _("Correct"),
            _("Steps"),
            _("Kept"),
            _("Position"),
        ]
    )
    names = dict(WorldCard.objects.filter(game=game).values_list("pk", "place__name"))
    length = data["track"]["length"]
    for rnd in game.rounds.order_by("number"):
        cards = dict(rnd.world_cards.values_list("pk", "colour"))
        for e in rnd.state.get("evaluations", []):
            writer.writerow(
                [
                    rnd.number,
                    teams[e["team"]]["name"],
                    names.get(e["card"], ""),
                    cards.get(e["card"], ""),
                    e["guess"] or "",
                    int(e["correct"]),
                    e["steps"],
                    int(e["kept"]),
                    _position(e["end"], length),
                ]
            )
        for b in rnd.state.get("bonus", []):
            writer.writerow(
                [
                    _("Colour bonus"),
                    teams[b["team"]]["name"],
                    "",
                    b["colour"],
                    "",
                    "",
                    b["steps"],
                    "",
                    _position(b["end"], length),
                ]
            )
    for t in data["teams"]:
        writer.writerow(
            [
                _("Final"),
                t["name"],
                "",
                "",
                "",
                "",
                "",
                sum(t["kept"].values()),
                _position(t["position"], length),
            ]
        )
    return response


def _position(position: int | None, length: int) -> str:
    if position is None:
        return "start"
    if position > length:
        return f"F{position - length}"
    return str(position)


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    from django.conf import settings
    from django.core.exceptions import PermissionDenied

    from cards.roles import can_run_games
    from play.forms import NewWorldGameForm
    from play.services import create_game

    if not can_run_games(request.user):
        raise PermissionDenied
    form = NewWorldGameForm(
        request.POST or None, initial={"track_length": settings.WORLD_TRACK_LENGTH}
    )
    if request.method == "POST" and form.is_valid():
        try:
            game = create_game(
                user=request.user,
                edition="world",
                deck=form.cleaned_data["deck"],
                team_names=form.team_names(),
                starting_team=form.cleaned_data["starting_team"],
                mode=form.cleaned_data["mode"],
                options={
                    "track_length": form.cleaned_data["track_length"],
                    "longer_game": form.cleaned_data["longer_game"],
                },
                language=request.LANGUAGE_CODE,
            )
        except RuleViolation as error:
            form.add_error(None, error_text(error))
        else:
            return redirect("play:host", game.code)
    return render(request, "play/world/new.html", {"form": form})
