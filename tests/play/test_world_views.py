"""World games in the browser views: new game, projector, devices, guess buttons, images, CSV."""

from __future__ import annotations

import csv
import gzip
import io

import pytest
from django.test import Client

from play import world
from play.models import Game, Mode
from play.services import set_mode

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _device(game, team) -> Client:
    device = Client()
    assert device.post(f"/play/{game.code}/join/", {"team": team.pk}).status_code == 302
    return device


def test_it_creates_a_world_game_from_the_form(teacher, world_big):
    client = _login(teacher)
    page = client.get("/play/new/world/")
    assert page.status_code == 200 and b'value="40"' in page.content
    form = {
        "deck": world_big.pk,
        "team_1": "Adler",
        "team_2": "Bären",
        "team_3": "",
        "team_4": "",
        "team_5": "",
        "team_6": "",
        "starting_team": 1,
        "track_length": 30,
        "mode": "devices",
    }
    refused = client.post("/play/new/world/", dict(form, longer_game="on"))
    assert refused.status_code == 200 and not Game.objects.exists()
    response = client.post("/play/new/world/", form)
    game = Game.objects.get()
    assert response.status_code == 302 and game.edition == "world"
    assert game.options["track_length"] == 30 and game.starting_team == 1
    host = client.get(response["Location"])
    assert host.status_code == 200 and b'class="track"' in host.content


def _teams(game):
    return {t.index: t for t in game.teams.all()}


def test_a_round_on_the_projector_and_on_devices(teacher, world3):
    host = _login(teacher)
    set_mode(world3, Mode.DEVICES)
    teams = _teams(world3)
    devices = {i: _device(world3, t) for i, t in teams.items()}
    base = f"/play/host/{world3.code}/world/"
    assert host.post(base + "round/", **HX).status_code == 200
    rnd = world.current_round(world3)
    order = rnd.state["order"]
    # Choosing: the first team on its device, the wrong one is refused.
    card = rnd.world_cards.first()
    wrong = devices[order[1]].post(f"/play/{world3.code}/world/choose/", {"card": card.pk}, **HX)
    assert wrong.status_code == 409
    first = devices[order[0]].get(f"/play/{world3.code}/")
    assert b'class="primary take"' in first.content
    ok = devices[order[0]].post(f"/play/{world3.code}/world/choose/", {"card": card.pk}, **HX)
    assert ok.status_code == 200
    other = rnd.world_cards.filter(status="table").first()
    devices[order[1]].post(f"/play/{world3.code}/world/choose/", {"card": other.pk}, **HX)
    for i in order:
        r = devices[i].post(f"/play/{world3.code}/world/exchange/", {"exchange": "no"}, **HX)
        assert r.status_code == 200
    # Guessing with the buttons: board, column, row, letter, take back, lock.
    dev = devices[order[0]]
    url = f"/play/{world3.code}/world/guess/"
    page = dev.post(url, {"guess": "EU"}, **HX)
    assert b"EU-W" in page.content and b"/play/world/board/EU.svg" in page.content
    assert dev.post(url, {"guess": "EU-O-N"}, **HX).status_code == 200
    bad = dev.post(url, {"guess": "EU--N"}, **HX)
    assert bad.status_code == 400 and b"flash error" in bad.content
    dev.post(url, {"guess": "EU-O"}, **HX)
    assert dev.post(f"/play/{world3.code}/world/lock/", **HX).status_code == 200
    projector = host.get(f"/play/host/{world3.code}/").content.decode()
    assert "1 von 3 festgelegt" in projector  # German is the default language
    assert "EU-O" not in projector  # guesses stay hidden on the projector
    # The teacher plays for a team without device after kicking it.
    host.post(f"/play/host/{world3.code}/kick/", {"team": teams[order[1]].pk})
    pad = host.get(f"/play/host/{world3.code}/").content.decode()
    assert 'class="host-guess"' in pad
    r = host.post(base + "guess/", {"team": teams[order[1]].pk, "guess": "AF"}, **HX)
    assert r.status_code == 200
    card_url = None
    assert host.post(base + "close/", **HX).status_code == 200
    held = rnd.world_cards.filter(status="held").first()
    assert host.get(f"/play/{world3.code}/world/card/{held.pk}.svg").status_code == 404
    page = host.post(base + "evaluate/", **HX).content.decode()
    assert 'class="evaluation"' in page
    evaluated = world.current_round(world3).state["evaluations"][0]["card"]
    card_url = f"/play/{world3.code}/world/card/{evaluated}.svg"
    image = Client().get(card_url)
    assert image.status_code == 200 and image["Content-Type"] == "image/svg+xml"
    host.post(base + "evaluate-all/", **HX)
    assert world.current_round(world3).state["phase"] == "done"
    mine = devices[order[0]].get(f"/play/{world3.code}/").content.decode()
    assert "verdict" in mine
    end = host.post(f"/play/host/{world3.code}/end/", **HX)
    assert end.status_code == 200 and b'class="ranking"' in end.content
    rows = list(
        csv.reader(io.StringIO(host.get(f"/play/host/{world3.code}/results.csv").content.decode()))
    )
    assert len(rows) == 1 + 3 + 3  # header, 3 evaluations, 3 final rows (no bonus: nothing kept)
    assert rows[1][0] == "1"


def test_board_images_are_cacheable_and_checked(client):
    response = client.get("/play/world/board/AF.svg?lang=en")
    assert response.status_code == 200 and b"Africa" in response.content
    assert "max-age" in response["Cache-Control"]
    assert client.get("/play/world/board/XX.svg").status_code == 404
    packed = client.get("/play/world/board/AF.svg?lang=en", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == response.content


def test_teacher_actions_need_the_teacher(student, world3):
    assert _login(student).post(f"/play/host/{world3.code}/world/round/").status_code == 403
    assert (
        _login(world3.created_by).post(f"/play/host/{world3.code}/world/nope/").status_code == 404
    )


def test_polling_returns_204_when_nothing_changed(teacher, world3):
    host = _login(teacher)
    first = host.get(f"/play/host/{world3.code}/state/?v=0", **HX)
    assert first.status_code == 200 and b"play/world" not in first.content
    world3.refresh_from_db()
    same = host.get(f"/play/host/{world3.code}/state/?v={world3.version}", **HX)
    assert same.status_code == 204


def test_projector_only_the_teacher_plays_every_move(teacher, world3):
    host = _login(teacher)
    base = f"/play/host/{world3.code}/world/"
    host.post(base + "round/", **HX)
    rnd = world.current_round(world3)
    teams = _teams(world3)
    for i in rnd.state["order"][:2]:
        page = host.get(f"/play/host/{world3.code}/").content.decode()
        assert f'name="team" value="{teams[i].pk}"' in page
        card = rnd.world_cards.filter(status="table").first()
        r = host.post(base + "choose/", {"team": teams[i].pk, "card": card.pk}, **HX)
        assert r.status_code == 200
    for i in rnd.state["order"]:
        r = host.post(base + "exchange/", {"team": teams[i].pk, "exchange": "no"}, **HX)
        assert r.status_code == 200
    for _ in range(3):
        page = host.get(f"/play/host/{world3.code}/").content.decode()
        team = int(
            page.split('class="host-guess"')[1].split('name="team" value="')[1].split('"')[0]
        )
        host.post(base + "guess/", {"team": team, "guess": "SA"}, **HX)
        host.post(base + "guess/", {"team": team, "guess": "SA-M"}, **HX)
        assert host.post(base + "lock/", {"team": team}, **HX).status_code == 200
    page = host.get(f"/play/host/{world3.code}/").content.decode()
    assert 'class="host-guess"' not in page and "3 von 3" in page
    host.post(base + "close/", **HX)
    host.post(base + "evaluate-all/", **HX)
    rnd.refresh_from_db()
    assert rnd.state["phase"] == "done"
    assert [e["guess"] for e in rnd.state["evaluations"]] == ["SA-M"] * 3
