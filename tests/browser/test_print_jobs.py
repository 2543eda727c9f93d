"""A teacher makes the Germany starter deck's PNG zip in the background: the progress bar
moves while a real task worker draws the faces, and the zip is downloaded from the job page."""

from __future__ import annotations

import time
import zipfile

import pytest

from cards import starter

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_germany_png_zip_is_made_in_the_background(
    live_server, page, teacher, task_worker, tmp_path
):
    deck, _result = starter.germany_deck()
    faces = 2 * deck.cards.count()
    page.goto(f"{live_server.url}/accounts/login/?next=/print/germany/")
    page.fill("#id_username", "thomas")
    page.fill("#id_password", "pw-thomas")
    page.press("#id_password", "Enter")
    page.wait_for_url(f"{live_server.url}/print/germany/")
    page.goto(f"{live_server.url}/print/germany/?what=cards&dpi=150&layout=duplex-long")
    page.click("button.start-zip-job")

    # The job's page: a progress bar, polled, that moves.
    bar = page.locator("progress.job-progress")
    bar.wait_for()
    seen = set()
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not page.locator("a.job-download").count():
        if bar.count():
            seen.add(int(bar.get_attribute("value") or 0))
        time.sleep(0.3)
    assert page.locator("a.job-download").count(), page.content()
    moving = sorted(v for v in seen if 0 < v < faces)
    assert len(moving) >= 2, f"the bar showed only {sorted(seen)}"
    assert page.locator(".job-total").inner_text() == str(faces)

    with page.expect_download() as download:
        page.click("a.job-download")
    path = tmp_path / "faces.zip"
    download.value.save_as(path)
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    assert len(names) == faces
    assert names[0].startswith("0001-front-")

    # "My print jobs" lists it as done; the same click again joins it instead of a new job.
    page.goto(f"{live_server.url}/jobs/")
    assert page.locator("section.job[data-status=done]").count() == 1
