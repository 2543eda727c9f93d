"""The World: the limits of the scoring track's length."""

from __future__ import annotations

WORLD_TRACK_MIN, WORLD_TRACK_MAX = 10, 200  # spaces on the scoring track, in play and in print
