"""Decks with how many cards they hold, counted as what they are: places or round symbol cards."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from cards.models import Deck


def decks_with_totals() -> QuerySet[Deck]:
    """Every deck with ``card_total`` (its places) and ``round_total`` (a match deck's round
    cards): a match deck holds no places, so counting those alone showed it as "0 cards"."""
    return Deck.objects.annotate(
        card_total=Count("cards", distinct=True), round_total=Count("match__cards", distinct=True)
    )
