"""The statistics panel: the screen (``screen``), a run in its words (``run_words``)
and the first guess of a run's time (``timing``), which only the panel uses."""
