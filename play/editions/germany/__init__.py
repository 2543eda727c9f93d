"""Spot On: Germany — the geography card game of German places, on the play core."""
