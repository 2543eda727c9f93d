"""Issue item 7: imports are bounded, and written in batches that let other writes through."""

from __future__ import annotations

import threading

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection, transaction

from cards import batched_import
from cards.batched_import import MAX_IMPORT_BYTES, MAX_IMPORT_ROWS
from cards.models import Deck, Edition, Place
from cards.resources import PlaceResource
from tests.reliability.helpers import IMPORT_URL, confirm_import, import_csv

# Small batches keep the tests quick; the code path is the same as with the real size.
BATCH = 20
HEADER = "id,name,kind,country,latitude,longitude,population\n"


def _rows(count: int, start: int = 0) -> str:
    return "".join(
        f",Ort {i},city,DE,{50 + i / 10_000:.4f},8.5,{100 + i}\n"
        for i in range(start, start + count)
    )


def _write_from_another_connection(results: list, label: str) -> None:
    """A write such as a teacher's "new game": its own thread, so its own connection."""

    def write() -> None:
        try:
            with transaction.atomic():
                Deck.objects.create(slug=f"probe-{label}", name=label, edition=Edition.GERMANY)
            results.append("ok")
        except Exception as error:
            results.append(repr(error))
        finally:
            connection.close()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive()


@pytest.mark.django_db
def test_the_form_states_the_limits(client, editor):
    client.force_login(editor)
    html = client.get(IMPORT_URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"At most {MAX_IMPORT_ROWS:,} rows and {MAX_IMPORT_BYTES // 2**20} MB" in html


@pytest.mark.django_db
def test_it_refuses_too_many_rows_without_reading_them(client, editor):
    html = import_csv(client, editor, HEADER + _rows(MAX_IMPORT_ROWS + 1))
    assert f"import at most {MAX_IMPORT_ROWS}" in html
    assert 'name="import_file_name"' not in html
    assert not Place.objects.exists()


@pytest.mark.django_db
def test_it_refuses_a_file_that_is_too_large(client, editor):
    client.force_login(editor)
    big = HEADER + f',"{"x" * MAX_IMPORT_BYTES}",city,DE,50,8,1\n'
    upload = SimpleUploadedFile("big.csv", big.encode())
    response = client.post(IMPORT_URL, {"format": "0", "import_file": upload})
    assert "höchstens 2 MB" in response.content.decode()
    assert not Place.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_other_writes_go_through_between_batches(client, editor, monkeypatch):
    """Between two batches no transaction is open: another connection writes at once."""
    monkeypatch.setattr(batched_import, "WRITE_BATCH_ROWS", BATCH)
    rows = 2 * BATCH + 5
    preview = import_csv(client, editor, HEADER + _rows(rows))
    results: list[str] = []
    original = batched_import.BatchedImportMixin._write_batch

    def write_batch(self, chunk, **kwargs):
        part = original(self, chunk, **kwargs)
        _write_from_another_connection(results, f"after-{len(results)}")
        return part

    monkeypatch.setattr(batched_import.BatchedImportMixin, "_write_batch", write_batch)
    response = confirm_import(client, preview)
    assert response.status_code == 302
    assert results == ["ok", "ok", "ok"]
    assert Place.objects.count() == rows
    assert Deck.objects.filter(slug__startswith="probe-").count() == 3


@pytest.mark.django_db(transaction=True)
def test_the_probe_write_fails_while_one_long_transaction_holds_the_lock(editor):
    """The control for the test above: what a single import transaction did to games."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL locks rows, not the database: there is nothing to show")
    results: list[str] = []
    with transaction.atomic():
        Place.objects.create(name="Lock", country="DE", latitude=50, longitude=8)
        _write_from_another_connection(results, "during")
    assert results and "locked" in results[0]


@pytest.mark.django_db(transaction=True)
def test_a_failed_batch_undoes_the_batches_before_it(client, editor, monkeypatch):
    monkeypatch.setattr(batched_import, "WRITE_BATCH_ROWS", BATCH)
    kept = Place.objects.create(name="Alt", country="DE", latitude=51, longitude=9, population=5)
    update = f"{kept.pk},Neu,city,DE,51.5,9.5,6\n"
    preview = import_csv(client, editor, HEADER + update + _rows(BATCH + 10))
    calls: list[int] = []
    original = batched_import.BatchedImportMixin._write_batch

    def write_batch(self, chunk, **kwargs):
        calls.append(len(chunk))
        if len(calls) == 2:
            raise IntegrityError("simulated: a concurrent edit broke a constraint")
        return original(self, chunk, **kwargs)

    monkeypatch.setattr(batched_import.BatchedImportMixin, "_write_batch", write_batch)
    response = confirm_import(client, preview)
    assert calls == [BATCH, 11]
    kept.refresh_from_db()
    assert (kept.name, kept.latitude, kept.population) == ("Alt", 51, 5)
    assert list(Place.objects.all()) == [kept]
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("could not be saved, nothing was imported" in t for t in texts), texts
    assert not any("Import finished" in t for t in texts)
    # The history tells the whole story: imported, then put back.
    assert [h.name for h in kept.history.order_by("history_id")] == ["Alt", "Neu", "Alt"]


@pytest.mark.django_db(transaction=True)
def test_the_preview_writes_nothing_and_holds_no_transaction(client, editor, monkeypatch):
    """On SQLite an open transaction holds the write lock: the preview must not open one."""
    in_transaction: list[bool] = []
    original = PlaceResource.import_row

    def import_row(self, row, instance_loader, **kwargs):
        in_transaction.append(connection.in_atomic_block)
        return original(self, row, instance_loader, **kwargs)

    monkeypatch.setattr(PlaceResource, "import_row", import_row)
    html = import_csv(client, editor, HEADER + _rows(20))
    assert 'name="import_file_name"' in html
    assert in_transaction == [False] * 20
    assert not Place.objects.exists()
