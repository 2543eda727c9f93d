"""The game data print takes from cards/gamedata.py is the data play deals with.

Play still keeps its own copies (to be switched to cards/gamedata.py); until then this checks
that the two agree, as the dice kit's test used to check against the play edition directly."""

from __future__ import annotations

import pytest

from cards import gamedata
from play.editions.dice import rules as dice_rules
from play.editions.numbers import rules as numbers_rules


@pytest.mark.parametrize("mix", sorted(gamedata.DICE_MIXES))
def test_the_dice_mixes_are_plays(mix):
    assert gamedata.dice_deck(mix) == dice_rules.deck_for(mix)


def test_the_numbers_deck_is_plays():
    assert gamedata.NUMBERS_SUITS == numbers_rules.SUITS
    assert gamedata.NUMBERS_JOKER == numbers_rules.JOKER
    assert gamedata.RANK_LABELS == numbers_rules.RANK_LABELS
    assert gamedata.SUIT_SYMBOLS == numbers_rules.SUIT_SYMBOLS
