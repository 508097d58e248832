"""The command line's plumbing: argument types, headless reports, runs and benches
printed. The command itself, which asks every game, is ``solitaire_tui.cli``."""
