"""The pupil's homework screens: the link's nickname page and the solo shell, one phone showing
the whole table (the projector's fragment) above the pupil's own controls (the device's
fragment), under the pupil's seat's view and the projector's view only.

The device is known by its cookie id (``access.device_id``): a reload, a sleeping phone or a
pupil back the next day finds the same attempt. After the deadline the link says so (410).
"""

from __future__ import annotations

import functools
import math
import time
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.core import access, homework, registry, store
from play.core.engine import Screen, Viewer
from play.core.errors import RuleViolation
from play.core.presentation import error_text
from play.models import Assignment, Attempt, Game, Team
from play.shells import screens
from play.shells.device import throttled

# The solo screen knows when the next change comes: the pupil's own move answers with it, and
# the computer's falls due at a moment the stage carries (it asks then). Its regular poll is
# only for what nobody announces (the deadline, the teacher closing or renaming, a second
# tab): once a second, 300 pupils made 3 of every 4 requests of homework, nearly all "no".
POLL_MS = 5000

GONE = homework.Gone("closed", "This homework is closed: its deadline has passed.")


def _visit(request: HttpRequest, code: str) -> tuple[Assignment, Attempt | None]:
    """The assignment with this code and the device's newest attempt at it, with its game,
    in one query when there is an attempt (every poll and move of a pupil's screen); unknown
    codes count against the client as join codes do."""
    access.check_code_lookups(request)
    code = code.upper()[:16]
    latest = (
        Attempt.objects.filter(assignment__code=code, device=access.device_id(request))
        .select_related("assignment__deck", "game", "game__deck")
        # The set-up state is read only by an undo.
        .defer("game__moving_initial", "game__fixed")
        .order_by("-created_at", "-id")
        .first()
    )
    if latest is not None:
        return latest.assignment, latest
    found = Assignment.objects.select_related("deck").filter(code=code).first()
    if found is None:
        access.count_code_miss(request)
        raise Http404("There is no homework with that code.")
    return found, None


def _seat(attempt: Attempt) -> Team:
    return next(t for t in screens.seats_of(attempt.game) if t.index == 0)


def _local_time(value, style: str = "DATETIME_FORMAT") -> str:
    return formats.date_format(timezone.localtime(value), style)


def computer_due(game: Game, now: float | None = None) -> dict[str, Any]:
    """When the computer's next move falls due: the screen asks for it then (``due_ms`` after
    it is drawn), not at its next once-a-second poll, which would add half a second on average
    to every computer move a pupil waits for (up to a whole one). ``due_at`` (seconds since the
    epoch) is for a reader that shares the server's clock; a browser counts from ``due_ms``."""
    if game.bot_due_at is None or game.is_finished:
        return {"due_ms": None, "due_at": ""}
    wait = game.bot_due_at - (time.time() if now is None else now)
    # Rounded up: asked a millisecond early, the poll would find nothing due yet.
    return {"due_ms": max(0, math.ceil(wait * 1000)), "due_at": f"{game.bot_due_at:.3f}"}


def solo_context(assignment: Assignment, attempt: Attempt, error: str = "") -> dict:
    game = attempt.game
    context = screens.device_context(game, _seat(attempt), error, mirror=False)
    code = assignment.code
    context.update(
        {
            "solo": True,
            "assignment": assignment,
            "attempt": attempt,
            # Short: it shares the phone's top bar with the nickname.
            "closes_at": _local_time(assignment.closes_at, "SHORT_DATETIME_FORMAT"),
            "move_url": reverse("play:homework_move", args=[code]),
            "poll_url": reverse("play:homework_state", args=[code]),
            "hurry_url": reverse("play:homework_hurry", args=[code]),
            # The solo screen polls: the device's socket would draw the device's stage.
            "push_url": None,
            "poll_ms": POLL_MS,
            "computer_waits": game.bot_due_at is not None and not game.is_finished,
            **computer_due(game),
            # The pupil's own table, live: the projector's view (no seat's secret is in it)
            # with the projector's buttons working, since a pupil alone is also the teacher.
            "table_view": store.view_for(
                game,
                Viewer.projector(),
                Screen(game.code, game.language, context["seats"], context["result"]),
            ),
            "table_fragment": f"play/{game.edition}/_projector.html",
        }
    )
    if game.is_finished:
        left = homework.attempts_left(assignment, attempt.device)
        context["again"] = left > 0 and assignment.is_open()
        context["attempts_left"] = left
        context["report_url"] = reverse("reports:homework", args=[code])
        context["at_deadline"] = homework.scored_at_deadline(attempt)
    return context


def in_assignment_language(view):
    """The view gets the assignment and the device's newest attempt (or ``None``) and speaks
    the assignment's language."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, code: str, *args, **kwargs):
        assignment, latest = _visit(request, code)
        with translation.override(assignment.language):
            return view(request, assignment, latest, *args, **kwargs)

    return wrapper


def _render_solo(request, assignment, attempt, error: str = "", status: int = 200):
    template = "play/_stage.html" if request.htmx else "play/shell_solo.html"
    response = render(request, template, solo_context(assignment, attempt, error), status=status)
    response["Cache-Control"] = "no-store, private"
    return response


def _closed(request: HttpRequest, assignment: Assignment) -> HttpResponse:
    context = {"assignment": assignment, "closes_at": _local_time(assignment.closes_at)}
    return render(request, "play/homework_closed.html", context, status=410)


def _form(request, assignment, error: str = "", nickname: str = "", status: int = 200):
    device = access.device_id(request)
    context = {
        "assignment": assignment,
        "edition": registry.get(assignment.edition),
        "closes_at": _local_time(assignment.closes_at),
        "opens_at": _local_time(assignment.opens_at),
        "not_open": timezone.now() < assignment.opens_at,
        "attempts_left": homework.attempts_left(assignment, device),
        "error": error,
        "nickname": nickname,
        "max_length": homework.NICKNAME_MAX,
    }
    return render(request, "play/homework_start.html", context, status=status)


@require_http_methods(["GET", "POST"])
@throttled
@in_assignment_language
def start(request: HttpRequest, assignment: Assignment, latest: Attempt | None) -> HttpResponse:
    """The link: the device's attempt if it has one going (or just finished), else the
    nickname form; after the deadline, a page that says the homework is closed."""
    if latest is not None:
        homework.finish_if_overdue(latest.game, assignment.closes_at)
        latest.game.refresh_from_db()
    if request.method == "GET":
        # A finished attempt shows its end until the pupil asks for a new one; a running one
        # is played on while the homework is open (after it, the attempt was just scored).
        finished = latest is not None and latest.game.is_finished
        if latest is not None and ((finished and "new" not in request.GET) or not finished):
            return _render_solo(request, assignment, latest)
        if timezone.now() >= assignment.closes_at:
            return _closed(request, assignment)
        return _form(request, assignment)
    nickname = request.POST.get("nickname", "")
    try:
        homework.start_attempt(
            assignment, nickname, access.device_id(request), access.client_address(request)
        )
    except homework.Gone:
        return _closed(request, assignment)
    except RuleViolation as error:
        return _form(request, assignment, homework.message(error), nickname[:40], error.http_status)
    return redirect("play:homework", assignment.code)


@require_GET
@throttled
@in_assignment_language
def state(request: HttpRequest, assignment: Assignment, latest: Attempt | None) -> HttpResponse:
    """Polled by the solo screen: 204 while nothing changed and no computer move is due."""
    if latest is None:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("play:homework", args=[assignment.code])
        return response
    game = homework.finish_if_overdue(latest.game, assignment.closes_at)
    waits = game.bot_due_at is None or game.bot_due_at > time.time()
    if request.GET.get("v") == str(game.version) and waits:
        return HttpResponse(status=204)
    latest.game = screens.run_due_bots(game)
    return _render_solo(request, assignment, latest)


def _acting(latest: Attempt | None) -> Attempt | None:
    return None if latest is None or latest.game.is_finished else latest


@require_POST
@throttled
@in_assignment_language
def move(request: HttpRequest, assignment: Assignment, latest: Attempt | None) -> HttpResponse:
    attempt = _acting(latest)
    if attempt is None:
        return redirect("play:homework", assignment.code)
    game = homework.finish_if_overdue(attempt.game, assignment.closes_at)
    if game.is_finished:  # the deadline passed: scored as it stood
        attempt.game = game
        return _render_solo(request, assignment, attempt, homework.message(GONE), 410)
    try:
        access.check_move_rate(game.pk, 0)
        attempt.game = store.make_move(
            game,
            0,
            request.POST.get("move", ""),
            screens.move_args(request),
            key=screens.idempotency_key(request),
        )
    except RuleViolation as error:
        game.refresh_from_db()
        attempt.game = game
        text = error_text(error, store.edition_of(game))
        return _render_solo(request, assignment, attempt, text, error.http_status)
    if not request.htmx:
        return redirect("play:homework", assignment.code)
    return _render_solo(request, assignment, attempt)


@require_POST
@throttled
@in_assignment_language
def hurry(request: HttpRequest, assignment: Assignment, latest: Attempt | None) -> HttpResponse:
    """The pupil's "Hurry": the computer's next move now."""
    attempt = _acting(latest)
    if attempt is None:
        return redirect("play:homework", assignment.code)
    game = homework.finish_if_overdue(attempt.game, assignment.closes_at)
    if not game.is_finished:
        game = store.hurry(game)
    attempt.game = game
    if not request.htmx:
        return redirect("play:homework", assignment.code)
    return _render_solo(request, assignment, attempt)
