"""Game data that print and play both need, one module per game (no Django, no ORM).

What the physical game holds (Numbers' deck, the dice game's card mixes, the World's track
limits): ``play.editions.<game>`` deals it and ``printing``'s kit for the game draws it. It
lives below both because printing and play are sibling layers that never import each other;
the rules themselves stay in the edition packages.
"""
