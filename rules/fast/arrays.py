"""Array copies for the kernels, element by element.

numba compiles an array's slice assignment (``a[:] = b``, ``a[i] = b[j]`` of rows)
with a shape check and the error message it would raise, built with numba's ``str``,
``repr`` and string joins: seconds of a part's compile, paid again in every process
that compiles one (docs/TUNING.md). A loop has nothing to check.
"""

from __future__ import annotations

import numpy as np

from rules.fast.jit import compiled


@compiled
def copied(source: np.ndarray, target: np.ndarray) -> None:
    """``target[:len(source)] = source`` for one-dimensional arrays."""
    for index in range(len(source)):
        target[index] = source[index]
