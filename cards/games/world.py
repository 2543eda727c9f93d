"""The World: the scoring track's length, its limits and its defaults."""

from __future__ import annotations

WORLD_TRACK_MIN, WORLD_TRACK_MAX = 10, 200  # spaces on the scoring track, in play and in print
# The defaults of the WORLD_TRACK_LENGTH and WORLD_FINAL_SPACES settings (the one place they are
# written): the final spaces are as many as the most teams (6).
WORLD_TRACK_LENGTH, WORLD_FINAL_SPACES = 40, 6
