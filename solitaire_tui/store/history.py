"""The saved history of autoplay runs, finished or cancelled, newest first.

Each entry keeps the run's whole JSON object (the one ``stats --json`` prints, so a
past run reopens with every figure it had), when it ran, and the points of its
running win rate for the plot. The file sits beside the player's records and is
written the same careful way (``files``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire_tui.store.files import load_json, write_atomically

FILE_NAME = "runs.json"
FORMAT = 1
KEPT = 200  # the oldest runs beyond this are dropped
CURVE_POINTS = 400  # a long run's curve is thinned to about this many points

Point = tuple[int, list[int]]  # games played so far, and each tally's wins by then


@dataclass
class Entry:
    data: dict[str, Any]  # the run as ``runs.run_data`` gives it
    when: str  # local time, "YYYY-MM-DD HH:MM:SS"
    curve: list[Point] = field(default_factory=list)

    @property
    def game(self) -> str:
        return str(self.data["game"])


def thinned(curve: list[Point], points: int = CURVE_POINTS) -> list[Point]:
    """At most about ``points`` of ``curve``, evenly spread, always with its last."""
    if len(curve) <= points:
        return list(curve)
    step = len(curve) / points
    kept = [curve[int(i * step)] for i in range(points)]
    return kept if kept[-1] == curve[-1] else [*kept, curve[-1]]


class History:
    def __init__(self, path: Path | None, entries: list[Entry] | None = None) -> None:
        self.path = path  # None keeps the history in memory only
        self.entries = entries or []

    @classmethod
    def load(cls, path: Path) -> tuple[History, str | None]:
        entries, writable, notice = load_json(path, _parse, "Your history of runs",
                                              "this session's runs")
        return cls(path if writable else None, entries), notice

    def add(self, entry: Entry) -> None:
        """Keep a run, newest first, and save at once."""
        entry.curve = thinned(entry.curve)
        self.entries = [entry, *self.entries][:KEPT]
        if self.path is not None:
            self.save(self.path)

    def save(self, path: Path) -> None:
        data = {"format": FORMAT, "runs": [
            {"when": entry.when, "run": entry.data, "curve": entry.curve}
            for entry in self.entries
        ]}
        write_atomically(path, json.dumps(data) + "\n")


def _parse(data: Any) -> list[Entry]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a format-{FORMAT} history file")
    entries = []
    for item in data["runs"]:
        run = item["run"]
        if not isinstance(run, dict) or not isinstance(run["game"], str):
            raise ValueError("a run without its game")
        curve = [(int(done), [int(wins) for wins in each]) for done, each in item["curve"]]
        entries.append(Entry(run, str(item["when"]), curve))
    return entries
