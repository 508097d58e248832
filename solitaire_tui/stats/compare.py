"""Several versions of a game on the same deals, side by side: a comparison run.

Is Hit or Miss easier with the misses reversed? Is a strong Add/Residue seat worth
more than a greedy one? Two runs on different deals answer with two intervals that
overlap long after the difference is plain. Here each deal is played in every
version, so each version's wins are paired with the first's: the difference of two
win rates on the same deals, with the interval of a paired difference, which is
narrower because the deals' own luck cancels out.

A comparison is one more run option (``COMPARE``: the option that varies and its
values), so it goes through the command line, the panel, the history, a cluster's
workers and replays as any run's options do: ``run_setup`` makes the run of any
options, a comparison or not. Each version's kernel plays the same chunk of deals
and their columns are laid side by side; its tallies read its own columns, and a
version after the first also counts the deals it won that the first lost and the
other way round (``runs.ONLY_HERE``, ``ONLY_FIRST``), from which the paired difference
follows (``runs.paired_difference``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.errors import OptionsError
from rules.stats import Histogram
from solitaire_tui.stats.runs import ONLY_FIRST, ONLY_HERE, Runs, Setup, paired_difference

if TYPE_CHECKING:  # numpy too: the games name this module's Comparison at start-up,
    import numpy as np  # when nothing has loaded numpy yet (``tests/test_architecture``)

    from rules.fast.batch import Kernel, Reading

COMPARE = "compare"  # the run option: {"option": name, "values": [value, …]}
MOST = 6  # versions in one run: each plays every deal, and the panel shows a row each


@dataclass(frozen=True)
class Comparison:
    """A comparison a game offers in its panel: a title and the values of one option."""

    title: str
    option: str
    values: tuple[Any, ...]

    @property
    def spec(self) -> dict[str, Any]:
        return {"option": self.option, "values": list(self.values)}


def parse(text: str) -> dict[str, Any]:
    """``OPTION=V1,V2,…`` as the command line takes it: a whole number stays a number,
    ``a+b`` is a list (one value a seat), anything else is a word."""
    option, equals, values = text.partition("=")
    items = [item.strip() for item in values.split(",") if item.strip()]
    if not equals or not re.fullmatch(r"[a-z_]+", option.strip()) or len(items) < 2:
        raise OptionsError(f"a comparison is an option and two or more values, such as"
                           f" order=same,reversed or players=2,4,10, not {text!r}")
    return {"option": option.strip(), "values": [_value(item) for item in items]}


def _value(text: str) -> Any:
    if "+" in text:
        return [_value(part) for part in text.split("+")]
    return int(text) if text.isdigit() else text


def shown(value: Any) -> str:
    """A value as the command line and the tables write it."""
    return "+".join(map(shown, value)) if isinstance(value, list) else str(value)


JOIN = " · "  # between a version's name and its part's in a tally's label


def run_setup(game: Runs, options: Mapping[str, Any]) -> Setup:
    """The run ``options`` describe for ``game``: a comparison if they hold one, else the
    game's own run (``Game.setup``), checked either way."""
    spec = options.get(COMPARE)
    if spec is None:
        return game.setup(options)
    if (not isinstance(spec, Mapping) or not isinstance(spec.get("option"), str)
            or not isinstance(spec.get("values"), list)):
        raise OptionsError(f"a comparison names an option and its values, not {spec!r}")
    option, values = spec["option"], spec["values"]
    if not 2 <= len(values) <= MOST:
        raise OptionsError(f"a comparison has 2 to {MOST} versions, not {len(values)}")
    base = {name: value for name, value in options.items() if name != COMPARE}
    versions = [game.setup(base | {option: value}) for value in values]
    if option not in versions[0].options:
        raise OptionsError(f"{game.title} has no option {option!r} to compare; its"
                           f" options are {', '.join(versions[0].options)}")
    chosen = [version.options[option] for version in versions]
    if len({repr(value) for value in chosen}) < len(chosen):
        raise OptionsError(f"the versions compared must differ: {option} "
                           + ", ".join(map(shown, chosen)))
    names = [shown(value) for value in chosen]
    return Setup(
        game.key, versions[0].options | {COMPARE: {"option": option, "values": chosen}},
        versus([version.heading for version in versions])
        or f"{versions[0].heading}, {option.replace('_', ' ')} {' vs '.join(names)}",
        lambda: side_by_side([version.make_kernel() for version in versions], names),
        parts=("versions", "version"),
        engine=tuple(dict.fromkeys(part for version in versions for part in version.engine)),
        cost=sum(version.cost for version in versions),
        split=lambda part: _split(versions, part),
        own=tuple(dict.fromkeys(name for version in versions for name in version.own)))


def versus(headings: Sequence[str]) -> str:
    """The versions' headings as one, what they share said once: "Hit or Miss
    (unlimited vs two-strike, same order)", "Hit or Miss relay, 2 vs 4 players"; ""
    when a version's heading does not name what sets it apart."""
    prefix = _shared_start(headings)
    prefix = prefix[:max(prefix.rfind(" "), prefix.rfind("(")) + 1]
    suffix = _shared_start([heading[::-1] for heading in headings])[::-1]
    suffix = suffix[min((at for at in (suffix.find(" "), suffix.find(","), suffix.find(")"))
                        if at >= 0), default=len(suffix)):]
    middles = [heading[len(prefix):len(heading) - len(suffix)] for heading in headings]
    if not all(middles) or len(set(middles)) < len(middles):
        return ""
    if any("," in middle for middle in middles) and prefix.endswith("(") \
            and suffix.startswith(")"):  # "(greedy, random) vs (random, greedy)"
        prefix, suffix = prefix[:-1], suffix[1:]
        middles = [f"({middle})" for middle in middles]
    return prefix + " vs ".join(middles) + suffix


def _shared_start(texts: Sequence[str]) -> str:
    """The characters every one of ``texts`` starts with."""
    shared = min(texts, key=len)
    for text in texts:
        while not text.startswith(shared):
            shared = shared[:-1]
    return shared


def _split(versions: Sequence[Setup], part: int) -> tuple[Setup, int]:
    """Which version's run, and which of its parts, a comparison's ``part`` is: the
    parts go version by version (each as many as its kernel reads), so the kernels
    are asked, not guessed."""
    for version in versions:
        count = len(version.make_kernel().readings)
        if part < count:
            return version, part
        part -= count
    raise IndexError("no such part of the comparison")


def side_by_side(kernels: Sequence[Kernel], names: Sequence[str]) -> Kernel:
    """One kernel playing each chunk of deals in every version, its columns side by
    side, read version by version."""
    import numpy as np

    from rules.fast.batch import Kernel
    from rules.fast.batch import side_by_side as rows_side_by_side

    edges = np.cumsum([0, *(kernel.columns for kernel in kernels)]).tolist()
    first = kernels[0].readings
    readings = []
    for index, kernel in enumerate(kernels):
        columns = slice(edges[index], edges[index + 1])
        for part, reading in enumerate(kernel.readings):
            paired = first[part] if index and part < len(first) else None
            readings.append(_version(reading, columns, names[index], paired,
                                     slice(edges[0], edges[1])))

    def results(start: int, count: int) -> np.ndarray:
        return rows_side_by_side([kernel.results(start, count).astype(np.int64)
                                  for kernel in kernels])

    return Kernel(results, tuple(readings), edges[-1],
                  any(kernel.stoppable for kernel in kernels))


def _version(reading: Reading, columns: slice, name: str, paired: Reading | None,
             first: slice) -> Reading:
    """``reading`` on its version's columns, named for the version; paired with the
    first version's same part, it also counts the deals only one of the two won."""
    import numpy as np

    from rules.fast.batch import Reading

    def won(rows: np.ndarray) -> np.ndarray:
        return np.asarray(reading.won(rows[:, columns]), dtype=bool)

    def scores(rows: np.ndarray) -> dict[str, np.ndarray]:
        found = reading.scores(rows[:, columns])
        if paired is not None:
            here, there = won(rows), np.asarray(paired.won(rows[:, first]), dtype=bool)
            found = found | {ONLY_HERE: (here & ~there).astype(np.int8),
                             ONLY_FIRST: (there & ~here).astype(np.int8)}
        return found

    tied: Callable[[np.ndarray], np.ndarray] | None = None
    if reading.tied is not None:
        own_tied = reading.tied

        def tied(rows: np.ndarray) -> np.ndarray:
            return own_tied(rows[:, columns])

    # A version of one tally named as its tally is ("fair", of strategies compared)
    # is named once.
    label = name + (f"{JOIN}{reading.label}" if reading.label not in ("", name) else "")
    flags = reading.flags | ({ONLY_HERE, ONLY_FIRST} if paired is not None else set())
    return Reading(label, won, scores, tied, frozenset(flags))


def first_version(label: str) -> str:
    """The first version's name, from its first tally's label ("same", "greedy+random"
    from "greedy+random · seat 1"; a version with one tally is named by its label)."""
    return label.split(JOIN)[0]


def version_of(label: str) -> str:
    """The version a comparison's tally is of, from its label ("greedy+random" from
    "greedy+random · P1 greedy"); "" for a tally of a run that compares nothing."""
    return label.split(JOIN)[0] if JOIN in label else ""


def short_label(label: str) -> str:
    """A tally's label for a narrow column: a comparison's seat by its number alone
    ("greedy+random P1" for "greedy+random · P1 greedy": the version names the
    seats' players)."""
    version, _, part = label.partition(JOIN)
    return f"{version} {part.split()[0]}" if part else label


def difference_words(histograms: Mapping[str, Histogram], games: int,
                     first: str) -> str | None:
    """The paired difference in words: "+1.234 points over same (95% interval …)"."""
    found = paired_difference(histograms, games)
    if found is None:
        return None
    change, low, high = found
    return (f"{100 * change:+.3f} points over {first} on the same deals (95% interval"
            f" {100 * low:+.3f} to {100 * high:+.3f})")


def with_spec(options: Mapping[str, Any], spec: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` with the comparison ``spec`` (None: without any)."""
    kept = {name: value for name, value in options.items() if name != COMPARE}
    return kept if spec is None else kept | {COMPARE: dict(spec)}

