"""Symbol-matching decks: symbol sets, projective planes, match decks and their previews."""
