"""What a screen does with the stages a socket sends it, in Python: the tests compare what it
puts back together with the stage as drawn."""

from __future__ import annotations

import re

from play.core.parts import KEPT

KEPT_REF = re.compile(r"<!--k:([0-9a-f]{16})-->")
SENT_MARK = re.compile(r"<!--p:([0-9a-f]{16})-->|<!--/p-->")


class Page:
    """What static/play/shell.js does with a message: references replaced by the parts kept
    from the last KEPT stages, then this stage's parts kept."""

    def __init__(self) -> None:
        self.stages: list[dict[str, str]] = []

    def receive(self, message: str) -> str:
        def kept(found: re.Match) -> str:
            for stage in reversed(self.stages):
                if found[1] in stage:
                    return stage[found[1]]
            raise AssertionError(f"part {found[1]} was never sent")

        html = KEPT_REF.sub(kept, message)
        parts, opened = {}, []
        for found in SENT_MARK.finditer(html):
            if found[1]:
                opened.append((found[1], found.start()))
            elif opened:
                hash_, began = opened.pop()
                parts[hash_] = html[began : found.end()]
        self.stages = [*self.stages, parts][-KEPT:]
        return html


def plain(html: str) -> str:
    """A stage without its marks: what the browser shows."""
    return re.sub(r"<!--(?:p(?::[0-9a-f]{16})?|/p)-->", "", html)
