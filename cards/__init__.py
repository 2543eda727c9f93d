from __future__ import annotations

from pathlib import Path

# The committed data files (gazetteer extracts, the world deck, the island symbols); see its
# README for where each came from.
DATA_DIR = Path(__file__).resolve().parent / "data"
