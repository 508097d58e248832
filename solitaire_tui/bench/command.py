"""``solitaire-tui bench``: the command line's way into the measuring. Every game's
measures are gathered here (``measures.of``), so the command line and the registry
know nothing of what a game is measured by."""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import OptionsError
from solitaire_tui import measures
from solitaire_tui.bench import kernels
from solitaire_tui.games.registry import ENGINE, GAMES


def bench(engine: Sequence[str] | None, first_call: int | None, seconds: float,
          as_json: bool) -> int:
    """The kernels against the plain rules (or one kernel's first call, in this fresh
    process); with ``engine``, those sections of ``bench --engine``."""
    if engine is not None:
        return _engine(engine, as_json)
    cases = [case for game in GAMES for case in measures.of(game).kernels()]
    if first_call is not None:
        if first_call >= len(cases):
            raise OptionsError(f"bench has cases 0..{len(cases) - 1}, not {first_call}")
        print(kernels.first_call_seconds(cases[first_call]))
        return 0
    return kernels.bench(cases, seconds, as_json)


def _engine(sections: Sequence[str], as_json: bool) -> int:
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.bench.engine import KeySetup, bench_engine

    # The keys are timed on the first game whose hint is a search: its heaviest key.
    game = next(game for game in GAMES if game.table().SLOW_HINTS)
    keys = KeySetup(lambda data: SolitaireApp(data=data), game)
    every = [measures.of(game) for game in GAMES]
    probes = tuple(probe for one in every for probe in one.probes)
    series = tuple(one_series for one in every for one_series in one.series)
    return bench_engine(ENGINE, probes, sections, keys, as_json, series, GAMES)
