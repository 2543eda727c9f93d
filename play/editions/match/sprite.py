"""The island symbols as one SVG sprite, so that screens draw icons, not words.

Cards on screen refer to a symbol with ``<use href="…/symbols.svg#s12">``: the browser loads
the sprite once and caches it, and a stage redrawn several times a second stays small. The file
is committed under ``static/`` and generated from the card database's icon data
(``cards/data/island_symbols.json``, Game Icons, CC BY 3.0); a test keeps the two in step:

    python -m play.editions.match.sprite > play/editions/match/static/play/match/symbols.svg
"""

from __future__ import annotations

from html import escape


def sprite_svg() -> str:
    from cards.symbols.decks import ISLAND_DATA, island_symbols

    symbols = island_symbols()
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        f"<!-- Generated from {ISLAND_DATA.parent.parent.name}/{ISLAND_DATA.parent.name}/"
        f"{ISLAND_DATA.name}: Game Icons (game-icons.net), CC BY 3.0 -->",
    ]
    for symbol in symbols:
        parts.append(
            f'<symbol id="s{symbol.index}" viewBox="{escape(symbol.view_box)}">'
            f"<title>{escape(symbol.name_en)}</title>"
            f'<path d="{escape(symbol.icon)}"/></symbol>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(sprite_svg(), end="")
