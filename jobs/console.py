"""A progress bar for long commands: tqdm on a terminal, nothing in a pipe or a CI log.

``bar()`` gives the same two calls as a job's progress (``set_total``, ``advance``), so the
code that reports progress does not care whether a worker or a command runs it.
"""

from __future__ import annotations

import os
import sys
from typing import Any


class Bar:
    def __init__(self, description: str, stream: Any = None) -> None:
        stream = stream or sys.stderr
        on_terminal = hasattr(stream, "isatty") and stream.isatty() and not os.environ.get("CI")
        self._bar = None
        if on_terminal:
            # Imported only on a terminal: in a pipe there is no bar to draw, and the import
            # (about 6 ms after Django's) would be all it cost.
            from tqdm import tqdm

            self._bar = tqdm(desc=description, file=stream, unit=" steps")

    def set_total(self, total: int) -> None:
        if self._bar is not None:
            self._bar.total = total
            self._bar.refresh()

    def advance(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def bar(description: str, stream: Any = None) -> Bar:
    return Bar(description, stream)
