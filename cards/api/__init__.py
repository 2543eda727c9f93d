"""The card database's REST API: places, decks, the gazetteer look-up, match planes."""
