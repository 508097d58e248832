"""What the player keeps: records and the history of runs, written safely."""
