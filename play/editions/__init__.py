"""One package per edition (a Django app each): rules.py (pure), edition.py, templates, static."""
