"""Steps the match browser tests share: a phone joining a match, and tapping a shared symbol."""

from __future__ import annotations

import re


def join_match_on_phone(browser, live_server, code, name):
    """A touch phone that joins the match by its code and takes the seat whose name matches
    ``name``; returned once the match screen shows."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/join/")
    page.fill("input[name=code]", code.lower())
    page.click("form.join-form button[type=submit]")
    page.get_by_role("button", name=re.compile(name)).click()
    page.wait_for_selector(".match-device")
    return page


# Finds the symbol a claimable card shares with the phone's own card and taps it, in one step
# inside the page: screens refresh several times a second while cards are claimed.
TAP_SHARED = """(cards) => {
  const own = new Set([...document.querySelectorAll('.mmine .msym')].map((s) => s.textContent));
  for (const button of document.querySelectorAll(cards + ' form.mclaim button.msym')) {
    if (own.has(button.textContent)) { button.click(); return true; }
  }
  return false;
}"""
