"""The teacher's homework pages: the list of assignments, a new one (per edition), and an
assignment's page with its code, link and QR code, the results, and close, extend, delete,
rename or remove a nickname."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.roles import can_run_games
from play.core import classes, homework, registry
from play.core.access import parse_id
from play.core.classes import classes_of
from play.core.errors import RuleViolation
from play.core.forms import assignment_form
from play.core.presentation import qr_svg
from play.models import Assignment, Game


def _teacher(request: HttpRequest) -> None:
    if not can_run_games(request.user):
        raise PermissionDenied


def _owned(request: HttpRequest, assignment_id: str) -> Assignment:
    """The teacher's own assignment (an admin's: any); another's is as unknown as none."""
    _teacher(request)
    found = Assignment.objects.select_related("deck", "school_class")
    if not request.user.is_superuser:
        found = found.filter(created_by=request.user)
    assignment = found.filter(pk=parse_id(assignment_id)).first()
    if assignment is None:
        raise Http404
    return assignment


def _editions():
    return [e for e in registry.editions() if e.bot is not None]


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    _teacher(request)
    listed = Assignment.objects.select_related("deck", "school_class")
    if not request.user.is_superuser:
        listed = listed.filter(created_by=request.user)
    names = {e.slug: e.name for e in registry.editions()}
    rows = [(a, names.get(a.edition, a.edition)) for a in listed[:100]]
    context = {"rows": rows, "editions": _editions(), "now": timezone.now()}
    return render(request, "play/assignments/index.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest, slug: str) -> HttpResponse:
    _teacher(request)
    edition = registry.get(slug)
    if edition is None or edition.bot is None:
        raise Http404
    low, high = homework.seat_counts(slug)
    form = assignment_form(edition, low, high)(request.POST or None)
    form.fields["school_class"].queryset = classes_of(request.user)
    if chosen := classes.class_for(request.user, request.GET.get("class")):
        form.fields["school_class"].initial = chosen.pk
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            assignment = homework.create_assignment(
                user=request.user,
                edition=slug,
                deck=data.get("deck"),
                options=form.options(),
                school_class=data.get("school_class"),
                opens_at=data.get("opens_at"),
                closes_at=data["closes_at"],
                attempts=data["attempts"],
                bots=data["bots"],
                strength=data["strength"],
                blocklist=data["blocklist"],
                language=request.LANGUAGE_CODE[:2],
            )
        except RuleViolation as error:
            form.add_error(None, homework.message(error))
        else:
            return redirect("play:assignment", assignment.pk)
    context = {"form": form, "edition": edition, "time_zone": timezone.get_current_timezone_name()}
    return render(request, "play/assignments/new.html", context, status=400 if form.errors else 200)


def _page(request: HttpRequest, assignment: Assignment, error: str = "", status: int = 200):
    link = request.build_absolute_uri(reverse("play:homework", args=[assignment.code]))
    edition = registry.get(assignment.edition)
    context = {
        "assignment": assignment,
        "edition": edition,
        "link": link,
        "qr": qr_svg(link),
        "results": homework.results(assignment),
        "error": error,
        "time_zone": timezone.get_current_timezone_name(),
        "closes_local": timezone.localtime(assignment.closes_at).strftime("%Y-%m-%dT%H:%M"),
    }
    return render(request, "play/assignments/detail.html", context, status=status)


@login_required
@require_GET
def detail(request: HttpRequest, assignment_id: str) -> HttpResponse:
    return _page(request, _owned(request, assignment_id))


@login_required
@require_POST
def close(request: HttpRequest, assignment_id: str) -> HttpResponse:
    homework.close_now(_owned(request, assignment_id))
    return redirect("play:assignment", assignment_id)


@login_required
@require_POST
def extend(request: HttpRequest, assignment_id: str) -> HttpResponse:
    assignment = _owned(request, assignment_id)
    field = assignment_form(registry.get(assignment.edition), 1, 1).base_fields["closes_at"]
    try:
        closes_at = field.clean(request.POST.get("closes_at", ""))
    except ValidationError:
        closes_at = None  # refused below with the homework's own sentence
    try:
        homework.extend(assignment, closes_at)
    except RuleViolation as error:
        return _page(request, assignment, homework.message(error), 400)
    return redirect("play:assignment", assignment.pk)


@login_required
@require_POST
def delete(request: HttpRequest, assignment_id: str) -> HttpResponse:
    assignment = _owned(request, assignment_id)
    Game.objects.filter(attempt__assignment=assignment).delete()
    assignment.delete()
    return redirect("play:assignments")


@login_required
@require_POST
def nickname(request: HttpRequest, assignment_id: str) -> HttpResponse:
    assignment = _owned(request, assignment_id)
    old = request.POST.get("nickname", "")
    try:
        if request.POST.get("action") == "remove":
            homework.remove(assignment, old)
        else:
            homework.rename(assignment, old, request.POST.get("rename_to", ""))
    except RuleViolation as error:
        return _page(request, assignment, homework.message(error), 400)
    return redirect("play:assignment", assignment.pk)
