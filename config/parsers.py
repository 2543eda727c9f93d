"""The API's JSON parser: DRF's, refusing with a 400 (bad JSON) what would otherwise end in a
server error further on:

- a deeply nested body, which would reach the interpreter's recursion limit;
- a lone surrogate (``"\\ud800"``): JSON's escapes can spell one, UTF-8 cannot encode it, so the
  database, a page or the JSON answer echoing it (a "not a valid choice" message) would fail.
  Form posts cannot carry one (Django decodes their bytes with replacement characters).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


def has_lone_surrogate(data: Any) -> bool:
    """Whether any string in parsed JSON (a key or a value, at any depth) holds a surrogate
    code point, which no valid Unicode text does. Walked without recursion."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not _encodable(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - nested too deeply.")) from None
        if has_lone_surrogate(data):
            raise ParseError(
                _("JSON parse error - the text is not valid Unicode (a lone surrogate escape).")
            )
        return data
