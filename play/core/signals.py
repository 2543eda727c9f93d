"""What the core tells the layers above it without importing them."""

from __future__ import annotations

from django.dispatch import Signal

# Sent once a game is over (by its rules or by the teacher), after the move that ended it is
# committed: ``game`` is the Game as that move left it. The class reports keep the game's
# summary then, so a class page never has to replay games (``play.reports``).
game_over = Signal()
