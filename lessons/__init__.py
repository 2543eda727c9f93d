"""What needs both the classroom games and the print studio: the one-page PDF of a game's
report (play's report data and map, drawn by printing's map renderer). A layer above both,
kept to the joining alone, so either side moves without the other."""
