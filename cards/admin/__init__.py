"""The editors' admin: places, decks, grid editions and symbol sets, one module each.

Django's admin autodiscovery imports this package; importing the modules registers them.
"""

from __future__ import annotations

from cards.admin import decks, grids, places, symbols  # noqa: F401 - each registers its admin
