"""The card database's pages: the home and about pages, browsing, deck maps, uploaded media."""
