"""A team's own device: join by code without an account, pick a team, place tips.

The device keeps its team token in a cookie, so a reload, a sleeping phone or a lost connection
comes back to the same team; the teacher kicking the device replaces the token.
"""

from __future__ import annotations

import functools
import time

from django.conf import settings
from django.core.handlers.exception import response_for_exception
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.core import access, reads, store
from play.core.access import TooManyGuesses, cookie_name, team_cookie_name, team_for_token
from play.core.errors import RuleViolation
from play.core.lifecycle import join_team
from play.core.presentation import error_text
from play.models import CODE_LENGTH, STATE_FIELDS, Game, Team
from play.shells import screens

COOKIE_AGE = 60 * 60 * 24  # a school day and then some


def _game(code: str, request: HttpRequest) -> Game:
    """The game with this join code; unknown codes count against the asking client."""
    return access.game_by_code(
        request, code, Game.objects.select_related("deck").defer("moving_initial", "fixed")
    )


def too_many(request: HttpRequest, by: str) -> HttpResponse:
    if by == "device":
        message = _("Too many wrong codes from this device. Wait a few minutes and try again.")
    else:
        message = _("Too many wrong codes from this network. Wait a few minutes and try again.")
    response = render(request, "play/join.html", {"code": "", "error": message}, status=429)
    response["Retry-After"] = str(settings.PLAY_CODE_MISS_WINDOW)
    return response


def throttled(view):
    """For a route that takes a code: answers 429 while the client is blocked from code
    look-ups (``access.TooManyGuesses``), and gives a device its id's cookie on its first
    visit (its misses are counted by it, apart from its neighbours at the same address)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            response = view(request, *args, **kwargs)
        except TooManyGuesses as blocked:
            response = too_many(request, blocked.by)
        except Http404 as missing:  # a wrong code's answer carries the cookie too
            response = response_for_exception(request, missing)
        access.remember_device(request, response)
        return response

    return wrapper


def _people(game: Game) -> QuerySet[Team]:
    """The seats a device may pick: the computer's seats hold no device."""
    return game.teams.filter(is_bot=False)


def _device_team(request: HttpRequest, game: Game) -> Team | None:
    return team_for_token(game, request.COOKIES.get(cookie_name(game)))


@require_http_methods(["GET", "POST"])
@throttled
def join(request: HttpRequest) -> HttpResponse:
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    error = ""
    if code:
        if by := access.code_lookups_blocked(request):
            return too_many(request, by)
        if len(code) == CODE_LENGTH and Game.objects.filter(code=code).exists():
            return redirect("play:team", code)
        access.count_code_miss(request)
        error = _("There is no game with that code. Check the code on the projector.")
    return render(request, "play/join.html", {"code": code, "error": error})


@require_GET
@throttled
def team(request: HttpRequest, code: str) -> HttpResponse:
    # A device of this game (its token is no guess) comes back even while its network is
    # blocked from looking up codes.
    seat = _device_seat(request, code.upper()[:16], "moving_initial")
    if seat is not None:
        return screens.render_device(request, screens.run_due_bots(seat.game), seat)
    game = _game(code, request)
    me = _device_team(request, game)
    if me is None:
        return render(request, "play/pick_team.html", {"game": game, "teams": _people(game)})
    return screens.render_device(request, screens.run_due_bots(game), me)


@require_POST
@throttled
def claim(request: HttpRequest, code: str) -> HttpResponse:
    game = _game(code, request)
    chosen = Team.objects.filter(game=game, pk=access.parse_id(request.POST.get("team"))).first()
    error = _("Choose your team.")
    if chosen is not None:
        try:
            token = join_team(game, chosen)
        except RuleViolation as violation:
            error = {
                "team_taken": _(
                    "Another device already plays for this team. Ask your teacher to "
                    "disconnect the other device."
                ),
                "projector_only": _(
                    "This game is played on the projector only. Ask your teacher to let "
                    "teams join with their devices."
                ),
                "game_finished": _("This game has ended."),
                "computer_seat": _("The computer plays this team. Choose another team."),
            }.get(violation.code, error_text(violation))
        else:
            response = redirect("play:team", game.code)
            response.set_cookie(
                cookie_name(game),
                token,
                max_age=COOKIE_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
            return response
    context = {"game": game, "teams": _people(game), "error": error}
    return render(request, "play/pick_team.html", context, status=409)


@require_GET
@throttled
def team_state(request: HttpRequest, code: str) -> HttpResponse:
    """Polled by team devices. Without a team of this game (an unknown code, a kicked device),
    the answer is the same: go back to the code's page (a miss of the code look-up)."""
    code = code.upper()[:16]
    me = _device_seat(request, code, "moving_initial")
    if me is None:
        if request.COOKIES.get(team_cookie_name(code)):  # a code and token that do not match
            access.check_code_lookups(request)
            access.count_code_miss(request)
        # Kicked: send the whole page back to the team picker.
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("play:team", args=[code])
        return response
    game = me.game
    # Unchanged, unless a computer seat's move has fallen due (this poll then applies it).
    bot_waits = game.bot_due_at is None or game.bot_due_at > time.time()
    if request.GET.get("v") == str(game.version) and bot_waits:
        return HttpResponse(status=204)
    return screens.render_device(request, screens.run_due_bots(game), me)


def _device_seat(request: HttpRequest, code: str, *deferred: str) -> Team | None:
    """The device's seat with its game, in one query (every screen of a class asks once a
    second); ``deferred`` game fields are not read."""
    token = request.COOKIES.get(team_cookie_name(code))
    if not token:
        return None
    return reads.seat_with_game(code, token, *deferred)


def _acting_seat(request: HttpRequest, code: str) -> Team | None:
    # A move reads the game's state again as it applies it: not here as well.
    return _device_seat(request, code.upper()[:16], *STATE_FIELDS)


@require_POST
@throttled
def move(request: HttpRequest, code: str) -> HttpResponse:
    me = _acting_seat(request, code)
    if me is None:  # no seat of this game: a code look-up like any other, counted if it misses
        return redirect("play:team", _game(code, request).code)
    game = me.game
    with translation.override(game.language):
        try:
            access.check_move_rate(game.pk, me.index)
            with screens.answering(request):
                game = store.make_move(
                    game,
                    me.index,
                    request.POST.get("move", ""),
                    screens.move_args(request),
                    key=screens.idempotency_key(request),
                )
        except RuleViolation as error:
            game.refresh_from_db()
            text = error_text(error, store.edition_of(game))
            return screens.render_device(request, game, me, text, status=error.http_status)
        if not request.htmx:
            return redirect("play:team", game.code)
        return screens.render_device(request, game, me)
