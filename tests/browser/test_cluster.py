"""Two app servers on Redis and one database, behind nginx: a class whose projector is served by
one server and whose phones by the other plays as on one server.

Each test blocks the screens' polls (their fallback), so what reaches a screen came by push.
"""

from __future__ import annotations

import os
import re
import urllib.error
import urllib.request

import pytest

from tests.browser.cluster import (
    CODE_MISSES_ALLOWED,
    Cluster,
    missing_tools,
    wait_for_socket_server,
)

POLLS = re.compile(r".*/state/.*")


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


def _log_in(page, server_url: str, next_url: str) -> None:
    page.goto(f"{server_url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "teacher")
    page.fill("input[name=password]", "cluster-pw")
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url(f"**{next_url}")


def _join(browser, server_url: str, code: str, team: str):
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{server_url}/play/{code}/")
    phone.locator(f"form.pick-team button:has-text('{team}')").click()
    phone.wait_for_selector("#stage")
    return phone


def _pushed_only(page) -> None:
    """Refuse the page's polls: from now on it learns of changes by its socket or not at all."""
    page.wait_for_function("() => document.body.hasAttribute('ws-connect')")
    page.route(POLLS, lambda route: route.abort())


def _version(page) -> int:
    return int(page.get_attribute("#stage", "data-version"))


def _wait_for_version(page, above: int, timeout: float = 10_000) -> float:
    """Waits until the page shows a newer stage; the milliseconds it took (printed, not judged)."""
    return page.evaluate(
        """([above, timeout]) => new Promise((resolve, reject) => {
          const start = performance.now();
          (function check() {
            const stage = document.getElementById('stage');
            if (stage && parseInt(stage.dataset.version, 10) > above) {
              resolve(performance.now() - start);
            } else if (performance.now() - start > timeout) {
              reject(new Error('no new stage'));
            } else { requestAnimationFrame(check); }
          })();
        })""",
        [above, timeout],
    )


def test_a_move_through_one_server_reaches_the_screens_of_the_other(
    browser, cluster, screenshot_dir
):
    a, b = cluster.servers
    code = _new_game(cluster)
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    _log_in(projector, a.url, f"/play/host/{code}/")
    phone = _join(browser, b.url, code, "Ada")
    other_phone = _join(browser, a.url, code, "Bo")
    for page in (projector, phone, other_phone):
        _pushed_only(page)
    projector.wait_for_function("() => document.querySelector('.stage')")
    seen = max(_version(page) for page in (projector, other_phone))
    _wait_for_version(phone, seen - 1)  # Bo's join (server A) came after Ada's page was drawn

    # Ada's phone (server B) places the pawn; the projector and Bo's phone (server A) see it.
    phone.locator("form.edge button:not([disabled])").first.click()
    for page in (projector, other_phone):
        took = _wait_for_version(page, seen)
        print(f"a move through server B on a screen of server A after {took:.0f} ms")
    assert "rolls" in projector.locator(".stage-body").inner_text()

    # The teacher (server A) ends the game; both phones show it, one of them on server B.
    ended = _version(projector)
    projector.once("dialog", lambda dialog: dialog.accept())
    projector.locator("form[action$='/end/'] button").click()
    for page in (phone, other_phone):
        _wait_for_version(page, ended)
        assert page.locator(".game-over").count() == 1
    phone.screenshot(path=str(screenshot_dir / "cluster-phone-over.png"))


def test_a_log_out_on_one_server_ends_the_session_on_the_other(browser, cluster):
    a, b = cluster.servers
    code = _new_game(cluster)
    context = browser.new_context()
    page = context.new_page()
    _log_in(page, a.url, f"/play/host/{code}/")
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
    _log_in(projector, b.url, f"/play/host/{code}/")
    phone = _join(browser, a.url, code, "Ada")
    _pushed_only(phone)
    shown = _version(phone)
    # Server A's socket server goes away while the game goes on through server B.
    a.stop_sockets()
    cluster.shell(
        "from play.core import store; from play.models import Game; "
        f"g = Game.objects.get(code={code!r}); "
        "store.make_move(g, 0, 'place', {'edge': 'left', 'index': 0})"
    )
    a.start_sockets(cluster.dir)
    wait_for_socket_server(a.sockets_port)
    took = _wait_for_version(phone, shown, timeout=20_000)
    print(f"the phone showed the current stage {took:.0f} ms after its server was back")
    assert phone.locator("form.edge button:not([disabled])").count() == 0  # Bo's turn now


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
    _pushed_only(ada)
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
