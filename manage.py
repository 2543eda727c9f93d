#!/usr/bin/env python
from __future__ import annotations

import gc
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Django's start-up makes some 80,000 objects that live as long as the process, and each
    # of the collector's passes on the way rescans those made so far: about a tenth of a
    # print command's start-up (bench/render_deck.py). config.apps turns it back on.
    gc.disable()
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
