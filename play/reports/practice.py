""" "Practise the missed places": a new deck in the card database made of the places a class
missed most, for the edition of the deck its latest game was played with. It prints in the
studio and plays like any deck: play → report → deck → print or play again."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from cards.models import Deck, DeckCard, Edition
from play.core.errors import RuleViolation
from play.core.lifecycle import is_over
from play.models import Class
from play.reports.build import class_games, class_report

DEFAULT_SIZE = 20
MAX_SIZE = 200


def clean_size(value: object) -> int:
    if value is None or value == "":
        return DEFAULT_SIZE
    text = str(value).strip()
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise RuleViolation("bad_size", f"size is a whole number from 1 to {MAX_SIZE}.")
    size = int(text)
    if not 1 <= size <= MAX_SIZE:
        raise RuleViolation("bad_size", f"size is a whole number from 1 to {MAX_SIZE}.")
    return size


def practice_deck(school_class: Class, size: int = DEFAULT_SIZE) -> Deck:
    """The class's ``size`` most-missed places (missed at least once) of the latest game's
    deck edition, as a new deck named after the class and today's date."""
    source = next(
        (g.deck for g in reversed(class_games(school_class)) if is_over(g) and g.deck_id),
        None,
    )
    if source is None:
        raise RuleViolation("no_games", "This class has no finished game with a deck yet.")
    alike = {
        deck.slug
        for deck in Deck.objects.filter(edition=source.edition, grid_id=source.grid_id).only("slug")
    }
    report = class_report(school_class)
    chosen = [
        p["place_id"]
        for p in report["places"]
        if p["missed"] and p["place_id"] and p["deck"] in alike
    ][:size]
    if not chosen:
        raise RuleViolation("nothing_missed", "The class has missed no place yet.")
    colours = dict(
        DeckCard.objects.filter(deck__slug__in=alike, place_id__in=chosen)
        .exclude(colour="")
        .values_list("place_id", "colour")
    )
    fallback = "yellow" if source.edition == Edition.WORLD else ""  # a world card's colour
    today = timezone.localdate()
    name = _("%(class)s: practice %(date)s") % {"class": school_class.name, "date": today}
    with transaction.atomic():
        deck = Deck.objects.create(
            slug=_free_slug(f"{school_class.name}-{today.isoformat()}"),
            name=name[:120],
            edition=source.edition,
            grid=source.grid,
            language=source.language,
            description=_("The places class %(class)s missed most, most missed first.")
            % {"class": school_class.name},
        )
        DeckCard.objects.bulk_create(
            DeckCard(deck=deck, place_id=pk, colour=colours.get(pk, fallback), position=i)
            for i, pk in enumerate(chosen)
        )
    return deck


def _free_slug(text: str) -> str:
    base = (slugify(text) or "practice")[:40].strip("-") or "practice"
    slug, n = base, 1
    while Deck.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
