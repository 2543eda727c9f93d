"""The print page's downloads follow the options as the teacher sets them: "Download PDF" and
both background-job buttons print what the menus show, even before "Update preview"."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, urlsplit

import pypdf
import pytest

from cards import starter

pytestmark = pytest.mark.django_db(transaction=True)


def options_of(url: str) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query).items()}


def test_the_downloads_print_the_options_shown_not_the_previews(
    live_server, page, teacher, tmp_path
):
    starter.germany_deck()
    page.goto(f"{live_server.url}/accounts/login/?next=/print/germany/")
    page.fill("#id_username", "thomas")
    page.fill("#id_password", "pw-thomas")
    page.press("#id_password", "Enter")
    page.wait_for_url(f"{live_server.url}/print/germany/")
    # The preview was last drawn with the cards on A4; the teacher then picks the whole kit
    # on Letter and downloads without updating the preview.
    page.goto(f"{live_server.url}/print/germany/?what=cards&paper=a4&layout=duplex-long")
    page.select_option("#id_what", "kit")
    page.select_option("#id_paper", "letter")
    page.uncheck("#id_crop_marks")

    pdf_link = page.locator("p.downloads a.button").first
    link = pdf_link.get_attribute("href")
    for form in ("form:has(button.start-pdf-job)", "form:has(button.start-zip-job)"):
        action = page.locator(form).get_attribute("action")
        assert options_of(action) == options_of(link), form
    shown = options_of(link)
    assert (shown["what"], shown["paper"], shown["layout"]) == ("kit", "letter", "duplex-long")
    assert "crop_marks" not in shown  # unticked, as the form itself would send it

    with page.expect_download() as download:
        pdf_link.click()
    path = tmp_path / "kit.pdf"
    download.value.save_as(path)
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    box = reader.pages[0].mediabox
    assert sorted((round(box.width), round(box.height))) == [612, 792]  # Letter
    titles = [item.title for item in reader.outline]
    assert "Tippkarten" in titles and "Punkteblock" in titles  # the kit, not the cards alone
