"""Text for people: the game log, drawings of the board and action notation."""
