"""One option schema for the play editions and the print kits (``cards.options``): the same
class on both sides, the same refusals, no database."""

from __future__ import annotations

import pytest

from cards.options import Option, OptionError, choice, clean_all


def test_an_options_kind_follows_its_default_unless_named():
    assert Option("rounds", "Rounds", 0).kind is int
    assert Option("signals", "Signals", True).kind is bool
    assert Option("bleed", "Bleed", 3.0).kind is float
    assert Option("track_length", "Track", None, kind=int).clean("42") == 42
    assert Option("track_length", "Track", None, kind=int).clean(None) is None


def test_a_choice_takes_its_values_and_names_them_when_refusing():
    paper = choice("paper", "Paper", "a4", ("a4", "letter"), {"letter": "Letter"})
    assert paper.choices == (("a4", "a4"), ("letter", "Letter"))
    assert paper.clean("letter") == "letter" and paper.clean("") == "a4"
    with pytest.raises(OptionError, match=r"^paper 'a3' unknown; choose one of a4, letter$"):
        paper.clean("a3")


def test_numbers_are_checked_against_their_bounds_and_whole_numbers_stay_whole():
    dpi = Option("dpi", "dpi", 300, min=72, max=1200)
    assert dpi.clean("600") == 600
    with pytest.raises(OptionError, match=r"^dpi must be a number, not 'many'$"):
        dpi.clean("many")
    with pytest.raises(OptionError, match=r"^dpi must be a number, not 2.5$"):
        dpi.clean(2.5)
    with pytest.raises(OptionError, match=r"^dpi must be between 72 and 1200, not 9000$"):
        dpi.clean(9000)
    with pytest.raises(OptionError, match=r"^points must be at least 1, not 0$"):
        Option("points", "Points", 10, min=1).clean(0)
    with pytest.raises(OptionError, match="unknown; choose one of 0, 1"):
        Option("first", "First", 0, choices=((0, "A"), (1, "B"))).clean("2")


def test_a_switch_is_on_or_off_and_refuses_anything_else():
    marks = Option("crop_marks", "Crop marks", True)
    assert [marks.clean(v) for v in ("on", "1", "false", "", True, 0)] == [
        True, True, False, False, True, False
    ]  # fmt: skip
    with pytest.raises(OptionError, match=r"^crop_marks must be on or off, not 'maybe'$"):
        marks.clean("maybe")


def test_every_option_gets_a_value_and_an_unknown_name_is_refused():
    options = (Option("rounds", "Rounds", 0), Option("signals", "Signals", True))
    assert clean_all(options, {"rounds": "6"}) == {"rounds": 6, "signals": True}
    with pytest.raises(OptionError, match="unknown option"):
        clean_all(options, {"speed": 3})


def test_play_and_print_use_the_one_schema():
    from play.core import registry
    from play.core.engine import Option as GameOption
    from play.core.engine import clean_options
    from play.core.errors import RuleViolation
    from printing import kits
    from printing.core.kit import KitError

    assert GameOption is Option
    for kit in kits.KITS.values():
        assert all(isinstance(option, Option) for option in kit.options)
    with pytest.raises(KitError, match=r"^crop_marks must be on or off, not 'maybe'$"):
        kits.get("germany").clean({"crop_marks": "maybe"})
    edition = next(e for e in registry.editions() if e.options)
    with pytest.raises(RuleViolation) as refused:
        clean_options(edition, {edition.options[0].name: object()}, edition.seats.min)
    assert refused.value.code == "bad_option"
