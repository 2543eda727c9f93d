from __future__ import annotations

from pathlib import Path

import pytest

from play.core import registry
from tests.play.core.toy import TOY

HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def toy_edition(settings):
    registry.register(TOY)
    settings.TEMPLATES = [
        dict(settings.TEMPLATES[0], DIRS=[*settings.TEMPLATES[0]["DIRS"], HERE / "templates"])
    ]
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, HERE / "static"]
    yield TOY
    registry.unregister("toy")


@pytest.fixture(autouse=True)
def _every_engine_game_replays(toy_edition, _every_engine_game_replays):
    """The replay check runs while the toy edition is still registered."""
    yield
