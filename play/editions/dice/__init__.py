"""The edition ``dice``: Reiner Knizia's Spot On (1995), a press-your-luck game on a card grid."""
