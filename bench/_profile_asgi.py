"""uvicorn with every thread under cProfile (the event loop and the threads that draw the
sockets' stages), each timed by its own CPU time (waits for the GIL, the database or Redis do
not count); the merged statistics are written to $PROFILE_OUT when it stops.

Used by ``bench/play_load.py --profile-asgi FILE``; arguments are uvicorn's. Read the file with
``python -m pstats FILE`` (``sort tottime``, ``stats 30``). Profiling slows the server down
(about 1.5-2x): its shares matter, not its times.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import signal
import sys
import threading
import time

_profiles: list[cProfile.Profile] = []
_lock = threading.Lock()
_run = threading.Thread.run


def _profiled_run(self: threading.Thread) -> None:
    profile = cProfile.Profile(time.thread_time)
    with _lock:
        _profiles.append(profile)
    profile.enable()
    try:
        _run(self)
    finally:
        profile.disable()


def main() -> None:
    # uvicorn raises the signal it stopped for again once it is done: exit through Python then,
    # so that the statistics are written.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(0))
    threading.Thread.run = _profiled_run
    own = cProfile.Profile(time.thread_time)
    own.enable()
    try:
        from uvicorn.main import main as uvicorn

        sys.argv = ["uvicorn", *sys.argv[1:]]
        uvicorn()
    except SystemExit:
        pass
    finally:
        own.disable()
        stats = pstats.Stats(own)
        with _lock:
            for profile in _profiles:
                profile.disable()
                stats.add(profile)
        stats.dump_stats(os.environ["PROFILE_OUT"])


if __name__ == "__main__":
    main()
