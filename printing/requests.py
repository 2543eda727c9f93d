"""What a print request is — a kit, a deck (for a deck kit), the options and the file name —
for the views, the ``render_kit`` command and the print job worker alike.

A request names its kit and deck by slug and its options as the query of the print page;
``PrintRequest.of`` finds both (``NotFound`` when there is no such kit or deck, or the deck
cannot print yet) and checks the options with the kit's form. Nothing here names a kit: a kit
answers for its decks through its hooks (``fingerprint``, ``count``, ``unready``).
``PrintOptions`` is the same request as Python arguments (the admin action, tests, benchmarks).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.utils.translation import gettext as _

from cards.models import Deck
from printing import kits
from printing.core.deck import DeckInfo
from printing.core.deckkit import spec_of
from printing.core.kit import Job, Kit, KitError
from printing.core.sheets import SheetSpec
from printing.kit_forms import KitForm, bound_form

RENDER_VERSION = "3"  # bump when a printed design changes, so cached files are not reused
KINDS = ("pdf", "zip")


class NotFound(KitError):
    """No such kit or deck, or a deck that cannot print yet."""


def find(kit_slug: str | None, deck_slug: str | None) -> tuple[Kit, Deck | None]:
    """A fixed kit by its slug, or a deck by its slug with its edition's kit."""
    if deck_slug is None:
        kit = kits.get(kit_slug or "")  # a KitError names the kits
        if kit.source:
            raise NotFound(f"the {kit.slug} kit prints a deck: choose one on /print/")
        return kit, None
    deck = Deck.objects.filter(slug=deck_slug).first()
    if deck is None:
        raise NotFound(f"no deck {deck_slug!r}")
    if kit_slug:  # a kit printed beside the deck's own (the quiz sheet)
        kit = kits.get(kit_slug)
        if not kit.companion or deck.edition not in kit.editions:
            raise NotFound(f"the {kit.slug} kit does not print decks of the {deck.edition} edition")
        return _ready(kit, deck)
    return _ready(kits.for_edition(deck.edition), deck)


def resolve(name: str, deck: str | None = None) -> tuple[Kit, Deck | None]:
    """A fixed kit or a deck by one name, as ``render_kit`` takes it; with ``deck``, the kit
    ``name`` printed for that deck."""
    if deck:
        return find(name, deck)
    kit = kits.KITS.get(name)
    if kit is not None and not kit.source:
        return kit, None
    deck = Deck.objects.filter(slug=name).first()
    if deck is None:
        if kit is not None and kit.companion:
            raise NotFound(f"the {kit.slug} kit prints a deck: give --deck SLUG")
        fixed = ", ".join(k.slug for k in kits.fixed_kits())
        decks = ", ".join(Deck.objects.order_by("slug").values_list("slug", flat=True))
        raise NotFound(f"no kit or deck {name!r} (kits: {fixed}; decks: {decks or 'none'})")
    return _ready(kits.for_edition(deck.edition), deck)


def _ready(kit: Kit, deck: Deck) -> tuple[Kit, Deck]:
    reason = kit.unready(deck) if kit.unready else None
    if reason:
        raise NotFound(reason)
    return kit, deck


def content(kit: Kit, deck: Deck | None) -> str:
    """What the deck prints, as a string that changes with every edit of it ("" for none)."""
    if deck is None or kit.fingerprint is None:
        return ""
    return kit.fingerprint(deck)


def count(kit: Kit, deck: Deck | None) -> int | None:
    """The deck's number of cards, for its print page."""
    if deck is None or kit.count is None:
        return None
    return kit.count(deck)


def form_errors(form: KitForm) -> str:
    errors = "; ".join(
        f"{k}: {' '.join(v)}" if k != "__all__" else " ".join(v) for k, v in form.errors.items()
    )
    return "{} {}".format(_("Invalid print options."), errors)


def filename(job: Job, deck: Deck | None, ext: str) -> str:
    what = job.options.get("what", "kit")
    what = what if isinstance(what, str) else "-".join(what)
    name = deck.slug if deck is not None else f"spot-on-{job.kit.slug}"
    return f"{name}-{what}-{job.language}.{ext}"


@dataclass(frozen=True)
class PrintRequest:
    """A kit, its deck (None for a fixed kit) and the options as the print page sends them."""

    kit: Kit
    deck: Deck | None
    form: KitForm

    @classmethod
    def of(cls, kit_slug: str | None, deck_slug: str | None, query: Any) -> PrintRequest:
        """A deck's request may name a kit printed beside the deck's own (``?kit=quiz``)."""
        if deck_slug is not None and query and "kit" in query:
            kit_slug = query.get("kit")
            query = query.copy()
            query.pop("kit")
        kit, deck = find(kit_slug, deck_slug)
        return cls(kit, deck, bound_form(kit, query, deck))

    @property
    def valid(self) -> bool:
        return self.form.is_valid()

    @property
    def errors(self) -> str:
        return form_errors(self.form)

    @property
    def job(self) -> Job:
        """The checked options (the deck's cards are loaded only to print: ``full_job``)."""
        return self.form.cleaned_data["job"]

    def full_job(self) -> Job:
        return self.form.full_job()

    def filename(self, ext: str) -> str:
        return filename(self.job, self.deck, ext)

    def key(self, kind: str) -> list:
        """What the result depends on: the kit, the kind of output, the deck's content and
        the options (the key of cached files and of jobs, one per identical request)."""
        deck = content(self.kit, self.deck)
        return [RENDER_VERSION, self.kit.slug, kind, deck, dict(self.job.options)]

    def render(self, kind: str, **write: Any) -> bytes | None:
        """The PDF (``kind`` "pdf") or the zip of PNG faces ("zip"); with ``out=``,
        ``progress=``, ``processes=`` the zip is written to a file as drawn."""
        if kind == "zip":
            return self.kit.render_faces(self.full_job(), **write)
        if "progress" in write:
            return self.kit.render(self.full_job(), progress=write["progress"])
        return self.kit.render(self.full_job())


# --- a deck print as Python arguments ---------------------------------------------------------


@dataclass(frozen=True)
class PrintOptions:
    """A deck print's options as Python arguments (the admin action, tests, benchmarks); the
    kit checks them like any other request. ``None`` leaves an option to the kit's default."""

    what: str = "cards"
    layout: str | None = None
    card_size: str | None = None
    paper: str | None = None
    bleed: float | None = None
    crop_marks: bool | None = None
    dpi: int | None = None
    preset: str = ""
    track_length: int | None = None
    language: str | None = None

    def given(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v not in (None, "")}

    def resolved(self) -> dict:
        """The options as the kit prints them (defaults filled in, a preset applied)."""
        return dict(kits.get("world").clean(self.given()).options)

    @property
    def spec(self) -> SheetSpec:
        return spec_of(kits.get("world").clean(self.given()))


def job_for(deck: DeckInfo, options: PrintOptions) -> Job:
    return kits.for_edition(deck.edition).clean(options.given(), source=deck)


def render_pdf(deck: DeckInfo, options: PrintOptions) -> bytes:
    """The PDF of ``options.what`` of ``deck``."""
    job = job_for(deck, options)
    return job.kit.render(job)


def render_png_zip(deck: DeckInfo, options: PrintOptions) -> bytes:
    """One PNG per card face (with bleed) of the chosen card set."""
    job = job_for(deck, options)
    return job.kit.render_faces(job)
