"""Card-back texts built only from gazetteer data, and the admin's live preview of them."""
