"""``inlined``: numba's ``njit`` for the small helpers of the hot loops, compiled into
each caller instead of called.

numba compiles every function apart, and a call that passes arrays counts their
references up and down around it (atomic operations, a few for every array): in the
Sequence solver's loop the helpers called at every position cost more in those than
in their own work. Compiled into their callers they cost nothing of the kind.

Only small helpers, and only where it pays: a function is compiled again at every
place it is called, which lengthens the engine's warm-up. The measurements are in
``docs/TUNING.md``.
"""

from numba import njit

inlined = njit(cache=True, nogil=True, inline="always")
