"""What every registered edition must do on the play core — a new edition gets these for free.

Each edition is played to its end with computer seats (the one human seat and the teacher are
played by the edition's own computer player and ``teacher_bot``), replayed from its log to the
same state, ended early with every screen showing the game-over panel, scanned for one viewer's
secrets in another viewer's screens, refused with a message, and undone.
"""

from __future__ import annotations

import copy
import json
import re
import types

import pytest
from django.test import Client
from django.utils.functional import Promise

from play.core import registry, store
from play.core.engine import Viewer
from play.models import Game, Mode

pytestmark = pytest.mark.django_db

EDITIONS = [edition.slug for edition in registry.editions()]
MAX_STEPS = 3000  # a whole game of the longest edition takes a few hundred moves


@pytest.fixture(autouse=True)
def _bots_answer_at_once(monkeypatch):
    # Computer seats wait a moment before they move, to look human; here every wait is over.
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: 4e9))


@pytest.fixture
def decks(big_deck, world_big):
    return {"germany": big_deck, "world": world_big}


def _new_game(slug: str, teacher, decks, *, bots: bool, seats: int | None = None) -> Game:
    edition = registry.get(slug)
    count = seats or edition.seats.min
    return store.create_game(
        user=teacher,
        edition=slug,
        deck=decks.get(edition.deck_edition) if edition.deck_edition else None,
        seat_names=[f"Seat{i + 1}" for i in range(count)],
        bots=list(range(1, count)) if bots else [],
        mode=Mode.DEVICES,
    )


def _step(game: Game, *, seats: range) -> Game | None:
    """One move of whoever may act — a seat, by the edition's computer player, else the
    teacher — or None when nobody can."""
    edition = store.edition_of(game)
    for seat in seats:
        move = edition.bot(game.state, seat)
        if move is not None:
            return store.make_move(game, seat, move.move, dict(move.args))
    move = edition.teacher_bot(game.state) if edition.teacher_bot else None
    if move is not None:
        return store.make_move(game, None, move.move, dict(move.args), teacher=True)
    return None


def test_every_edition_has_the_core_contract():
    for slug in EDITIONS:
        edition = registry.get(slug)
        assert edition.bot is not None, f"{slug}: computer seats"
        # The teacher's end is the core's action, not an edition's move.
        assert "end" not in edition.moves and "end" in edition.teacher_moves, f"{slug}: the end"
        assert edition.description, f"{slug}: a sentence for the new-game list"
        # Refusals are read in the screen's language, so translated when shown, not at import.
        eager = [key for key, text in edition.messages.items() if not isinstance(text, Promise)]
        assert not eager, f"{slug}: messages translated once at import: {eager}"


@pytest.mark.parametrize("slug", EDITIONS)
def test_a_game_with_computer_seats_is_played_to_the_end_and_replays_equal(slug, teacher, decks):
    game = _new_game(slug, teacher, decks, bots=True)
    for _ in range(MAX_STEPS):
        if store.result_of(game) is not None:
            break
        moved = _step(game, seats=range(1))  # seat 0 is the people's; the rest are computers
        assert moved is not None, f"{slug}: nobody can move in {game.state}"
        game = moved
    stored = Game.objects.get(pk=game.pk)
    result = store.result_of(stored)
    assert result is not None and stored.is_finished
    assert set(result["winners"]) <= set(range(len(game.teams.all())))
    # A replay hands every move the stored fixed part itself: a move that changed it in place
    # shows here.
    pristine = copy.deepcopy(stored.fixed_part())
    assert store.replayed_state(stored) == stored.state
    assert stored.fixed_part() == pristine, f"{slug}: a move changed the fixed part"


def _scan_tokens(data) -> set[str]:
    """The identifier-like strings of a view (card references, ids): what would give away a
    hidden card if it appeared where it should not."""
    found: set[str] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= _scan_tokens(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= _scan_tokens(value)
    elif isinstance(data, str) and re.fullmatch(r"[0-9a-f]{6,}", data):
        found.add(data)
    return found


def _device(game: Game, seat: int) -> Client:
    device = Client()
    team = game.teams.get(index=seat)
    assert device.post(f"/play/{game.code}/join/", {"team": team.pk}).status_code == 302
    return device


@pytest.mark.parametrize("slug", EDITIONS)
def test_no_viewer_sees_another_viewers_secrets(slug, teacher, decks):
    game = _new_game(slug, teacher, decks, bots=False, seats=3 if slug != "dice" else 2)
    for _ in range(4):  # into the game: cards dealt, chosen, played
        game = _step(game, seats=range(len(game.teams.all()))) or game
    seats = range(len(game.teams.all()))
    public = _scan_tokens(store.view_for(game, Viewer.teacher()))
    own = {seat: _scan_tokens(store.view_for(game, Viewer.of_seat(seat))) for seat in seats}
    host = Client()
    host.force_login(teacher)
    screens = {"projector": (host.get(f"/play/host/{game.code}/").content.decode(), None)}
    for seat in seats:
        screens[f"seat {seat}"] = (
            _device(game, seat).get(f"/play/{game.code}/").content.decode(),
            seat,
        )
    cards = game.state.get("cards") or {}
    place_ids = {
        str(card["id"])
        for card in (cards.values() if isinstance(cards, dict) else cards)
        if isinstance(card, dict) and "id" in card
    }
    for label, (html, viewer) in screens.items():
        assert str(game.seed) not in html, f"{slug}: {label} shows the seed"
        for seat in seats:
            if seat == viewer:
                continue
            hidden = own[seat] - public - (own[viewer] if viewer is not None else set())
            leaked = sorted(token for token in hidden if token in html)
            assert not leaked, f"{slug}: {label} shows seat {seat}'s {leaked}"
        view = store.view_for(game, Viewer.teacher() if viewer is None else Viewer.of_seat(viewer))
        text = json.dumps(view)
        for place_id in place_ids:  # the card database's ids never reach a screen
            assert f'"id": {place_id}' not in text and f'"id": "{place_id}"' not in text


@pytest.mark.parametrize("slug", EDITIONS)
def test_ended_early_every_screen_shows_the_game_over_and_refuses_moves(slug, teacher, decks):
    game = _new_game(slug, teacher, decks, bots=False)
    game = _step(game, seats=range(len(game.teams.all()))) or game
    devices = [_device(game, seat) for seat in range(len(game.teams.all()))]
    host = Client()
    host.force_login(teacher)
    assert host.post(f"/play/host/{game.code}/end/").status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.is_finished and store.result_of(game) is not None
    for html in [host.get(f"/play/host/{game.code}/").content.decode()] + [
        device.get(f"/play/{game.code}/").content.decode() for device in devices
    ]:
        assert 'class="game-over"' in html
        assert 'name="move"' not in html  # nothing that invites a move
    refused = devices[0].post(
        f"/play/{game.code}/move/", {"move": "anything"}, headers={"HX-Request": "true"}
    )
    assert refused.status_code == 409
    body = refused.content.decode()
    assert 'class="flash error"' in body and 'class="game-over"' in body


@pytest.mark.parametrize("slug", EDITIONS)
def test_a_game_ended_before_anything_was_scored_has_no_winner(slug, teacher, decks):
    # Every team at nought would otherwise share a win nobody played for.
    game = _new_game(slug, teacher, decks, bots=False)
    device = _device(game, 0)
    host = Client()
    host.force_login(teacher)
    assert host.post(f"/play/host/{game.code}/end/").status_code == 302
    result = store.result_of(Game.objects.get(pk=game.pk))
    assert result["winners"] == [] and result["unscored"] is True
    for page in (host.get(f"/play/host/{game.code}/"), device.get(f"/play/{game.code}/")):
        panel = page.content.decode().split('class="game-over"')[1].split("</section>")[0]
        outcome = panel.split('class="game-over-outcome">')[1].split("</p>")[0]
        assert outcome == "Das Spiel wurde beendet, bevor es Punkte gab."  # the game's language
        assert "Sieg" not in panel and "gewinn" not in panel  # no winner in the standings either


@pytest.mark.parametrize("slug", EDITIONS)
def test_a_refused_move_answers_with_a_message_and_undo_restores_the_view(slug, teacher, decks):
    game = _new_game(slug, teacher, decks, bots=False)
    api = Client()
    api.force_login(teacher)
    token = game.teams.get(index=0).token
    refused = Client().post(
        f"/api/games/{game.pk}/moves/",
        {"move": "end", "args": {}},
        content_type="application/json",
        headers={"X-Team-Token": token},
    )
    assert refused.status_code in (400, 409) and refused.json()["detail"]
    before = store.view_for(game, Viewer.teacher())
    moved = None
    for _ in range(10):  # the teacher's steps first, until a seat's move is made
        edition = store.edition_of(game)
        seat_moves = [
            (seat, edition.bot(game.state, seat)) for seat in range(len(game.teams.all()))
        ]
        seat, move = next(((s, m) for s, m in seat_moves if m is not None), (None, None))
        if move is not None:
            before = store.view_for(game, Viewer.teacher())
            moved = store.make_move(game, seat, move.move, dict(move.args))
            break
        game = _step(game, seats=range(0)) or game
    assert moved is not None and store.view_for(moved, Viewer.teacher()) != before
    response = api.post(f"/api/games/{game.pk}/undo/")
    assert response.status_code == 200
    assert store.view_for(Game.objects.get(pk=game.pk), Viewer.teacher()) == before
