"""What the places' import preview tells an editor: a UTF-16 file without its byte-order mark
is read (or refused with the reason), errors are one line each without a traceback, and the
limits are written as numbers in the reader's language."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Place
from tests.reliability.helpers import IMPORT_URL

pytestmark = pytest.mark.django_db

CSV = "name,kind,country,latitude,longitude\nKöln,city,DE,50.9,6.9\nBonn,city,DE,50.7,7.1\n"


def _preview(client, user, raw: bytes, language: str = "en") -> str:
    client.force_login(user)
    response = client.post(
        IMPORT_URL,
        {"format": "0", "import_file": SimpleUploadedFile("places.csv", raw)},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_utf_16_file_without_its_byte_order_mark_is_read(client, editor, encoding):
    raw = CSV.encode(encoding)
    assert not raw.startswith((b"\xff\xfe", b"\xfe\xff"))
    html = _preview(client, editor, raw)
    assert "Köln" in html and "Bonn" in html
    assert "Skipped" not in html
    assert 'name="import_file_name"' in html  # ready to confirm


def test_a_file_with_nul_bytes_that_is_no_utf_16_is_refused_with_the_reason(client, editor):
    raw = CSV.encode() + b"\x00\x00\x00\x00" + CSV.encode()
    html = _preview(client, editor, raw)
    assert "NUL bytes" in html and "UTF-16" in html
    assert 'name="import_file_name"' not in html
    german = _preview(client, editor, raw, language="de")
    assert "NUL-Bytes" in german


def test_duplicate_rows_are_one_line_without_a_traceback(client, editor, settings):
    settings.DEBUG = False
    csv = "name,kind,country,latitude,longitude\nAlpha,city,DE,50,8\nAlpha,city,DE,50,8\n"
    html = _preview(client, editor, csv.encode())
    assert "Rows 2 and 3 describe the same place twice (Alpha)" in html
    for leak in ("Traceback", "site-packages", "File &quot;", "ValueError", "resources.py"):
        assert leak not in html
    assert Place.objects.count() == 0


def test_the_limits_are_written_as_numbers_in_the_reader_s_language(client, editor):
    client.force_login(editor)
    german = client.get(IMPORT_URL, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "5.000 Zeilen" in german and "5,000" not in german
    english = client.get(IMPORT_URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "5,000 rows" in english
