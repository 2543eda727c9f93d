#!/usr/bin/env python
from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys
import threading

# Commands that leave nothing open when they return (their files are written and closed, their
# process pools shut down): the print commands, run by scripts for deck after deck.
ENDS_AT_ONCE = frozenset({"render_kit", "render_deck", "render_numbers_kit", "render_dice_kit"})


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Django's start-up makes some 80,000 objects that live as long as the process, and each
    # of the collector's passes on the way rescans those made so far: about a tenth of a
    # print command's start-up (bench/render_deck.py). config.apps turns it back on.
    gc.disable()
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
    if len(sys.argv) > 1 and sys.argv[1] in ENDS_AT_ONCE:
        end_at_once()


def end_at_once() -> None:
    """End a command that finished without an error as Python would, but without taking the
    interpreter apart: freeing every module, class and cached object one by one took 30-40 ms
    of a print command's second (bench/render_deck.py), and the system takes the memory back
    at once. The exit handlers still run (logs, temporary files, process pools), output is
    flushed and database connections are closed. A command that ends with an error (an
    exception, ``sys.exit``) or leaves a thread running takes Python's own way out."""
    if threading.active_count() > 1:
        return
    from django.db import connections

    connections.close_all()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
