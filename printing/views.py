"""One set of print views for every kit: its options page, the PDF, the PNG zip, a preview.

A fixed kit (Numbers, the dice game) lives at ``/print/kits/<kit>/``; a deck prints at
``/print/<slug>/`` with the kit of its edition. What a request is (kit, deck, options, file
name) is ``printing.requests``'s; results are cached by what is printed (the deck's content)
and the options. No view names a kit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.models import Deck
from cards.roles import can_print
from jobs import runner
from printing import kits, requests
from printing.core.kit import Kit, KitError
from printing.core.png import preview_png
from printing.requests import PrintRequest

CACHE_SECONDS = 24 * 3600
PREVIEW_DPI = 60


def _allowed(request: HttpRequest, kit: Kit) -> HttpResponse | None:
    """None when the user may print ``kit``; else the log-in redirect or PermissionDenied."""
    if kit.public:
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_print(request.user):
        raise PermissionDenied
    return None


def _request(kit: str | None, slug: str | None, query) -> PrintRequest:
    try:
        return PrintRequest.of(kit, slug, query)
    except KitError as exc:  # no such kit or deck
        raise Http404(str(exc)) from None


def _refused(text: str) -> HttpResponse:
    return HttpResponseBadRequest(text, content_type="text/plain; charset=utf-8")


def _cached(req: PrintRequest, kind: str, make: Callable[[], bytes]) -> bytes:
    """``make()`` once per kit, deck content, options and output kind."""
    raw = json.dumps(req.key(kind), sort_keys=True)
    key = f"printing:{kind}:{hashlib.sha256(raw.encode()).hexdigest()}"
    data = cache.get(key)
    if data is None:
        data = make()
        cache.set(key, data, CACHE_SECONDS)
    return data


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every kit: the fixed ones with their options page, the deck kits with their decks."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_print(request.user):
        raise PermissionDenied
    decks = list(Deck.objects.order_by("name"))
    deck_kits = [
        (kit, [d for d in decks if d.edition in kit.editions])
        for kit in kits.KITS.values()
        if kit.source
    ]
    known = {e for kit in kits.KITS.values() for e in kit.editions}
    others = [d for d in decks if d.edition not in known]
    context = {"fixed": kits.fixed_kits(), "deck_kits": deck_kits, "others": others}
    return render(request, "printing/index.html", context)


@require_GET
def page(request: HttpRequest, kit: str | None = None, slug: str | None = None) -> HttpResponse:
    """The options page of a kit (or a deck), with its preview and downloads."""
    req = _request(kit, slug, request.GET)
    denied = _allowed(request, req.kit)
    if denied:
        return denied
    valid = req.valid
    if req.deck is not None:
        urls = {n: f"printing:{n}" for n in ("deck", "pdf", "png_zip", "preview", "job")}
        args = [req.deck.slug]
    else:
        urls = {n: f"printing:kit_{n}" for n in ("page", "pdf", "png_zip", "preview", "job")}
        urls["deck"] = urls.pop("page")
        args = [req.kit.slug]
    job = req.job if valid else None
    png = bool(job and any(p.faces for p in req.kit.chosen(job)))
    context = {
        "kit": req.kit,
        "deck": req.deck,
        "form": req.form,
        "valid": valid,
        "query": request.GET.urlencode() if request.GET else "",
        "urls": urls,
        "args": args,
        "png": png,
        "count": requests.count(req.kit, req.deck),
        "credit": req.kit.credit(req.deck) if req.deck is not None and req.kit.credit else "",
    }
    return render(request, "printing/kit.html", context, status=200 if valid else 400)


def _pdf(req: PrintRequest) -> bytes:
    return _cached(req, "pdf", lambda: req.render("pdf"))


@require_GET
def pdf(request: HttpRequest, kit: str | None = None, slug: str | None = None) -> HttpResponse:
    req = _request(kit, slug, request.GET)
    denied = _allowed(request, req.kit)
    if denied:
        return denied
    if not req.valid:
        return _refused(req.errors)
    try:
        data = _pdf(req)
    except KitError as exc:
        return _refused(str(exc))
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{req.filename("pdf")}"'
    return response


@require_GET
def png_zip(request: HttpRequest, kit: str | None = None, slug: str | None = None):
    req = _request(kit, slug, request.GET)
    denied = _allowed(request, req.kit)
    if denied:
        return denied
    if not req.valid:
        return _refused(req.errors)
    try:
        data = _cached(req, "zip", lambda: req.render("zip"))
    except KitError as exc:
        return _refused(str(exc))
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{req.filename("zip")}"'
    return response


@require_POST
def start_job(request: HttpRequest, kind: str, kit: str | None = None, slug: str | None = None):
    """Start (or join: one job per identical request) the PDF or PNG zip as a background job,
    then show its progress. The options are the query string, as for the direct downloads."""
    if kind not in requests.KINDS:
        raise Http404("no such kind of print")
    req = _request(kit, slug, request.GET)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    denied = _allowed(request, req.kit)
    if denied:
        return denied
    if not req.valid:
        return _refused(req.errors)
    if kind == "zip" and not any(p.faces for p in req.kit.chosen(req.job)):
        return _refused(_("PNG files are made of card faces only."))
    key = runner.request_key(*req.key(kind))
    name = req.deck.name if req.deck is not None else str(req.kit.title)
    title = "{} · {}".format(name, _("PNG zip") if kind == "zip" else _("PDF"))
    params = {"kit": kit, "slug": slug, "kind": kind, "query": request.GET.urlencode()}
    started, _new = runner.start(request.user, key, title, "printing.jobs.make_print", params)
    return redirect("jobs:detail", job_id=started.pk)


@require_GET
def preview(request: HttpRequest, kit: str | None = None, slug: str | None = None):
    """The first page of the PDF as a PNG, for the options page."""
    req = _request(kit, slug, request.GET)
    denied = _allowed(request, req.kit)
    if denied:
        return denied
    if not req.valid:
        return _refused(req.errors)
    try:
        data = _cached(req, "preview", lambda: preview_png(_pdf(req), PREVIEW_DPI))
    except KitError as exc:
        return _refused(str(exc))
    return HttpResponse(data, content_type="image/png")
