"""Keeping Python's full garbage collections short and out of a key's way, for a
long-lived app (``Heap``; the app tells it what it sees: ``look`` once a second).

Short: what lives as long as the app (Textual's modules, numba's, the kernels') is
taken out of the collector's sight (``gc.freeze``) once new modules have been loaded,
so a full collection no longer walks it. A frozen cycle is never collected, so
whenever the menu is back on top after a freeze the heap is thawed (``menu_shown``),
and once no key has come for a while, collected and frozen again. Not while a screen
closed since is still alive, though (the app names them: ``closed``): one being taken
apart, or held by a thread worker that has yet to end, would be frozen with it and
kept until the next thaw. It is waited for, a collection at each look, for
``SETTLE_LOOKS`` looks at most; one held longer is held for good (a leak), and frozen.

Out of the way: when no key or click has come for a while, a full collection that may
be due runs then, rather than in the middle of the next key; Python's own come seldom
(``PYTHON_FULL_AFTER``). How long the pauses were is in ``docs/TUNING.md``.

Short in a game too: a kernel loaded, a screen's caches filled, bring tens of thousands
of objects that stay without a module being loaded. When a full collection (the app's
or Python's) has left ``GROWN`` objects or more in the oldest generation since the
last freeze, they are frozen at the next look, away from the menu too; they are what
outlived a full collection, and the menu thaws them as it thaws the rest.
"""

from __future__ import annotations

import gc
import sys
import weakref

FULL_AFTER = 10  # younger collections before a full one may run (Python's own default)
# Younger collections before Python runs a full one of its own: ten times its default,
# as the app runs one in the first pause of the keys (``Heap.look``).
PYTHON_FULL_AFTER = 10 * FULL_AFTER
SETTLE_LOOKS = 30  # looks a closed screen still alive is waited for before a freeze
# Objects a full collection left in the oldest generation, from which they are frozen:
# some 20 to 60 ms of a full collection's walk on two cores, quiet or busy.
GROWN = 20_000


class Heap:
    """The collector's settings while an app runs, and when it freezes and collects."""

    def __init__(self) -> None:
        self._modules = 0  # the modules loaded when the heap was last frozen
        self._frozen = False  # frozen since the menu was last shown
        self._thawed = False  # back at the menu since: to be collected, then frozen again
        self._closed: weakref.WeakSet[object] = weakref.WeakSet()  # still alive
        self._waited = 0  # looks a freeze has waited for what was closed
        self._thresholds = gc.get_threshold()  # Python's, given back by ``end``
        self._full = _full_collections()  # full collections run when last looked at

    def start(self) -> None:
        self._thresholds = gc.get_threshold()
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, PYTHON_FULL_AFTER)

    def look(self, *, at_menu: bool, quiet: bool) -> None:
        """``at_menu``: the menu is on top; ``quiet``: no key or click came lately."""
        loaded = len(sys.modules) != self._modules
        if at_menu and quiet and (loaded or self._thawed):
            gc.collect()  # what was closed goes now, unless something still holds it
            if self._closed and self._waited < SETTLE_LOOKS:
                self._waited += 1
            else:
                self._freeze()
        elif not at_menu and loaded:
            self._freeze()
        if quiet and gc.get_count()[2] >= FULL_AFTER:  # younger ones since the last full
            gc.collect()
        full, self._full = self._full, _full_collections()
        if not at_menu and full != self._full and len(gc.get_objects(2)) >= GROWN:
            gc.collect(1)  # not the younger generations' garbage: only what outlived
            self._freeze()

    def closed(self, screen: object) -> None:
        """``screen`` is closed: no freeze at the menu while it is still alive."""
        self._closed.add(screen)

    def menu_shown(self) -> None:
        if self._frozen:
            self._frozen = False
            gc.unfreeze()
            self._thawed = True

    def end(self) -> None:
        """The collector as it was found."""
        gc.unfreeze()
        gc.set_threshold(*self._thresholds)

    def _freeze(self) -> None:
        gc.freeze()
        self._modules = len(sys.modules)
        self._thawed, self._frozen, self._waited = False, True, 0


def _full_collections() -> int:
    return int(gc.get_stats()[2]["collections"])
