"""One set of print views for every kit: its options page, the PDF, the PNG zip, a preview.

A fixed kit (Numbers, the dice game) lives at ``/print/kits/<kit>/``; a deck prints at
``/print/<slug>/`` with the kit of its edition. Results are cached by what is printed (the
deck's content) and the options.
"""

from __future__ import annotations

import hashlib
import json

from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.models import Deck, Edition
from cards.roles import can_print
from jobs import runner
from printing import kits
from printing.core.deck_source import deck_fingerprint
from printing.core.kit import Job, Kit, KitError
from printing.core.png import preview_png
from printing.kit_forms import KitForm, bound_form

CACHE_SECONDS = 24 * 3600
PREVIEW_DPI = 60
RENDER_VERSION = "3"  # bump when a printed design changes, so cached files are not reused


def _allowed(request: HttpRequest, kit: Kit) -> HttpResponse | None:
    """None when the user may print ``kit``; else the log-in redirect or PermissionDenied."""
    if kit.public:
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_print(request.user):
        raise PermissionDenied
    return None


def _deck(slug: str) -> Deck:
    return get_object_or_404(Deck.objects.select_related("match"), slug=slug)


def _kit_and_deck(kit_slug: str | None, slug: str | None) -> tuple[Kit, Deck | None]:
    if slug is None:
        try:
            kit = kits.get(kit_slug or "")
        except KitError:
            raise Http404("no such kit") from None
        if kit.source:
            raise Http404("this kit prints a deck: choose one on /print/")
        return kit, None
    deck = _deck(slug)
    if deck.edition == Edition.MATCH and not hasattr(deck, "match"):
        raise Http404("the match deck has no cards yet")
    return kits.for_edition(deck.edition), deck


def _refused(text: str) -> HttpResponse:
    return HttpResponseBadRequest(text, content_type="text/plain; charset=utf-8")


def _form_errors(form: KitForm) -> str:
    errors = "; ".join(
        f"{k}: {' '.join(v)}" if k != "__all__" else " ".join(v) for k, v in form.errors.items()
    )
    return "{} {}".format(_("Invalid print options."), errors)


def _content(deck: Deck | None) -> str:
    """What the deck prints, as a string that changes with every edit of it."""
    if deck is None:
        return ""
    if deck.edition == Edition.MATCH:
        return json.dumps(deck.match.as_data().as_json(), sort_keys=True)
    return deck_fingerprint(deck)


def _cached(job: Job, deck: Deck | None, kind: str, make) -> bytes:
    """``make()`` once per kit, deck content, options and output kind."""
    content = _content(deck)
    raw = json.dumps(
        [RENDER_VERSION, job.kit.slug, kind, content, dict(job.options)], sort_keys=True
    )
    key = f"printing:{kind}:{hashlib.sha256(raw.encode()).hexdigest()}"
    data = cache.get(key)
    if data is None:
        data = make()
        cache.set(key, data, CACHE_SECONDS)
    return data


def _job_or_400(request: HttpRequest, kit: Kit, deck: Deck | None, query=None):
    """(the form, None) or (None, a 400 naming what is wrong)."""
    form = bound_form(kit, request.GET if query is None else query, deck)
    if not form.is_valid():
        return None, _refused(_form_errors(form))
    return form, None


def _filename(job: Job, deck: Deck | None, ext: str) -> str:
    what = job.options.get("what", "kit")
    what = what if isinstance(what, str) else "-".join(what)
    name = deck.slug if deck is not None else f"spot-on-{job.kit.slug}"
    return f"{name}-{what}-{job.language}.{ext}"


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
    the_kit, deck = _kit_and_deck(kit, slug)
    denied = _allowed(request, the_kit)
    if denied:
        return denied
    form = bound_form(the_kit, request.GET, deck)
    valid = form.is_valid()
    if deck is not None:
        urls = {n: f"printing:{n}" for n in ("deck", "pdf", "png_zip", "preview", "job")}
        args = [deck.slug]
    else:
        urls = {n: f"printing:kit_{n}" for n in ("page", "pdf", "png_zip", "preview", "job")}
        urls["deck"] = urls.pop("page")
        args = [the_kit.slug]
    job = form.cleaned_data.get("job") if valid else None
    png = bool(job and any(p.faces for p in the_kit.chosen(job)))
    context = {
        "kit": the_kit,
        "deck": deck,
        "form": form,
        "valid": valid,
        "query": request.GET.urlencode() if request.GET else "",
        "urls": urls,
        "args": args,
        "png": png,
        "count": _count(deck),
        "symbol_set": getattr(getattr(deck, "match", None), "symbol_set", None),
    }
    return render(request, "printing/kit.html", context, status=200 if valid else 400)


def _count(deck: Deck | None) -> int | None:
    if deck is None:
        return None
    if deck.edition == Edition.MATCH:
        return deck.match.cards.count()
    return deck.cards.count()


def _pdf(form: KitForm, deck: Deck | None) -> bytes:
    job = form.cleaned_data["job"]
    return _cached(job, deck, "pdf", lambda: job.kit.render(form.full_job()))


@require_GET
def pdf(request: HttpRequest, kit: str | None = None, slug: str | None = None, query=None):
    the_kit, deck = _kit_and_deck(kit, slug)
    denied = _allowed(request, the_kit)
    if denied:
        return denied
    form, error = _job_or_400(request, the_kit, deck, query)
    if error:
        return error
    job = form.cleaned_data["job"]
    try:
        data = _pdf(form, deck)
    except KitError as exc:
        return _refused(str(exc))
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{_filename(job, deck, "pdf")}"'
    return response


@require_GET
def png_zip(request: HttpRequest, kit: str | None = None, slug: str | None = None):
    the_kit, deck = _kit_and_deck(kit, slug)
    denied = _allowed(request, the_kit)
    if denied:
        return denied
    form, error = _job_or_400(request, the_kit, deck)
    if error:
        return error
    job = form.cleaned_data["job"]
    try:
        data = _cached(job, deck, "zip", lambda: the_kit.render_faces(form.full_job()))
    except KitError as exc:
        return _refused(str(exc))
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{_filename(job, deck, "zip")}"'
    return response


@require_POST
def start_job(request: HttpRequest, kind: str, kit: str | None = None, slug: str | None = None):
    """Start (or join: one job per identical request) the PDF or PNG zip as a background job,
    then show its progress. The options are the query string, as for the direct downloads."""
    from printing.jobs import KINDS

    if kind not in KINDS:
        raise Http404("no such kind of print")
    the_kit, deck = _kit_and_deck(kit, slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    denied = _allowed(request, the_kit)
    if denied:
        return denied
    form, error = _job_or_400(request, the_kit, deck)
    if error:
        return error
    job = form.cleaned_data["job"]
    if kind == "zip" and not any(p.faces for p in the_kit.chosen(job)):
        return _refused(_("PNG files are made of card faces only."))
    key = runner.request_key(RENDER_VERSION, the_kit.slug, kind, _content(deck), dict(job.options))
    name = deck.name if deck is not None else str(the_kit.title)
    title = "{} · {}".format(name, _("PNG zip") if kind == "zip" else _("PDF"))
    params = {
        "kit": kit,
        "slug": slug,
        "kind": kind,
        "query": request.GET.urlencode(),
    }
    started, _new = runner.start(request.user, key, title, "printing.jobs.make_print", params)
    return redirect("jobs:detail", job_id=started.pk)


@require_GET
def preview(request: HttpRequest, kit: str | None = None, slug: str | None = None):
    """The first page of the PDF as a PNG, for the options page."""
    the_kit, deck = _kit_and_deck(kit, slug)
    denied = _allowed(request, the_kit)
    if denied:
        return denied
    form, error = _job_or_400(request, the_kit, deck)
    if error:
        return error
    job = form.cleaned_data["job"]
    try:
        data = _cached(job, deck, "preview", lambda: preview_png(_pdf(form, deck), PREVIEW_DPI))
    except KitError as exc:
        return _refused(str(exc))
    return HttpResponse(data, content_type="image/png")


# --- the older addresses, kept working ---------------------------------------------------------


def _match_only(view):
    """A match deck's older ``round`` address: the same view, for match decks only."""

    def wrapped(request: HttpRequest, slug: str) -> HttpResponse:
        if _deck(slug).edition != Edition.MATCH:
            raise Http404("not a match deck")
        return view(request, slug=slug)

    wrapped.__name__ = f"round_{view.__name__}"
    return wrapped


round_page = _match_only(page)
round_pdf = _match_only(pdf)
round_png_zip = _match_only(png_zip)
round_preview = _match_only(preview)


@require_GET
def numbers_kit_pdf(request: HttpRequest) -> HttpResponse:
    """``/print/numbers-kit.pdf?what=…&language=…``: the Numbers kit's PDF."""
    return pdf(request, kit="numbers")


@require_GET
def dice_kit_pdf(request: HttpRequest) -> HttpResponse:
    """``/print/games/dice.pdf?language=…&paper=…&mix=…&part=…``: the dice kit's PDF."""
    query = request.GET.copy()
    parts = query.getlist("part")
    query.pop("part", None)
    if parts:
        query.setlist("what", parts)
    return pdf(request, kit="dice", query=_QueryWithLists(query))


class _QueryWithLists:
    """A query whose repeated ``what`` stays a list (``QueryDict.dict`` keeps the last)."""

    def __init__(self, query) -> None:
        self.query = query

    def __bool__(self) -> bool:
        return bool(self.query)

    def __iter__(self):
        return iter(self.query)

    def __contains__(self, key: str) -> bool:
        return key in self.query

    def dict(self) -> dict:
        data = self.query.dict()
        if len(self.query.getlist("what")) > 1:
            data["what"] = self.query.getlist("what")
        return data
