"""The Germany report of two worked four-team rounds (the rule tests' 2/9/2/4, and Red 6, Blue
5, Green 3, Yellow 6): every one of their 12 tips with its team, place, row, right or wrong and
points, and per team right and wrong by tip card. Pure: the edition's setup, moves and report,
no database."""

from __future__ import annotations

from play.core import registry
from play.core.engine import Context, apply_move, clean_options, move_rng, setup_rng
from play.core.played import Played

TEAMS = ["Red", "Blue", "Green", "Yellow"]
# id, name, north-south, west-east, inhabitants (the rule tests' cast)
CAST = [
    (1, "Hamburg", 20, 45, 1_800_000, 53.55, 9.99),
    (2, "Flensburg", 0, 40, 90_000, 54.78, 9.44),
    (3, "Aachen", 80, 0, 250_000, 50.78, 6.08),
    (4, "Passau", 140, 80, 50_000, 48.57, 13.43),
    (5, "Görlitz", 90, 90, 56_000, 51.15, 14.99),
]
# order, team, place id, tip, right, points (the worked round, checked by hand)
WORKED = [
    (0, 1, 1, "MOST", True, 3),
    (1, 2, 1, "M", True, 2),
    (2, 3, 2, "N", True, 3),
    (3, 0, 1, "N", False, 0),
    (4, 1, 4, "S", True, 3),
    (5, 2, 2, "FEWEST", False, 0),
    (6, 3, 1, "W", False, 0),
    (7, 0, 4, "FEWEST", True, 2),
    (8, 1, 5, "O", True, 3),
    (9, 2, 2, "S", False, 0),
    (10, 3, 1, "MOST", True, 1),
    (11, 0, 2, "M", False, 0),
]
# A second round, checked by hand, whose totals are Red 6, Blue 5, Green 3, Yellow 6: Red
# starts; Blue and then Yellow stack FEWEST under Blue's S on Passau (rows 2 and 3), Yellow's M
# on Hamburg moves up a row when Green's wrong N above it goes.
RED_6_BLUE_5 = [
    (0, 0, 2, "N", True, 3),
    (1, 1, 4, "S", True, 3),
    (2, 2, 3, "W", True, 3),
    (3, 3, 5, "O", True, 3),
    (4, 0, 1, "MOST", True, 3),
    (5, 1, 4, "FEWEST", True, 2),
    (6, 2, 1, "N", False, 0),
    (7, 3, 1, "M", True, 2),
    (8, 0, 5, "S", False, 0),
    (9, 1, 1, "O", False, 0),
    (10, 2, 3, "MOST", False, 0),
    (11, 3, 4, "FEWEST", True, 1),
]
NAMES = {pk: name for pk, name, *_ in CAST}


def _deck():
    return [
        {"id": pk, "name": name, "state": "", "description": "", "population": people,
         "ns": ns, "we": we, "latitude": lat, "longitude": lon}
        for pk, name, ns, we, people, lat, lon in CAST
    ]  # fmt: skip


def _played(reveal: bool = True, worked=WORKED, starting_team: int = 1) -> Played:
    edition = registry.get("germany")
    options = {"starting_team": starting_team, "draw": "picked", "rounds": 1}
    options = clean_options(edition, options, 4)
    initial = edition.setup(options, _deck(), TEAMS, setup_rng(7))
    ref = {card["id"]: r for r, card in initial["cards"].items()}
    state = initial
    moves = [(None, "lay_out", {"places": [ref[pk] for pk, *_ in CAST]})]
    moves += [(team, "tip", {"place": ref[pk], "tip": tip}) for _o, team, pk, tip, *_ in worked]
    if reveal:
        moves.append((None, "reveal", {}))
    for number, (seat, name, args) in enumerate(moves, 1):
        ctx = Context(move_rng(7, number), 1_000.0 + number, seat is None)
        state = apply_move(edition, state, seat, name, args, ctx)
    return Played(state=state, initial=initial, log=[], seed=7, names=TEAMS)


def test_it_reports_every_tip_of_the_worked_round_right_or_wrong():
    report = registry.get("germany").report(_played())
    got = sorted(
        (t["team"], t["place"], t["tip"], t["correct"], t["points"]) for t in report["tips"]
    )
    expected = sorted(
        (TEAMS[team], NAMES[pk], tip, right, points) for _o, team, pk, tip, right, points in WORKED
    )
    assert got == expected
    assert len(report["tips"]) == 12
    # The rule book's totals: Blue 9, Yellow 4, Red and Green 2 each.
    assert {t["name"]: t["points"] for t in report["teams"]} == {
        "Red": 2, "Blue": 9, "Green": 2, "Yellow": 4,
    }  # fmt: skip


def test_a_round_of_red_6_blue_5_green_3_yellow_6_has_each_of_its_12_tips_right_or_wrong():
    report = registry.get("germany").report(_played(worked=RED_6_BLUE_5, starting_team=0))
    got = sorted(
        (t["team"], t["place"], t["tip"], t["correct"], t["points"]) for t in report["tips"]
    )
    expected = sorted(
        (TEAMS[team], NAMES[pk], tip, right, points)
        for _o, team, pk, tip, right, points in RED_6_BLUE_5
    )
    assert got == expected and len(got) == 12
    assert sum(t["correct"] for t in report["tips"]) == 8
    assert {t["name"]: t["points"] for t in report["teams"]} == {
        "Red": 6, "Blue": 5, "Green": 3, "Yellow": 6,
    }  # fmt: skip
    passau = [(t["team"], t["tip"], t["row"]) for t in report["tips"] if t["place"] == "Passau"]
    assert sorted(passau, key=lambda t: t[2]) == [
        ("Blue", "S", 1), ("Blue", "FEWEST", 2), ("Yellow", "FEWEST", 3),
    ]  # fmt: skip


def test_it_gives_the_row_each_tip_was_placed_in():
    report = registry.get("germany").report(_played())
    hamburg = [(t["team"], t["tip"], t["row"]) for t in report["tips"] if t["place"] == "Hamburg"]
    # Five tips under Hamburg, in the order they were placed; Yellow's MOST in row 5 scores
    # from row 3 once the two wrong tips above it are removed.
    assert sorted(hamburg, key=lambda t: t[2]) == [
        ("Blue", "MOST", 1), ("Green", "M", 2), ("Red", "N", 3), ("Yellow", "W", 4),
        ("Yellow", "MOST", 5),
    ]  # fmt: skip


def test_it_counts_right_and_wrong_by_tip_card_per_team():
    report = registry.get("germany").report(_played())
    kinds = {
        row["team"]: {k["tip"]: (k["right"], k["wrong"]) for k in row["kinds"]}
        for row in report["by_kind"]
    }
    assert kinds["Red"]["N"] == (0, 1) and kinds["Red"]["FEWEST"] == (1, 0)
    assert kinds["Red"]["M"] == (0, 1)
    assert kinds["Yellow"]["MOST"] == (1, 0) and kinds["Yellow"]["W"] == (0, 1)
    assert kinds["Green"]["S"] == (0, 1) and kinds["Green"]["M"] == (1, 0)
    assert sum(r + w for row in kinds.values() for r, w in row.values()) == 12


def test_the_map_gives_each_place_its_share_of_right_tips():
    places = {p["name"]: p for p in registry.get("germany").report(_played())["places"]}
    assert (places["Hamburg"]["asked"], places["Hamburg"]["right"]) == (5, 3)
    assert places["Flensburg"]["share"] == 0.25  # N right; FEWEST, S and M wrong
    assert places["Aachen"]["asked"] == 0 and places["Aachen"]["share"] is None
    assert places["Passau"]["share"] == 1.0


def test_before_the_reveal_the_report_holds_no_tip_and_no_place():
    report = registry.get("germany").report(_played(reveal=False))
    assert report["tips"] == [] and report["places"] == [] and report["answers"] == []
    assert all(t["points"] == 0 for t in report["teams"])
