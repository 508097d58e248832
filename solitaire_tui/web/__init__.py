"""``solitaire-tui serve``: the app in web browsers, each visitor a guest.

``serve`` (the command), ``server`` (textual-serve's page and relay, guarded and
bounded), ``guard`` (the token, the hosts and origins, the visitors' ids), ``hosts``
(where it listens, what it answers to), ``frames`` (what a browser may send) and
``visitors`` (their directories and the seats at the table).
"""
