"""The deck kits: a deck of the card database printed as Spot On: Germany, as a grid edition of
any other country (Germany's kit by the deck's grid: its numbers, map and name) or as The World.
Card faces are the data-driven designs of
``printing.kits.grid.faces``; maps and boards come from ``geo``; pads, guess cards, the track
and the players' pieces from ``printing.kits.world.extras`` and ``printing.kits.world.pieces``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.utils.translation import gettext_lazy as _

from cards.gamedata import WORLD_TRACK_MAX, WORLD_TRACK_MIN
from printing.core import rules_sheet as rules
from printing.core.data import tip_cards
from printing.core.deck import DeckInfo, PrintError, check_cards
from printing.core.deck_source import deck_info
from printing.core.document import Document, expand_quantities
from printing.core.i18n import in_language
from printing.core.kit import (
    BLEED,
    CARD_SIZE,
    CROP_MARKS,
    DPI,
    LANGUAGE,
    LAYOUT,
    PAPER,
    PRESET,
    Job,
    Kit,
    KitError,
    Option,
    Part,
    apply_preset,
    what_option,
)
from printing.core.png import faces_zip
from printing.core.sheets import SheetError, SheetSpec
from printing.kits.grid import maps as pages
from printing.kits.world import extras
from printing.kits.world import pieces as world_pieces

EMPTY = _("This deck has no cards yet.")


def spec_of(job: Job) -> SheetSpec:
    o = job.options
    try:
        return SheetSpec(
            o["paper"], o["card_size"], o["layout"], o["bleed"], crop_marks=o["crop_marks"]
        )
    except SheetError as exc:
        raise KitError(str(exc)) from None


def _deck(job: Job) -> DeckInfo:
    return job.source


def _cards(doc: Document, job: Job) -> None:
    doc.add_sheets(expand_quantities(_deck(job).cards), spec_of(job))


def _tips(doc: Document, job: Job) -> None:
    deck = _deck(job)
    doc.add_sheets(tip_cards(deck.language, grid_name=deck.grid_name), spec_of(job))


def _rules(doc: Document, job: Job) -> None:
    deck = _deck(job)
    rules.add_rules(doc, deck.edition, deck.language, job.paper, edition_name=deck.grid_name)


CARDS = Part("cards", _("Place cards"), _cards, faces=True, duplex=True)
RULES = Part("rules", _("Rules summary"), _rules, cut=False)
GERMANY_PARTS = (
    CARDS,
    Part("tips", _("Tip cards"), _tips, faces=True, duplex=True),
    Part("map", _("Answer map with names, and the index of its numbers"),
         lambda doc, job: pages.add_germany_map(doc, _deck(job), job.paper), cut=False),
    Part("quiz-map", _("Quiz map: grid and dots, no names"),
         lambda doc, job: pages.add_germany_map(doc, _deck(job), job.paper, quiz=True),
         cut=False),
    Part("score-pad", _("Score pad"),
         lambda doc, job: extras.add_score_pad(doc, _deck(job).language, job.paper,
                                               _deck(job).grid_name)),
    RULES,
)  # fmt: skip
WORLD_PARTS = (
    CARDS,
    Part("boards", _("Six boards"), lambda doc, job: pages.add_boards(doc, _deck(job), job.paper),
         cut=False),
    Part("guess-cards", _("Guess cards"),
         lambda doc, job: extras.add_guess_cards(doc, _deck(job).language, job.paper)),
    Part("track", _("Scoring track"), lambda doc, job: extras.add_scoring_track(
        doc, _deck(job).language, job.paper, job["track_length"]), cut=False),
    Part("pieces", _("Stones, pawns, exchange tokens and the place pointer"),
         lambda doc, job: world_pieces.add_pieces(doc, _deck(job).language, job.paper)),
    RULES,
)  # fmt: skip
# Not part of "kit": the map as a poster of tiles to glue (Germany's map, or the six boards).
POSTER = Part(
    "poster", _("Map as a tiled poster"), lambda doc, job: pages.add_poster(doc, _deck(job),
    job.paper), cut=False)  # fmt: skip
TRACK = Option(
    "track_length",
    _("Scoring track length"),
    None,
    kind=int,
    low=WORLD_TRACK_MIN,
    high=WORLD_TRACK_MAX,
    help=_("Spaces on the track; empty: the play app's setting."),
)


def _check(job: Job) -> None:
    deck = _deck(job)
    chosen = {p.slug for p in job.kit.chosen(job)}
    if not deck.cards and chosen & {"cards", "map", "quiz-map", "poster"}:
        raise PrintError(in_language(deck.language, EMPTY))
    check_cards(deck.cards, deck.language)
    spec_of(job)


def _faces(job: Job, parts: tuple[str, ...], **write) -> bytes | None:
    deck = _deck(job)
    cards = list(deck.cards) if "cards" in parts else []
    if "tips" in parts:
        cards += tip_cards(deck.language, grid_name=deck.grid_name)
    return faces_zip(cards, spec_of(job), job["dpi"], **write)


def _options(parts, *extra: Option) -> tuple[Option, ...]:
    return (what_option(parts, "cards"), LANGUAGE, LAYOUT, CARD_SIZE, PAPER, BLEED, CROP_MARKS, DPI,
            PRESET, *extra)  # fmt: skip


def _kit(slug, title, description, parts, editions, *extra: Option) -> Kit:
    return Kit(
        slug=slug,
        title=title,
        description=description,
        parts=parts,
        options=_options((*parts, POSTER) if slug != "cards" else parts, *extra),
        source="deck",
        editions=editions,
        check=_check,
        refine=apply_preset,
        load=deck_info,
        faces_zip=_faces,
        extra_parts=(POSTER,) if slug != "cards" else (),
    )


GERMANY = _kit("germany", _("Spot On: Germany"),
               _("place cards, tip cards, answer and quiz maps, score pad, rules"),
               GERMANY_PARTS, ("germany",))  # fmt: skip
# Any other country's grid edition: Germany's parts, drawn from the deck's grid.
GRID = _kit("grid", _("Spot On: a grid edition (any country)"),
            _("place cards, tip cards, answer and quiz maps, score pad, rules"),
            GERMANY_PARTS, ("grid",))  # fmt: skip
WORLD = _kit("world", _("Spot On: The World"),
             _("place cards, six boards, guess cards, scoring track, pieces, rules"),
             WORLD_PARTS, ("world",), TRACK)  # fmt: skip
# Decks of any other edition print their cards.
CARDS_ONLY = _kit("cards", _("Place cards"), _("a deck's cards"), (CARDS,), ())


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
        return dict(WORLD.clean(self.given()).options)

    @property
    def spec(self) -> SheetSpec:
        return spec_of(WORLD.clean(self.given()))


def for_edition(edition: str) -> Kit:
    """The deck kit of ``edition``: Germany's, a grid edition's, the World's, or the plain card
    sheets."""
    return {"germany": GERMANY, "grid": GRID, "world": WORLD}.get(edition, CARDS_ONLY)


def job_for(deck: DeckInfo, options: PrintOptions) -> Job:
    return for_edition(deck.edition).clean(options.given(), source=deck)


def render_pdf(deck: DeckInfo, options: PrintOptions) -> bytes:
    """The PDF of ``options.what`` of ``deck``."""
    job = job_for(deck, options)
    return job.kit.render(job)


def render_png_zip(deck: DeckInfo, options: PrintOptions) -> bytes:
    """One PNG per card face (with bleed) of the chosen card set."""
    job = job_for(deck, options)
    return job.kit.render_faces(job)
