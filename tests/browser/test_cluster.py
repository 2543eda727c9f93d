"""Two app servers on Redis and one database, behind nginx: a class whose projector is served by
one server and whose phones by the other plays as on one server.

Each test blocks the screens' polls (their fallback), so what reaches a screen came by push.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.request
import uuid

import pytest

from tests.browser.cluster import (
    CODE_MISSES_ALLOWED,
    Cluster,
    log_in_as_teacher,
    missing_tools,
    refuse_polls,
    stage_version,
    wait_for_newer_stage,
    wait_for_socket_server,
)


@pytest.fixture(scope="module")
def cluster():
    missing = missing_tools()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{', '.join(missing)} missing; .ci/run installs redis-server and nginx")
        pytest.skip(f"{', '.join(missing)} missing (apt-get install redis-server nginx)")
    running = Cluster()
    try:
        running.start()
    except Exception:
        print(running.logs())
        running.stop()
        raise
    running.shell(
        "from django.contrib.auth.models import User; "
        "User.objects.create_superuser('teacher', password='cluster-pw')"
    )
    yield running
    running.stop()


def _new_game(cluster: Cluster, edition: str = "dice") -> str:
    return cluster.shell(
        "from django.contrib.auth.models import User; from play.core import store; "
        f"g = store.create_game(user=User.objects.get(username='teacher'), edition={edition!r}, "
        "seat_names=['Ada', 'Bo'], language='en', mode='devices'); print(g.code)"
    )


def _join(browser, server_url: str, code: str, team: str):
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{server_url}/play/{code}/")
    phone.locator(f"form.pick-team button:has-text('{team}')").click()
    phone.wait_for_selector("#stage")
    return phone


def test_a_move_through_one_server_reaches_the_screens_of_the_other(
    browser, cluster, screenshot_dir
):
    a, b = cluster.servers
    code = _new_game(cluster)
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    log_in_as_teacher(projector, a.url, f"/play/host/{code}/")
    phone = _join(browser, b.url, code, "Ada")
    other_phone = _join(browser, a.url, code, "Bo")
    for page in (projector, phone, other_phone):
        refuse_polls(page)
    projector.wait_for_function("() => document.querySelector('.stage')")
    seen = max(stage_version(page) for page in (projector, other_phone))
    wait_for_newer_stage(phone, seen - 1)  # Bo's join (server A) came after Ada's page was drawn

    # Ada's phone (server B) places the pawn; the projector and Bo's phone (server A) see it.
    phone.locator("form.edge button:not([disabled])").first.click()
    for page in (projector, other_phone):
        took = wait_for_newer_stage(page, seen)
        print(f"a move through server B on a screen of server A after {took:.0f} ms")
    assert "rolls" in projector.locator(".stage-body").inner_text()

    # The teacher (server A) ends the game; both phones show it, one of them on server B.
    ended = stage_version(projector)
    projector.once("dialog", lambda dialog: dialog.accept())
    projector.locator("form[action$='/end/'] button").click()
    for page in (phone, other_phone):
        wait_for_newer_stage(page, ended)
        assert page.locator(".game-over").count() == 1
    phone.screenshot(path=str(screenshot_dir / "cluster-phone-over.png"))


def test_a_log_out_on_one_server_ends_the_session_on_the_other(browser, cluster):
    a, b = cluster.servers
    code = _new_game(cluster)
    context = browser.new_context()
    page = context.new_page()
    log_in_as_teacher(page, a.url, f"/play/host/{code}/")
    # The same browser (its session cookie is sent to both: one host) on server B.
    projector_b = context.new_page()
    projector_b.goto(f"{b.url}/play/host/{code}/")
    assert projector_b.locator("#stage").count() == 1
    page.goto(f"{a.url}/")
    page.locator("form[action$='/logout/'] button").click()
    projector_b.goto(f"{b.url}/play/host/{code}/")
    assert "/accounts/login/" in projector_b.url


def _look_up(server_url: str, code: str, client: str) -> int:
    request = urllib.request.Request(
        f"{server_url}/play/join/?code={code}", headers={"X-Forwarded-For": client}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_join_code_guesser_is_counted_across_both_servers(cluster):
    a, b = cluster.servers
    guesser, classmate = "203.0.113.7", "203.0.113.8"
    answers = [
        _look_up((a, b)[n % 2].url, f"ZZZZ{n:02d}", guesser) for n in range(CODE_MISSES_ALLOWED)
    ]
    assert answers == [200] * CODE_MISSES_ALLOWED  # "no game with that code", each counted
    assert _look_up(a.url, "ZZZZZZ", guesser) == 429
    assert _look_up(b.url, "ZZZZZZ", guesser) == 429
    assert _look_up(b.url, "ZZZZZZ", classmate) == 200


def test_a_screen_whose_socket_server_restarts_catches_up(browser, cluster):
    a, b = cluster.servers
    code = _new_game(cluster)
    projector = browser.new_context().new_page()
    log_in_as_teacher(projector, b.url, f"/play/host/{code}/")
    phone = _join(browser, a.url, code, "Ada")
    refuse_polls(phone)
    shown = stage_version(phone)
    # Server A's socket server goes away while the game goes on through server B.
    a.stop_sockets()
    cluster.shell(
        "from play.core import store; from play.models import Game; "
        f"g = Game.objects.get(code={code!r}); "
        "store.make_move(g, 0, 'place', {'edge': 'left', 'index': 0})"
    )
    a.start_sockets(cluster.dir)
    wait_for_socket_server(a.sockets_port)
    took = wait_for_newer_stage(phone, shown, timeout=20_000)
    print(f"the phone showed the current stage {took:.0f} ms after its server was back")
    assert phone.locator("form.edge button:not([disabled])").count() == 0  # Bo's turn now


def _api(server_url: str, path: str, token: str, body: dict | None = None, key: str = ""):
    """(status, JSON) of one API call as the teacher; (0, None) when no answer came at all."""
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server_url}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None
    except OSError:
        return 0, None


def _next_move(view: dict) -> dict:
    """A legal move for the dice game's seat to play (the teacher moves for it)."""
    turn = view["turn"]
    if turn["phase"] == "place":
        line = next(line for line in view["lines"] if line["ok"])
        args = {"edge": line["edge"], "index": line["index"]}
        return {"move": "place", "args": args, "seat": turn["seat"]}
    name = "roll" if turn["phase"] == "roll" else "stop"
    return {"move": name, "args": {}, "seat": turn["seat"]}


class _Mover:
    """Makes the game's moves through both servers in turn, each with its own idempotency key
    (a request that got no answer is sent again with the same key), and keeps the keys that
    were acknowledged (201)."""

    def __init__(self, servers, game_id: int, token: str) -> None:
        self.servers, self.game_id, self.token = servers, game_id, token
        self.acknowledged: list[str] = []
        self.errors: list[int] = []
        self.took: list[float] = []  # seconds from sending a move to its answer
        status, body = _api(servers[0].url, f"/api/games/{game_id}/", token)
        assert status == 200
        self.view, self.version = body["view"], body["version"]

    def move(self) -> None:
        key = uuid.uuid4().hex
        chosen = _next_move(self.view)
        for attempt in range(3):
            server = self.servers[(len(self.acknowledged) + attempt) % 2]
            path = f"/api/games/{self.game_id}/moves/"
            started = time.monotonic()
            status, body = _api(server.url, path, self.token, chosen, key)
            self.took.append(time.monotonic() - started)
            if status == 201:
                self.acknowledged.append(key)
                self.view, self.version = body["view"], body["version"]
                return
            self.errors.append(status)
        raise AssertionError(f"a move was refused three times: {self.errors[-3:]}")


def _wait_until(condition, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)


def _health(server_url: str) -> dict:
    with urllib.request.urlopen(f"{server_url}/healthz/", timeout=10) as response:
        return json.loads(response.read())


def test_a_lesson_goes_on_while_redis_stops_and_starts_again(browser, cluster):
    """Fault injection: Redis stopped and started again during a game, with screens on both
    servers and moves in flight. Every acknowledged move is kept, every page answers, the
    screens catch up without Redis (each socket server's look-up of versions), and the
    counters work again once Redis is back."""
    a, b = cluster.servers
    code = _new_game(cluster)
    game_id = int(
        cluster.shell(f"from play.models import Game; print(Game.objects.get(code={code!r}).pk)")
    )
    token = cluster.shell(
        "from django.contrib.auth.models import User; from rest_framework.authtoken.models "
        "import Token; print(Token.objects.get_or_create(user=User.objects.get(username="
        "'teacher'))[0].key)"
    )
    projector = browser.new_context().new_page()
    log_in_as_teacher(projector, a.url, f"/play/host/{code}/")
    phone = _join(browser, b.url, code, "Ada")
    _join(browser, a.url, code, "Bo")
    mover = _Mover(cluster.servers, game_id, token)
    for _ in range(4):
        mover.move()

    done = threading.Event()

    def keep_moving() -> None:
        while not done.is_set():
            mover.move()

    moving = threading.Thread(target=keep_moving)
    cluster.stop_redis()
    try:
        for _ in range(8):
            mover.move()
        answered = time.monotonic()
        print(f"moves without Redis answered in {max(mover.took[-8:]) * 1000:.0f} ms at most")
        # The screens catch up by their socket servers' look-ups of versions.
        for page in (projector, phone):
            wait_for_newer_stage(page, mover.version - 1, timeout=20_000)
            print(f"a screen showed the last move {time.monotonic() - answered:.1f} s after it")
        for server in (a, b):
            assert _health(server.url)["status"] == "degraded"
        # Every page answers: a phone reloading on the other server, joining, logging in.
        phone.reload()
        assert phone.locator("#stage").count() == 1
        assert _look_up(b.url, code, "203.0.113.50") == 200
        log_in_as_teacher(browser.new_context().new_page(), b.url, "/play/")
        # Moves in flight while Redis starts again.
        moving.start()
        _wait_until(lambda: len(mover.acknowledged) >= 14)
    finally:
        if cluster.redis is None:
            cluster.start_redis()
    try:
        for server in (a, b):
            _wait_until(lambda server=server: _health(server.url)["status"] == "ok")
        after = len(mover.acknowledged) + 4
        _wait_until(lambda: len(mover.acknowledged) >= after)
    finally:
        done.set()
        moving.join(30)

    assert mover.errors == []  # no move was refused or went unanswered
    kept = cluster.shell(
        f"from play.models import Game; g = Game.objects.get(pk={game_id}); "
        "print(' '.join(g.moves.order_by('pk').values_list('key', flat=True)))"
    )
    assert kept.split() == [f"t:{key}" for key in mover.acknowledged]  # each once, in order
    wait_for_newer_stage(projector, mover.version - 1, timeout=20_000)
    wait_for_newer_stage(phone, mover.version - 1, timeout=20_000)
    # The counters count again: a guesser is stopped as before the outage.
    guesser = "203.0.113.77"
    answers = [_look_up(a.url, f"YYYY{n:02d}", guesser) for n in range(CODE_MISSES_ALLOWED)]
    assert answers == [200] * CODE_MISSES_ALLOWED
    assert _look_up(b.url, "YYYYYY", guesser) == 429


def test_a_click_held_while_a_pushed_move_arrives_still_makes_its_move(browser, cluster):
    """The redraw comes over the socket between the mouse's press and its release: it waits for
    the release, and the click makes its move (the swap used to take the button away)."""
    _a, b = cluster.servers
    code = _new_game(cluster, "match")
    cluster.shell(
        "from play.core import store; from play.models import Game; "
        f"store.make_move(Game.objects.get(code={code!r}), None, 'start', {{}})"
    )
    ada = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    ada.goto(f"{b.url}/play/{code}/")
    ada.locator("form.pick-team button:has-text('Ada')").click()
    ada.wait_for_selector(".match-device[data-phase=play] .misland .mcard.target")
    refuse_polls(ada)
    ada.wait_for_function("() => document.querySelector('[ws-connect]') && window.htmx")
    ref = ada.locator(".misland .mcard.target").first.get_attribute("data-ref")
    ada.click(f".misland .mcard.target[data-ref='{ref}']")
    own = set(ada.locator(".mmine .msym .sr").all_inner_texts())
    buttons = ada.locator(".mchosen form.mclaim button.msym")
    shared = next(
        i for i in range(buttons.count()) if buttons.nth(i).locator(".sr").inner_text() in own
    )
    box = buttons.nth(shared).bounding_box()
    ada.evaluate(
        "() => document.addEventListener('htmx:wsBeforeMessage', () => { window.pushed = true; })"
    )
    ada.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ada.mouse.down()
    # Bo's team covers another card through server A.
    cluster.shell(
        "from play.core import store; from play.models import Game; "
        "from play.editions.match import rules; "
        f"g = Game.objects.get(code={code!r}); s = g.state; own = rules.own_card(s, 1); "
        f"t = next(t for t in rules.targets(s, 1) if s['refs'][t] != {ref!r}); "
        "store.make_move(g, 1, 'claim', {'symbol': rules.shared_symbol(s, own, t), "
        "'target': s['refs'][t], 'card': s['refs'][own]})"
    )
    ada.wait_for_function("() => window.pushed === true", timeout=10_000)
    with ada.expect_response(lambda r: r.request.method == "POST") as sent:
        ada.mouse.up()
    assert sent.value.status == 200
    moves = cluster.shell(
        "from play.models import Game; "
        f"print([m.seat for m in Game.objects.get(code={code!r}).moves.order_by('number') "
        "if m.name == 'claim'])"
    )
    assert moves == "[1, 0]"


def test_a_phone_puts_the_parts_it_was_not_sent_again_back_in_place(browser, cluster):
    """Pushed stages carry only the parts that changed (play/core/parts.py): after every move
    the phone shows exactly the stage its poll would have answered, though most of its cards
    came as references to the ones it already had."""
    a, b = cluster.servers
    code = _new_game(cluster)
    ada = _join(browser, b.url, code, "Ada")
    bo = _join(browser, a.url, code, "Bo")
    frames: list[str] = []
    bo.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
    bo.reload()
    bo.wait_for_selector("#stage")
    for page in (ada, bo):
        refuse_polls(page)
    for button in ("form.edge button:not([disabled])", "button[data-move=roll]"):
        seen = stage_version(bo)
        ada.locator(button).first.click()
        wait_for_newer_stage(bo, seen)
        answered = bo.request.get(f"{a.url}/play/{code}/state/", headers={"HX-Request": "true"})
        same = bo.evaluate(
            """(answered) => {
              const clean = (html) => html.replace(/<!--[\\s\\S]*?-->/g, "")
                .replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "");
              const made = document.createElement("template");
              made.innerHTML = answered;
              const want = made.content.querySelector(".stage-body").innerHTML;
              const shown = document.querySelector("#stage .stage-body").innerHTML;
              return clean(want) === clean(shown) ? "" : clean(shown);
            }""",
            answered.text(),
        )
        assert same == ""
    assert any("<!--k:" in frame for frame in frames if isinstance(frame, str))
    assert bo.locator("#stage .dice.device .pc").count() == 36


def test_the_socket_server_compresses_what_it_pushes(browser, cluster):
    """uvicorn, as README deploys it behind nginx, agrees on permessage-deflate with a client
    that offers it (as every browser does): a stage crosses a school's Wi-Fi compressed."""
    from websockets.sync.client import connect

    a, _ = cluster.servers
    code = _new_game(cluster)
    phone = _join(browser, a.url, code, "Ada")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in phone.context.cookies())
    ws_url = a.url.replace("http://", "ws://") + f"/ws/play/{code}/?v=0"
    with connect(
        ws_url, origin=a.url, additional_headers={"Cookie": cookies}, compression="deflate"
    ) as socket:
        assert 'id="stage"' in socket.recv(timeout=10)  # a stage, as the page gets it
        agreed = socket.response.headers.get("Sec-WebSocket-Extensions", "")
    assert "permessage-deflate" in agreed


def _pass_a_card(cluster: Cluster, code: str) -> None:
    cluster.shell(
        "from play.core import store; from play.models import Game; "
        f"g = Game.objects.get(code={code!r}); t = g.state['turn']; "
        "store.make_move(g, t, 'pass', {'card': g.state['hands'][t][0]})"
    )


def test_a_phones_table_comes_with_each_push_while_it_is_open(browser, cluster, screenshot_dir):
    """The table (what the projector shows) is drawn for a phone only while its pupil has it
    open: opened, it is fetched, and the socket's next stages carry it; folded, they do not."""
    code = _new_game(cluster, "numbers")
    phone = _join(browser, cluster.servers[1].url, code, "Ada")
    assert phone.locator("[data-mirror][data-mirror-later]").count() == 1
    phone.locator("[data-mirror] summary").click()
    phone.wait_for_selector("[data-mirror][open]:not([data-mirror-later]) .mirror-body .nb-board")
    refuse_polls(phone)
    seen = stage_version(phone)
    _pass_a_card(cluster, code)
    wait_for_newer_stage(phone, seen)
    assert phone.locator("[data-mirror][open]:not([data-mirror-later])").count() == 1
    assert "Targets hit" in phone.locator(".mirror-body").inner_text()
    phone.screenshot(path=str(screenshot_dir / "cluster-phone-table-open.png"), full_page=True)
    phone.locator("[data-mirror] summary").click()  # folded: the next push leaves it out
    seen = stage_version(phone)
    _pass_a_card(cluster, code)
    wait_for_newer_stage(phone, seen)
    assert phone.locator("[data-mirror][data-mirror-later]:not([open])").count() == 1
    phone.context.close()
