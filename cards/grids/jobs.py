"""Filling a grid edition's deck from the gazetteer as a background job: a big country's
towns take longer than a request should; its job page shows the progress and links the deck."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from cards.admin.decks import deck_cards_url
from cards.grids.decks import GridDeckError, deck_for, fill_deck
from cards.grids.models import GridEdition
from cards.models import Deck, Language
from jobs import runner


def start(user: Any, edition: GridEdition, data: dict[str, Any]):
    """Queue the filling of ``data["deck"]`` (joined if the same request is running)."""
    params = {"edition": edition.pk, **{k: data.get(k) for k in ("deck", "deck_name")}}
    params.update(min_population=data["min_population"], count=data.get("count"))
    params["language"] = translation.get_language()  # the worker answers in the editor's
    key = runner.request_key("fill-deck", params)
    title = _("Fill a deck from the gazetteer: %(name)s") % {"name": edition.name}
    job, _new = runner.start(user, key, title, "cards.grids.jobs.run", params)
    return job


def check(edition: GridEdition, slug: str) -> None:
    """A deck of another edition is refused before anything is queued."""
    existing = Deck.objects.filter(slug=slug).first()
    if existing is not None and existing.grid_edition() != edition:
        raise GridDeckError(
            _("The deck “%(deck)s” is not in the grid edition %(edition)s.")
            % {"deck": existing.slug, "edition": edition.name}
        )


def run(job, progress) -> dict[str, Any]:
    """The job's handler: all or nothing — a new deck goes again if filling it fails."""
    with translation.override(job.params.get("language")):
        return _fill(job, progress)


def _deck_language(language: str | None) -> str:
    """A new deck is in the editor's language (its card backs are written in it), German or
    English; "" leaves it to the edition's country."""
    code = (language or "")[:2]
    return code if code in Language.values else ""


def _fill(job, progress) -> dict[str, Any]:
    params = job.params
    edition = GridEdition.objects.get(pk=params["edition"])
    progress.set_total(2)
    try:
        check(edition, params["deck"])
        with transaction.atomic():
            progress.quiet = True  # the job's row stays unlocked while the places are written
            deck = Deck.objects.filter(slug=params["deck"]).first() or deck_for(
                params["deck"],
                edition,
                name=params.get("deck_name") or "",
                language=_deck_language(params.get("language")),
            )
            progress.advance()
            filled = fill_deck(deck, params["min_population"], params.get("count"))
        progress.quiet = False
    except GridDeckError as error:
        raise runner.JobFailed(str(error)) from None
    progress.advance()
    message = _("%(deck)s: %(created)d places created, %(updated)d updated; %(cards)d cards.") % {
        "deck": deck.name,
        "created": filled.result.created,
        "updated": filled.result.updated,
        "cards": deck.cards.count(),
    }
    return {"message": message, "details": {"link": deck_cards_url(deck), "link_text": deck.name}}
