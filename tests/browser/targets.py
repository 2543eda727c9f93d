"""Touch targets measured in the browser: every control a pupil can tap on a screen, with its
size in CSS pixels, for the tests of WCAG 2.5.5 (target size, 44 × 44 px)."""

from __future__ import annotations

from typing import Any

MINIMUM = 44

# Every visible control: buttons, links drawn as buttons, inputs, selects, a details' summary,
# anything with the button role, and a label that stands for a visually hidden radio or
# checkbox (the tip cards). A plain link inside a sentence is exempt (WCAG 2.5.8's inline
# exception), so links count only when drawn as buttons. A disabled control is measured too: it
# is the same target once the turn comes round.
CONTROLS = """() => {
  const SELECTOR = 'button, a.button, input:not([type=hidden]), select, summary, [role=button],'
    + ' label';
  const visuallyHidden = (el) => {
    const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width <= 2 || r.height <= 2 || s.opacity === '0' || s.clipPath === 'inset(50%)';
  };
  const name = (el) => {
    const cls = [...el.classList].slice(0, 3).map((c) => '.' + c).join('');
    const label = (el.getAttribute('aria-label') || el.textContent || el.value || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 30);
    const where = el.parentElement ? [...el.parentElement.classList].slice(0, 2)
      .map((c) => '.' + c).join('') : '';
    return `${where} > ${el.tagName.toLowerCase()}${cls} "${label}"`;
  };
  const found = [];
  for (const el of document.querySelectorAll(SELECTOR)) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    if (el.tagName === 'LABEL') {
      const input = el.querySelector('input[type=radio], input[type=checkbox]');
      if (!input || !visuallyHidden(input)) continue;  // its input is the target
    } else if (el.tagName === 'INPUT' && visuallyHidden(el)) {
      continue;  // measured by its label
    }
    // A symbol drawn on an island card that the card's own button stands for (switched off and
    // let through to the card): not a target.
    if (getComputedStyle(el).pointerEvents === 'none' && (el.disabled || el.tabIndex < 0)) {
      continue;
    }
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    found.push({name: name(el), width: Math.round(r.width * 10) / 10,
                height: Math.round(r.height * 10) / 10});
  }
  return found;
}"""


def controls(page: Any) -> list[dict]:
    """Every visible control of the page with its name and size (CSS px)."""
    return page.evaluate(CONTROLS)


def too_small(page: Any, minimum: int = MINIMUM) -> list[dict]:
    """The page's controls narrower or lower than ``minimum`` CSS px."""
    low = minimum - 0.05  # sizes are rounded to tenths
    return [c for c in controls(page) if c["width"] < low or c["height"] < low]


def note(found: dict[str, str], where: str, small: list[dict]) -> None:
    """Keep the first place each too-small control was seen, one line per control."""
    for control in small:
        found.setdefault(control["name"], f"{where}: {control['width']}×{control['height']}")
