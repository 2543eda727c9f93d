"""Imports are bounded, validated without a transaction, and saved all-or-nothing."""

from __future__ import annotations

import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection, transaction

from cards.imports.batched import MAX_IMPORT_BYTES, MAX_IMPORT_ROWS
from cards.imports.resources import PlaceResource
from cards.models import Deck, Edition, Place
from jobs.models import Job, Status
from tests.reliability.helpers import IMPORT_URL, confirm_import, import_csv

HEADER = "id,name,kind,country,latitude,longitude,population\n"


def _rows(count: int, start: int = 0) -> str:
    return "".join(
        f",Ort {i},city,DE,{50 + i / 10_000:.4f},8.5,{100 + i}\n"
        for i in range(start, start + count)
    )


def _write_from_another_connection(results: list, label: str) -> None:
    """A write such as a teacher's "new game": its own thread, so its own connection. It gives
    up after 0.2 s instead of the site's 20 s: the wait is what is shown, not its length."""

    def write() -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA busy_timeout = 200")
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
    assert f"import at most {MAX_IMPORT_ROWS:,}" in html
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
def test_the_probe_write_fails_while_one_long_transaction_holds_the_lock(editor):
    """What one import transaction does to other writes on SQLite: they wait (and fail after
    a blocked thread's timeout). Imports are short enough (bench/import_places.py) and run on
    the worker, not in a web request."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL locks rows, not the database: there is nothing to show")
    results: list[str] = []
    with transaction.atomic():
        Place.objects.create(name="Lock", country="DE", latitude=50, longitude=8)
        _write_from_another_connection(results, "during")
    assert results and "locked" in results[0]


@pytest.mark.django_db(transaction=True)
def test_a_failure_on_the_last_row_saves_none_of_them(client, editor, monkeypatch):
    """A confirmed import is one transaction: every row is saved, or none."""
    kept = Place.objects.create(name="Alt", country="DE", latitude=51, longitude=9, population=5)
    update = f"{kept.pk},Neu,city,DE,51.5,9.5,6\n"
    rows = 30
    preview = import_csv(client, editor, HEADER + update + _rows(rows))
    saved: list[int] = []
    original = PlaceResource.save_instance

    def save_instance(self, instance, is_create, row, **kwargs):
        saved.append(1)
        if len(saved) == rows + 1:
            raise IntegrityError("simulated: a concurrent edit broke a constraint")
        return original(self, instance, is_create, row, **kwargs)

    monkeypatch.setattr(PlaceResource, "save_instance", save_instance)
    response = confirm_import(client, preview)
    assert response.status_code == 302
    assert len(saved) == rows + 1
    kept.refresh_from_db()
    assert (kept.name, kept.latitude, kept.population) == ("Alt", 51, 5)
    assert list(Place.objects.all()) == [kept]
    job = Job.objects.get()
    assert job.status == Status.FAILED
    assert job.message.startswith("Nothing was imported: rows 31 failed")
    assert "simulated: a concurrent edit" in job.details["failed_rows"][0]["error"]
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Nothing was imported" in page and "simulated: a concurrent edit" in page
    assert [h.name for h in kept.history.all()] == ["Alt"]


@pytest.mark.django_db(transaction=True)
def test_rows_no_longer_valid_at_the_confirmation_are_listed_with_the_reason(client, editor):
    """Valid in the preview, invalid when confirmed (someone edited meanwhile): the job's page
    names each row and why; nothing is saved."""
    preview = import_csv(client, editor, HEADER + _rows(3))
    Place.objects.create(name="Ort 1", country="DE", latitude=50.0001, longitude=8.5)
    from cards.models import Place as Model

    def clean(self, *args, **kwargs):
        from django.core.exceptions import ValidationError

        if self.name == "Ort 2" and self.pk is None:
            raise ValidationError({"name": "simulated: a second Ort 2"})

    Model.clean, old = clean, Model.clean
    try:
        response = confirm_import(client, preview)
    finally:
        Model.clean = old
    job = Job.objects.get()
    assert job.status == Status.FAILED
    assert job.details["failed_rows"] == [{"row": 3, "error": "name: simulated: a second Ort 2"}]
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "simulated: a second Ort 2" in page
    assert Place.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_confirmed_import_is_saved_with_its_counts(client, editor):
    preview = import_csv(client, editor, HEADER + _rows(25))
    response = confirm_import(client, preview)
    assert response["Location"].startswith("/jobs/")
    job = Job.objects.get()
    assert job.status == Status.DONE, job.message
    assert job.message == "Import finished: 25 new, 0 updated, 0 unchanged."
    assert Place.objects.count() == 25


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
