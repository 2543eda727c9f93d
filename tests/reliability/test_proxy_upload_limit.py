"""The nginx configuration in the README (and the one the cluster tests run) lets every upload
the app itself accepts through, so an editor sees the app's message, never nginx's bare 413."""

from __future__ import annotations

import re
from pathlib import Path

from cards.imports.batched import MAX_IMPORT_BYTES
from cards.validators import IMAGE_MAX_BYTES
from tests.browser import cluster

README = Path(__file__).resolve().parents[2] / "README.md"
UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30}


def _body_limits(text: str) -> list[int]:
    found = re.findall(r"client_max_body_size\s+(\d+)([kmg]?);", text, re.IGNORECASE)
    return [int(number) * UNITS[unit.lower()] for number, unit in found]


def test_the_readme_s_nginx_block_takes_the_app_s_largest_upload():
    block = re.search(r"```nginx\n(.*?)```", README.read_text(), re.DOTALL).group(1)
    limits = _body_limits(block)
    assert limits, "the nginx block sets no client_max_body_size (nginx's default is 1 MB)"
    largest = max(IMAGE_MAX_BYTES, MAX_IMPORT_BYTES)
    # The file plus its multipart form, and not far beyond what the app refuses itself.
    assert largest < min(limits) <= largest + 2 * 2**20


def test_the_cluster_s_nginx_takes_the_same_limit():
    readme = _body_limits(re.search(r"```nginx\n(.*?)```", README.read_text(), re.DOTALL)[1])
    assert readme and _body_limits(cluster.NGINX_SERVER) == readme
