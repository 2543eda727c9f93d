"""The island games of Spot the Match (issue: five games, teams racing on their own devices)."""
