"""Grid editions: a country's (or German state's) numbers on the cards, with geo doing the math."""
