"""A deck's places on the maps: a grid edition's map (Germany's), or the world boards."""

from __future__ import annotations

from collections import defaultdict

from cards.models import Deck, Edition


def deck_map_svgs(deck: Deck, language: str) -> list[tuple[str, str]]:
    """(title, SVG) pairs: one Germany map, or one board per world board with cards on it."""
    from geo.board_maps import board_map
    from geo.boards import BOARDS
    from geo.maps import germany_map, grid_map
    from geo.svg import render_svg

    places = [card.place for card in deck.cards.select_related("place")]
    if deck.edition == Edition.GERMANY:
        dots = [(p.display_name(language), p.latitude, p.longitude) for p in places]
        title = "Deutschland" if language == "de" else "Germany"
        return [(title, render_svg(germany_map(dots, language=language)))]
    edition = deck.grid_edition()
    if edition is not None:
        dots = [(p.display_name(language), p.latitude, p.longitude) for p in places]
        drawing = grid_map(edition.map_edition(), dots, language=language)
        return [(edition.display_name(language), render_svg(drawing))]
    by_board: dict[str, list[tuple[str, float, float]]] = defaultdict(list)
    for place in places:
        location = place.world_location()
        if location is not None:
            lat, lon = place.stated_point or (place.latitude, place.longitude)
            by_board[location.board].append((place.display_name(language), lat, lon))
    return [
        (
            BOARDS[code].name_de if language == "de" else BOARDS[code].name_en,
            render_svg(board_map(code, dots=by_board[code], language=language)),
        )
        for code in BOARDS
        if by_board.get(code)
    ]
