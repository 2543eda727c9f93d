"""The one Kit type: a print kit is data — its parts, its option schema and its card source.

A ``Kit`` lists its ``Part``s (card sheets, rectangular or round; maps, boards, pads, counters,
pawns, rules) and its ``Option``s. ``Kit.clean`` turns given options into a ``Job`` and refuses,
by name, any option the kit does not have; ``Kit.render`` appends each chosen part to one
``printing.core.document.Document``, which owns the sheet furniture every kit gets: a bookmark
per part, the duplex request, the scale bar with "print at 100 %" on every sheet to cut, crop marks.
The options form (``printing.kit_forms``), the views (``printing.views``) and the
``render_kit`` command are built from this schema; a kit module (``printing/kits/``) only
supplies data and its faces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext_lazy as _

from cards.options import Option, OptionError, choice
from printing.core.document import Document
from printing.core.i18n import in_language
from printing.core.presets import PRESETS
from printing.core.sheets import CARD_SIZES, LAYOUTS, MAX_BLEED, PAPERS

LANGUAGES = ("de", "en")


class KitError(ValueError):
    """A request a kit cannot fulfil (an option it does not have, a value out of range, a part
    it does not print); the message says which and what is possible."""


@dataclass(frozen=True)
class Job:
    """A kit with its options cleaned and, for a deck kit, its source (the deck's data)."""

    kit: Kit
    options: Mapping[str, Any]
    source: Any = None

    def __getitem__(self, name: str) -> Any:
        return self.options[name]

    @property
    def language(self) -> str:
        return self.options.get("language") or getattr(self.source, "language", "de") or "de"

    @property
    def paper(self) -> str:
        return self.options.get("paper", "a4")


PartDrawer = Callable[[Document, Job], None]


@dataclass(frozen=True)
class Part:
    """One part of a kit: what ``draw`` appends to the document. ``cut``: its pages are cut
    out, so each gets the scale bar and "print at 100 %"; ``faces``: it can also be exported
    as one PNG per face; ``duplex``: its sheets have backs (the document asks for duplex)."""

    slug: str
    title: Any  # a lazy translation: the part's bookmark and its name in the menu
    draw: PartDrawer
    cut: bool = True
    faces: bool = False
    duplex: bool = False


@dataclass(frozen=True)
class Kit:
    slug: str
    title: Any
    description: Any
    parts: tuple[Part, ...]
    options: tuple[Option, ...]
    source: str = ""  # "": fixed data; "deck": a deck of the card database
    editions: tuple[str, ...] = ()  # the deck editions this kit prints
    check: Callable[[Job], None] | None = None  # refuses a job (empty deck, a missing glyph)
    # Adjusts a cleaned job by what was given (a preset's card size), or refuses an option
    # that does not apply together with another.
    refine: Callable[[Job, Mapping[str, Any]], Job] | None = None
    # (job, parts, out=None, progress=None, processes=1): the zip's bytes, or written to out
    faces_zip: Callable[..., bytes | None] | None = None
    # For a deck kit: the card source of a deck of the card database, in a language or its own.
    load: Callable[[Any, str | None], Any] | None = None
    extra_parts: tuple[Part, ...] = ()  # chosen by name only, never part of "kit"
    public: bool = False  # anyone may download it (no card data of the database in it)
    # Printed for a deck beside the deck's own kit, when asked for by name (``?kit=``).
    companion: bool = False
    # For a deck kit, what the views, commands and the job worker ask of a deck without
    # knowing the kit: everything it prints as a string that changes with every edit (the
    # key of cached files), its number of cards, and why it cannot print yet (None: it can).
    fingerprint: Callable[[Any], str] | None = None
    count: Callable[[Any], int] | None = None
    unready: Callable[[Any], str | None] | None = None
    credit: Callable[[Any], str] | None = None  # a line about the deck's sources for its page
    # Its rules sheet's text in a language, (title, [(heading, body), …]): the rules page.
    rules: Callable[[str], tuple[str, list[tuple[str, str]]]] | None = None

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def part(self, slug: str) -> Part | None:
        return next((p for p in (*self.parts, *self.extra_parts) if p.slug == slug), None)

    @property
    def part_slugs(self) -> tuple[str, ...]:
        return tuple(p.slug for p in (*self.parts, *self.extra_parts))

    @property
    def png(self) -> bool:
        """Whether some part can be exported as one PNG per face."""
        return self.faces_zip is not None and any(p.faces for p in self.parts)

    def clean(self, given: Mapping[str, Any], source: Any = None) -> Job:
        """The job for ``given`` options (names as in the schema; None or "" means not given).
        An option this kit does not have is refused by name, never ignored."""
        unknown = [k for k, v in given.items() if v not in (None, "") and not self.option(k)]
        if unknown:
            names = ", ".join(o.name for o in self.options)
            raise KitError(
                f"{', '.join(sorted(unknown))} does not apply to the {self.slug} kit "
                f"(its options: {names})"
            )
        what = given.get("what")
        several = isinstance(what, list | tuple) and bool(what)
        if isinstance(what, str) and what and what != "kit" and not self.part(what):
            raise KitError(
                f"the {self.slug} kit has no part {what!r}; its parts: kit, "
                f"{', '.join(self.part_slugs)}"
            )
        try:
            options = {
                o.name: o.clean(None if several and o.name == "what" else given.get(o.name))
                for o in self.options
            }
        except OptionError as exc:
            raise KitError(str(exc)) from None
        if several:  # some parts: refuse any the kit does not have
            wrong = [w for w in what if w != "kit" and not self.part(w)]
            if wrong:
                raise KitError(
                    f"the {self.slug} kit has no part {', '.join(wrong)}; choose from kit, "
                    f"{', '.join(self.part_slugs)}"
                )
            options["what"] = "kit" if "kit" in what else tuple(what)
        job = Job(self, options, source)
        if self.refine:
            job = self.refine(job, given)
        return job

    def prepare(self, given: Mapping[str, Any], deck: Any = None) -> Job:
        """Clean ``given`` and, for a deck kit, load the deck's card source in the language
        asked for (or the deck's own)."""
        job = self.clean(given)
        if deck is None or self.load is None:
            return job
        source = self.load(deck, job.options.get("language") or None)
        return self.clean(given, source)

    def chosen(self, job: Job) -> tuple[Part, ...]:
        what = job.options.get("what", "kit")
        if what == "kit":
            return self.parts
        wanted = (what,) if isinstance(what, str) else what
        return tuple(p for p in (*self.parts, *self.extra_parts) if p.slug in wanted)

    def render(self, job: Job, progress: Any = None) -> bytes:
        """The PDF of the chosen parts, each under its own bookmark. ``progress``
        (``set_total``, ``advance``) hears of each part drawn."""
        if self.check:
            self.check(job)
        chosen = self.chosen(job)
        if progress is not None:
            progress.set_total(len(chosen) + 1)
        title = f"Spot On · {self.title}"
        if job.source is not None and getattr(job.source, "name", ""):
            title = f"Spot On · {job.source.name}"
        doc = Document(title, language=job.language)
        layout = job.options.get("layout", "duplex-long")
        if any(part.duplex for part in chosen):
            # Asked before the first part: the single-sided parts drawn before a duplex one
            # get their blank backs too.
            doc.request_duplex(layout)
        for part in chosen:
            name = in_language(job.language, part.title)
            doc.begin_part(name, cut=part.cut, single_sided=not part.duplex)
            part.draw(doc, job)
            if progress is not None:
                progress.advance()
        data = doc.finish()
        if progress is not None:
            progress.advance()
        return data

    def render_faces(self, job: Job, **write: Any) -> bytes | None:
        """One PNG per card face of the chosen parts that have faces, as a zip; with
        ``out=``, ``progress=``, ``processes=`` written to a file as drawn (``faces_zip``)."""
        parts = tuple(p.slug for p in self.chosen(job) if p.faces)
        if not parts or self.faces_zip is None:
            faced = ", ".join(p.slug for p in self.parts if p.faces) or "none"
            raise KitError(f"PNG files are made of card faces only (parts: {faced})")
        if self.check:
            self.check(job)
        return self.faces_zip(job, parts, **write)


# --- the options most kits share ------------------------------------------------------------


def what_option(parts: tuple[Part, ...], default: str = "kit") -> Option:
    return choice(
        "what",
        _("What"),
        default,
        ("kit", *(p.slug for p in parts)),
        {"kit": _("Complete kit"), **{p.slug: p.title for p in parts}},
    )


LANGUAGE = choice(
    "language",
    _("Language"),
    "",
    ("", *LANGUAGES),
    {"": _("the deck's"), "de": "Deutsch", "en": "English"},
)
FIXED_LANGUAGE = choice(
    "language", _("Language"), "de", LANGUAGES, {"de": "Deutsch", "en": "English"}
)
PAPER = choice(
    "paper",
    _("Paper"),
    "a4",
    tuple(PAPERS),
    {k: "Letter" if k == "letter" else k.upper() for k in PAPERS},
)
LAYOUT_LABELS = {
    "duplex-long": _("Double-sided, flip on long edge"),
    "duplex-short": _("Double-sided, flip on short edge"),
    "fold": _("Front and back side by side, to fold"),
    "fronts": _("Fronts only"),
}
LAYOUT = choice("layout", _("Layout"), "duplex-long", LAYOUTS, LAYOUT_LABELS)
CARD_SIZE = choice(
    "card_size",
    _("Card size"),
    "skat",
    tuple(CARD_SIZES),
    {k: f"{k.title()} {w:g}×{h:g} mm" for k, (w, h) in CARD_SIZES.items()},
)
BLEED = Option("bleed", _("Bleed (mm)"), 3.0, kind=float, min=0, max=MAX_BLEED)
CROP_MARKS = Option("crop_marks", _("Crop marks"), True, kind=bool)
DPI = Option("dpi", _("PNG resolution (dpi)"), 300, kind=int, min=72, max=1200)
PRESET = choice(
    "preset",
    _("Print-shop preset"),
    "",
    ("", *PRESETS),
    {"": _("none"), **{k: p.label for k, p in PRESETS.items()}},
    help=_("Sets card size, bleed and resolution to the shop's template."),
)


def apply_preset(job: Job, given: Mapping[str, Any]) -> Job:
    """A preset sets card size, bleed and resolution. Giving one of them too is fine when it
    says the same (``--preset mpc-poker --dpi 300``); a different value is refused."""
    preset = job.options.get("preset")
    if not preset:
        return job
    shop = PRESETS[preset]
    sets = {"card_size": shop.card_size, "bleed": shop.bleed, "dpi": shop.dpi}
    clash = [
        f"{name} {given[name]}"
        for name, value in sets.items()
        if name in job.options
        and given.get(name) not in (None, "")
        and not _same(_cleaned(job.kit.option(name), given[name]), value)
    ]
    if clash:
        settings = ", ".join(f"{name} {_shown(value)}" for name, value in sets.items())
        raise KitError(
            f"the preset {preset} sets {settings}; leave out {', '.join(clash)} or the preset"
        )
    options = {**job.options, **{k: v for k, v in sets.items() if k in job.options}}
    return replace(job, options=options)


def _cleaned(option: Option, value: Any) -> Any:
    try:
        return option.clean(value)
    except OptionError as exc:
        raise KitError(str(exc)) from None


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float | int) and isinstance(b, float | int):
        return abs(a - b) < 0.001  # a bleed given to the micrometre is the preset's
    return a == b


def _shown(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
