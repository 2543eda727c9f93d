"""Match games through the core: the generic API, the shells, secrets in every answer."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from play.core import store
from play.editions.match import rules
from play.editions.match.edition import EDITION
from play.models import Game
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def claim_args(state, seat, target):
    card = rules.own_card(state, seat)
    return {
        "symbol": rules.shared_symbol(state, card, target),
        "target": state["refs"][target],
        "card": state["refs"][card],
    }


class Clock:
    """The core's clock, moved by the test: no test waits for wall-clock time."""

    def __init__(self, start: float) -> None:
        self.now = start

    def time(self) -> float:
        return self.now

    def datetime(self):
        import datetime

        return datetime.datetime.fromtimestamp(self.now, tz=datetime.UTC)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """The core's clock (moves' times, computer seats' due times) as the test sets it."""
    from types import SimpleNamespace

    from play.core import reads
    from play.shells import device, host

    clock = Clock(1_800_000_000.0)
    for module in (store, reads, device, host):
        monkeypatch.setattr(module, "time", SimpleNamespace(time=clock.time))
    monkeypatch.setattr(store, "timezone", SimpleNamespace(now=clock.datetime))
    return clock


@pytest.fixture
def match(teacher):
    game = store.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Bo", "Cem", "Dana"], options={}
    )
    return store.make_move(game, 0, "start", {})


def seat_client(game, index):
    client = api_client_for(None)
    client.credentials(HTTP_X_TEAM_TOKEN=game.teams.get(index=index).token)
    return client


def test_it_creates_a_match_through_the_api_with_a_computer_team(teacher):
    client = api_client_for(teacher)
    answer = client.post(
        "/api/games/",
        {"edition": "match", "seats": ["Ada", "Bot"], "bots": [1], "options": {"lock": 3}},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["view"]["phase"] == "ready" and body["view"]["lock"] == 3
    bad = client.post(
        "/api/games/",
        {"edition": "match", "seats": ["A", "B", "C"], "options": {"layout": "2-2"}},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["code"] == "bad_layout"


def test_it_answers_a_claim_with_the_new_view_and_a_late_one_with_409(match):
    state = match.state
    target = state["island"][9][-1]
    first = seat_client(match, 0).post(
        f"/api/games/{match.pk}/moves/",
        {"move": "claim", "args": claim_args(state, 0, target)},
        format="json",
    )
    assert first.status_code == 201
    assert first.json()["view"]["island"][9]["card"]["role"] == "orange"
    late = seat_client(match, 2).post(
        f"/api/games/{match.pk}/moves/",
        {"move": "claim", "args": claim_args(state, 2, target)},
        format="json",
    )
    assert late.status_code == 409
    assert late.json()["code"] == "too_late"


def test_it_logs_a_wrong_claim_and_locks_the_team(match):
    state = match.state
    target = state["island"][0][-1]
    card = rules.own_card(state, 1)
    wrong = next(s for s in state["cards"][card] if s not in state["cards"][target])
    answer = seat_client(match, 1).post(
        f"/api/games/{match.pk}/moves/",
        {"move": "claim", "args": {"symbol": wrong, "target": state["refs"][target]}},
        format="json",
    )
    assert answer.status_code == 201
    game = Game.objects.get(pk=match.pk)
    assert game.state["teams"][0]["locked_until"] > game.moves.last().at.timestamp()
    partner = seat_client(match, 0).post(
        f"/api/games/{match.pk}/moves/",
        {"move": "claim", "args": claim_args(game.state, 0, target)},
        format="json",
    )
    assert partner.status_code == 409 and partner.json()["code"] == "locked"


def test_it_never_sends_a_face_down_card_in_json_or_html(match, client):
    state = Game.objects.get(pk=match.pk).state
    hidden = [c for seat in state["seats"] for c in seat["pile"]]
    answers = [
        seat_client(match, i).get(f"/api/games/{match.pk}/").content.decode() for i in range(4)
    ]
    client.cookies[f"spoton_team_{match.code}"] = match.teams.get(index=0).token
    answers.append(client.get(reverse("play:team", args=[match.code])).content.decode())
    for text in answers:
        for card in hidden:
            assert state["refs"][card] not in text
            assert json.dumps(state["cards"][card]) not in text


def test_it_renders_the_projector_and_the_device_fragments(match, client, teacher):
    client.force_login(teacher)
    page = client.get(reverse("play:host", args=[match.code]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Willkommen auf der Insel" in html  # a game in German (the default language)
    assert html.count('class="mspot"') == 19
    assert 'class="mpoll"' in html
    device = api_client_for(None)
    device.cookies[f"spoton_team_{match.code}"] = match.teams.get(index=0).token
    html = device.get(reverse("play:team", args=[match.code])).content.decode()
    own = match.state["refs"][rules.own_card(match.state, 0)]
    assert f'name="card" value="{own}"' in html
    # Welcome: every island card may be covered, each with its own claim form.
    assert html.count('name="move" value="claim"') == 19


def test_a_poll_lets_a_computer_team_claim_once_its_reaction_time_has_passed(
    teacher, client, clock
):
    from play.models import Move

    game = store.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Robo"], bots=[1], options={}
    )
    game = store.make_move(game, 0, "start", {})
    assert game.bot_due_at is not None  # the computer waits for its reaction time
    client.cookies[f"spoton_team_{game.code}"] = game.teams.get(index=0).token
    version = Game.objects.get(pk=game.pk).version
    # While the computer thinks, polls are answered "unchanged" without drawing the stage.
    poll = client.get(reverse("play:team_state", args=[game.code]), {"v": version})
    assert poll.status_code == 204
    clock.now += 60  # the reaction time has passed
    poll = client.get(reverse("play:team_state", args=[game.code]), {"v": version})
    assert poll.status_code == 200  # not "unchanged": the computer's claim was due
    moves = list(Move.objects.filter(game=game).order_by("number"))
    assert [(m.name, m.by_bot) for m in moves] == [("start", False), ("claim", True)]


@pytest.mark.parametrize(
    ("language", "text"),
    [("de", "Zu spät: Ein anderes Team war schneller."), ("en", "another team was faster")],
)
def test_a_late_claim_on_a_device_says_so_in_the_game_s_language(match, language, text):
    from django.test import Client

    # The game's language (chosen at creation) wins over the device's browser.
    Game.objects.filter(pk=match.pk).update(language=language)
    state = match.state
    target = state["island"][9][-1]
    store.make_move(match, 0, "claim", claim_args(state, 0, target))
    device = Client(HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de" if language == "en" else "en")
    device.cookies[f"spoton_team_{match.code}"] = match.teams.get(index=2).token
    answer = device.post(
        f"/play/{match.code}/move/", {"move": "claim", **claim_args(state, 2, target)}
    )
    assert answer.status_code == 409
    assert text in answer.content.decode()


def test_a_match_is_played_on_devices_only_wherever_it_is_set_up(teacher, client, match):
    # Teams race at the same moment: a projector-only match could not be played at all.
    api = api_client_for(teacher)
    refused = api.post(
        "/api/games/",
        {"edition": "match", "seats": ["Ada", "Bo"], "mode": "projector"},
        format="json",
    )
    assert refused.status_code in (400, 409) and refused.json()["code"] == "devices_only"
    client.force_login(teacher)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    form = client.get("/play/new/match/").content.decode()
    assert 'name="mode"' not in form and "device of its own" in form
    defaults = {f"option_{o.name}": o.default for o in EDITION.options}
    created = client.post("/play/new/match/", {"seat_0": "Ada", "seat_1": "Bo", **defaults})
    assert created.status_code == 302
    assert Game.objects.get(code=created.url.strip("/").split("/")[-1]).mode == "devices"
    projector = client.get(f"/play/host/{match.code}/").content.decode()
    assert (
        "Projector only" not in projector
        and reverse("play:mode", args=[match.code]) not in projector
    )
    switched = client.post(reverse("play:mode", args=[match.code]), {"mode": "projector"})
    assert switched.status_code in (400, 409)
    assert "device of its own" in switched.content.decode()
    match.refresh_from_db()
    assert match.mode == "devices"


def test_the_new_game_form_names_the_five_games_and_refuses_a_layout_in_the_page_s_language(
    teacher, client
):
    client.force_login(teacher)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    form = client.get("/play/new/match/").content.decode()
    assert "5 · Ritter" in form and "2 · Häfen" in form
    assert "Ein Paar gegen einen Einzelspieler" in form
    defaults = {f"option_{o.name}": o.default for o in EDITION.options}
    refused = client.post(
        "/play/new/match/",
        {"seat_0": "Ada", "seat_1": "Bo", "seat_2": "Cem", **defaults, "option_layout": "2-2"},
    )
    assert refused.status_code == 200
    assert "3 Geräte passen nicht zur Teamaufteilung 2-2." in refused.content.decode()
    uneven = client.post(
        "/play/new/match/",
        {"seat_0": "Ada", "seat_1": "Bo", "seat_2": "Cem", **defaults, "option_layout": "2-1"},
    )
    assert uneven.status_code == 302


def test_a_computer_team_claims_while_human_teams_claim_faster(teacher, clock):
    # Two teams of people claim every 2 seconds; the computer team reacts in 5. Each claim of
    # theirs used to restart the computer's reaction time, so it never claimed at all.
    game = store.create_game(
        user=teacher,
        edition="match",
        seat_names=["Ada", "Bo", "Robo"],
        bots=[2],
        options={"reaction": 5},
    )
    game = store.make_move(game, 0, "start", {})
    for step in range(20):
        clock.now += 1.0
        seat = step % 2
        state = Game.objects.get(pk=game.pk).state
        if state["phase"] != "play" or rules.own_card(state, seat) is None:
            break
        target = rules.targets(state, seat)[0]
        game = store.make_move(game, seat, "claim", claim_args(state, seat, target))
    moves = list(Game.objects.get(pk=game.pk).moves.order_by("number"))
    by_robo = [m for m in moves if m.seat == 2 and m.name == "claim"]
    assert all(m.by_bot for m in by_robo)
    assert len([m for m in moves if m.seat in (0, 1)]) >= 10  # the people kept claiming
    assert len(by_robo) >= 3  # one claim every 5 seconds or so, over about 20 seconds
    covered = [e for e in Game.objects.get(pk=game.pk).state["events"] if e.get("team") == 2]
    assert covered and all(e["kind"] == "cover" for e in covered)


def test_the_teachers_end_of_a_match_names_the_team_ahead_not_a_winner(client, teacher):
    from play.core import lifecycle

    game = store.create_game(
        user=teacher, edition="match", seat_names=["Ada", "Bo"], options={}, language="en"
    )
    state = game.state
    state["teams"][0]["score"], state["teams"][1]["score"] = 3, 1  # between two games
    Game.objects.filter(pk=game.pk).update(moving_state=state, moving_initial=state)
    lifecycle.end_game(Game.objects.get(pk=game.pk))
    result = store.result_of(Game.objects.get(pk=game.pk))
    assert result["early"] and result["winners"] == [0]  # the standings: orange ahead, 3 to 1
    client.force_login(teacher)
    html = client.get(reverse("play:host", args=[game.code])).content.decode()
    assert "Ahead when the game was ended:" in html
    assert "Winner:" not in html
