"""What one claim of a match costs the server, in CPU time (holds on a shared machine too).

Run: python bench/play_match_cost.py [--repeat 40] [--classrooms 30] [--claim-every 4]
Plays a match of two pairs through the same Django views and API the screens use (in-process, a
fresh SQLite file, production settings) and prints the CPU milliseconds of: an unchanged poll,
a device's and the projector's new stage, and a claim through the API. Then the server cores a
number of classrooms needs: every claim redraws the other 3 devices and the projector, and
every screen polls every 0.4 s. Target: 30 classrooms of 4 devices, a claim every 4 s per
device, within 2 cores with room to spare (under 1.5 cores).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = Path(tempfile.mkdtemp(prefix="match-cost-"))
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DATABASE_URL=f"sqlite:///{TMP / 'db.sqlite3'}",
    CACHE_DIR=str(TMP / "cache"),
    DEBUG="false",
    SECRET_KEY="bench-only-secret-key-not-for-production-use-0123456789",
    ALLOWED_HOSTS="testserver",
    SECURE_SSL_REDIRECT="false",  # plain HTTP: TLS ends at the proxy in front
    SECURE_COOKIES="false",
)
POLL = 0.4
SCREENS = 5  # 4 devices and the projector


def cpu_ms(action, repeat: int) -> tuple[float, object]:
    action()  # warm: templates compiled, caches filled
    started = time.process_time()
    for _ in range(repeat):
        answer = action()
    return (time.process_time() - started) / repeat * 1000, answer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--classrooms", type=int, default=30)
    parser.add_argument("--claim-every", type=float, default=4.0, help="seconds per device")
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from play.core import store
    from play.core.errors import RuleViolation
    from play.editions.match import moves, rules
    from play.models import Game

    try:
        moves.island_deck()
    except RuleViolation:  # no island deck in this checkout yet: the tests' plane stands in
        from play.editions.match.deck import deck_data
        from tests.play.match.helpers import island_cards

        moves.island_deck = lambda: deck_data(island_cards())

    call_command("migrate", verbosity=0)
    teacher = User.objects.create_superuser("bench", password="bench-pw")
    game = store.create_game(
        user=teacher,
        edition="match",
        seat_names=["A1", "A2", "B1", "B2"],
        options={"layout": "2-2", "points": 30},
        language="en",
    )
    game = store.make_move(game, 0, "start", {})
    host = Client(HTTP_HX_REQUEST="true")
    host.force_login(teacher)
    device = Client(HTTP_HX_REQUEST="true")
    device.cookies[f"spoton_team_{game.code}"] = game.teams.get(index=1).token
    tokens = {t.index: t.token for t in game.teams.all()}
    apis = {seat: Client(HTTP_X_TEAM_TOKEN=token) for seat, token in tokens.items()}

    version = Game.objects.get(pk=game.pk).version
    # Unchanged polls never reach Django in production: the WSGI shortcut answers them.
    from config.wsgi import application

    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": f"/play/{game.code}/state/",
        "QUERY_STRING": f"v={version}",
        "HTTP_COOKIE": f"spoton_team_{game.code}={tokens[1]}",
    }
    statuses = []

    def shortcut():
        application(environ, lambda status, headers: statuses.append(status))
        return statuses[-1]

    unchanged, status = cpu_ms(shortcut, args.repeat * 10)
    assert status.startswith("204"), status
    stage, page = cpu_ms(lambda: device.get(f"/play/{game.code}/state/", {"v": 0}), args.repeat)
    projector, _ = cpu_ms(lambda: host.get(f"/play/host/{game.code}/state/", {"v": 0}), args.repeat)
    # Claims as a device sends them; the state is read outside the measured time.
    plans = []
    state = Game.objects.get(pk=game.pk).state
    turn = [0]

    def claim():
        seat, args_ = plans[turn[0]]
        turn[0] += 1
        return apis[seat].post(
            f"/api/games/{game.pk}/moves/",
            {"move": "claim", "args": args_},
            content_type="application/json",
        )

    claim_cpu = 0.0
    for step in range(args.repeat + 1):
        state = Game.objects.get(pk=game.pk).state
        if state["phase"] != "play":
            store.make_move(Game.objects.get(pk=game.pk), 0, "start", {})
            state = Game.objects.get(pk=game.pk).state
        seat = next(s for s in (0, 2, 1, 3) if rules.own_card(state, s) is not None)
        target = rules.targets(state, seat)[step % len(rules.targets(state, seat))]
        card = rules.own_card(state, seat)
        plans.append(
            (
                seat,
                {
                    "symbol": rules.shared_symbol(state, card, target),
                    "target": state["refs"][target],
                    "card": state["refs"][card],
                },
            )
        )
        started = time.process_time()
        answer = claim()
        if step:  # the first one warms up
            claim_cpu += time.process_time() - started
        assert answer.status_code == 201, answer.content
    claim_ms = claim_cpu / args.repeat * 1000

    per_claim = claim_ms + 3 * stage + projector
    claims_per_second = args.classrooms * 4 / args.claim_every
    polls_per_second = args.classrooms * SCREENS / POLL
    cores = (claims_per_second * per_claim + polls_per_second * unchanged) / 1000
    print(f"CPU per operation (ms), {len(page.content) // 1000} kB device stage:")
    print(f"  unchanged poll (the WSGI shortcut)                         {unchanged:6.2f}")
    print(f"  device stage after a change                                {stage:6.2f}")
    print(f"  projector stage after a change                             {projector:6.2f}")
    print(f"  claim through the API                                      {claim_ms:6.2f}")
    print(f"  one claim and the 4 other screens' new stages              {per_claim:6.2f}")
    print(
        f"{args.classrooms} classrooms x 4 devices, a claim every {args.claim_every:g} s per "
        f"device ({claims_per_second:.0f}/s), {polls_per_second:.0f} polls/s: "
        f"{cores:.2f} server cores (target under 1.5 of 2)"
    )


if __name__ == "__main__":
    main()
