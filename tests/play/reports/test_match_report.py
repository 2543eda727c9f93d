"""The Match report from a logged race: claims, wrong taps, the seconds from turning up a card
to claiming with it, and the symbol a wrong tap missed. Pure: the engine and the report."""

from __future__ import annotations

from play.core.played import Played
from play.editions.match import rules
from play.editions.match.report import report
from tests.play.match.helpers import Table


def test_it_counts_claims_wrong_taps_seconds_and_the_missed_symbol():
    table = Table(lock=2)
    table.move(0, "start", at=1_000.0)
    target = table.top(0)
    missed = rules.shared_symbol(table.state, table.card(0), target)
    wrong = {"symbol": table.wrong_symbol(0, target), "target": table.ref(target)}
    table.move(0, "claim", wrong, at=1_003.0)
    table.move(1, "claim", table.right_claim(1, table.top(1)), at=1_004.0)
    table.move(0, "claim", table.right_claim(0, target), at=1_006.0)
    played = Played(table.state, table.initial, table.log, table.seed, table.names)
    got = report(played)
    rows = {row["team"]: row for row in got["games"]}
    assert rows["Device 0"] == {
        "game": 1, "mode": "Welcome", "team": "Device 0", "claims": 1, "wrong": 1,
        "median_seconds": 6.0,
    }  # fmt: skip
    assert rows["Device 1"]["claims"] == 1 and rows["Device 1"]["median_seconds"] == 4.0
    symbols = table.state["symbols"]
    assert got["missed_symbols"] == [{"symbol": symbols[missed], "missed": 1}]
