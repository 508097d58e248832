"""``inlined``: numba's ``njit`` for the small helpers of the hot loops, compiled into
each caller instead of called.

numba compiles every function apart, and a call that passes arrays counts their
references up and down around it (atomic operations, a few for every array). In the
Sequence solver's loop the helpers called at every position cost more in those than
in their own work: five ``forced`` tests, 280 ns of a 950 ns position. Compiled into
their callers they cost nothing of the kind: the solver's ``deepen`` went from about
950 to 825 ns a position, its median deal (deals 0..999) from 1.9 to 1.6 ms.

Only small helpers, and only where it pays: a function is compiled again at every
place it is called. ``_generate`` inlined too doubled the engine's warm-up (1 min 16 s
to 2 min 14 s on 2 cores) for 8% more; inlined into ``search`` alone, 13 s more
warm-up for nothing measurable. The fair player's helpers (``sequence_fair``)
inlined slowed its quick player from 1.70 to 1.88 ms a deal and the solver too.
"""

from numba import njit

inlined = njit(cache=True, nogil=True, inline="always")
