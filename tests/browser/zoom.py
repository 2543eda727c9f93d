"""Text at 200 % in the browser (WCAG 1.4.4): what a page loses when its text is made twice as
large, for the browser tests of every game's screens."""

from __future__ import annotations

from typing import Any

# Drawn to their own box, as the printed cards are: a playing card's rank and suit and a Match
# card's icons fill the card at any type size (the card is sized by the screen, and its
# symbols' names are read by screen readers), so their type follows the card, not the root.
# The Dice pawn is a piece on the board, kept to its edge place in the same way.
DRAWN_TO_THEIR_BOX = ".pc, .mcard, svg, .dice-board .pawn"

# Sets the root's font size to `scale` and reports what it costs:
# - unscaled: elements with text of their own whose type did not grow by 90 % of `scale`
#   (a size in px where it should be in rem or em);
# - clipped: text and controls cut off by an ancestor that hides its overflow (or by the page
#   itself where the page does not scroll); inside a box that scrolls they can be reached, and an
#   ellipsis that carries its whole text as its title loses nothing;
# - width: the page's scroll width (a phone must not scroll sideways).
ZOOM_TEXT = """([scale, exempt, edge]) => {
  const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const shown = (el) => el.checkVisibility({visibilityProperty: true})
    && el.getBoundingClientRect().width > 2 && el.getBoundingClientRect().height > 2;
  const texts = () => [...document.body.querySelectorAll('*')].filter(
    (el) => own(el) && shown(el) && !el.closest(exempt) && !el.closest('script, style'));
  const before = new Map(texts().map((el) => [el, parseFloat(getComputedStyle(el).fontSize)]));
  document.documentElement.style.fontSize = (scale * 100) + '%';
  const name = (el) => el.tagName.toLowerCase() + [...el.classList].slice(0, 2)
    .map((c) => '.' + c).join('') + ' "' + el.textContent.replace(/\\s+/g, ' ').trim()
    .slice(0, 25) + '"';
  const unscaled = [];
  for (const [el, size] of before) {
    if (!el.isConnected) continue;
    const now = parseFloat(getComputedStyle(el).fontSize);
    if (now < size * scale * 0.9) unscaled.push(`${name(el)} ${size}px → ${now}px`);
  }
  const page = document.scrollingElement;
  const pageScrolls = getComputedStyle(document.documentElement).overflowY !== 'hidden'
    && getComputedStyle(document.body).overflowY !== 'hidden';
  const clips = (el) => {
    const s = getComputedStyle(el);
    return /hidden|clip/.test(s.overflowX + s.overflowY);
  };
  const scrolls = (el) => {
    const s = getComputedStyle(el);
    return /auto|scroll/.test(s.overflowX + s.overflowY);
  };
  // An ellipsis whose whole text is the element's title (the game's name in the bar).
  const named = (el) => getComputedStyle(el.parentElement).textOverflow === 'ellipsis'
    && (el.title || el.parentElement.title) === el.textContent.trim();
  const cut = (el) => {
    const r = el.getBoundingClientRect();
    if (named(el)) return null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (scrolls(a)) return null;  // reached by scrolling that box
      if (!clips(a)) continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1
          || r.bottom > b.bottom + 1) return a;
    }
    if (!pageScrolls && (r.bottom > innerHeight + 1 || r.right > innerWidth + 1)) return 'page';
    return null;
  };
  const clipped = [];
  const controls = 'button, a, input:not([type=hidden]), select, summary, [role=button]';
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest(exempt)) continue;
    if (!own(el) && !el.matches(controls)) continue;
    const by = cut(el);
    if (by) {
      const where = by === 'page' ? 'the page' : name(by).split(' ')[0];
      clipped.push(`${name(el)} cut off by ${where}`);
    }
  }
  // What widens the page: the outermost elements reaching past its right edge.
  const wide = [...document.querySelectorAll('body, body *')].filter((el) =>
    el.getBoundingClientRect().right > edge + 1
    && !(el.parentElement && el.parentElement.getBoundingClientRect().right > edge + 1))
    .slice(0, 5).map(name);
  return {unscaled, clipped, width: page.scrollWidth, wide};
}"""


def zoom_text(page: Any, scale: float = 2.0) -> dict[str, Any]:
    """Make the page's text ``scale`` times as large (the root's font size, as a browser's
    text-size setting does) and report the losses; the page keeps that size until reloaded."""
    edge = page.viewport_size["width"]
    return page.evaluate(ZOOM_TEXT, [scale, DRAWN_TO_THEIR_BOX, edge])


def reset_text(page: Any) -> None:
    page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
