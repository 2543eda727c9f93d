"""Steps several browser tests share."""

from __future__ import annotations


def join_on_phone(browser, live_server, code: str, seat: str, locale: str = "en-GB"):
    """A phone (390 × 844, touch) that joins the game by its code and takes the named seat."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale=locale, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=seat).click()
    return page
