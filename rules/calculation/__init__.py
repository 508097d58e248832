"""The Calculation family described as data: ``description`` (the format and its
checks) and ``game`` (the rules that play any description). The shipped games'
descriptions are the TOML files in ``games/``."""
