"""The teacher's side of the lesson: classes, a report after every game and across a class's
games, their maps and charts, the practice deck of missed places, and the exports."""
