"""The saved history of autoplay runs, finished or cancelled, newest first.

Each entry keeps the run's whole JSON object (the one ``stats --json`` prints, so a
past run reopens with every figure it had), when it ran, and the points of its
running win rate for the plot. Each run is a row of the player's database, added in
one transaction; the oldest beyond ``KEPT`` are dropped in the same one.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solitaire_tui.store.database import Database
from solitaire_tui.store.saving import Now, Save, Saver

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


def newest(entries: list[Entry], game: str, options: dict[str, Any]) -> Entry | None:
    """The newest of ``entries`` (newest first) that ran ``game`` with ``options``."""
    return next((entry for entry in entries
                 if entry.game == game and entry.data.get("options") == options), None)


class History:
    def __init__(self, database: Database, saver: Saver | None = None) -> None:
        """``database``: where runs are read; ``saver``: how they are written (by
        default at once, to ``database``)."""
        self.database = database
        self.saver = saver or Now(database)

    def add(self, entry: Entry) -> None:
        """Keep a run (``StoreError`` if the saver writes at once and it cannot be)."""
        self.saver.save(recording(entry.game, entry.when, json.dumps(entry.data),
                                  json.dumps(thinned(entry.curve)), secrets.token_hex(16)))

    @property
    def entries(self) -> list[Entry]:
        """The runs kept, newest first; a row that cannot be read (changed by another
        program) is left out, with a notice."""
        entries = []
        for when, data, curve in self.database.read(
                "SELECT finished, data, curve FROM runs ORDER BY id DESC"):
            try:
                entries.append(Entry(_run(data), str(when), _curve(curve)))
            except (ValueError, TypeError, KeyError, RecursionError) as error:
                self.database.notice(f"A saved run from {when} could not be read"
                                             f" ({type(error).__name__}) and is not listed.")
        return entries


def recording(game: str, when: str, data: str, curve: str, token: str) -> Save:
    """The save of a run (its JSON and its curve as text): kept in a pending file as
    soon as it has to wait (a run may have taken an hour), ``token`` naming the file."""

    def job(connection: Any) -> None:
        connection.execute("INSERT INTO runs (game, finished, data, curve) VALUES (?, ?, ?, ?)",
                           (game, when, data, curve))
        connection.execute("DELETE FROM runs WHERE id NOT IN"
                           " (SELECT id FROM runs ORDER BY id DESC LIMIT ?)", (KEPT,))

    return Save("This run", job, pending={"kind": "run", "token": token, "game": game,
                                          "when": when, "data": data, "curve": curve},
                lasting=True)


def pending_run(data: Mapping[str, Any]) -> Save:
    """A run as a pending file kept it (``recording``), checked as a row is read (the
    file may have been written by another program); ``ValueError`` if it is not one."""
    if set(data) != {"kind", "token", "game", "when", "data", "curve"}:
        raise ValueError("not the fields of a run")
    if not (all(isinstance(data[name], str) for name in ("token", "game", "when", "data",
                                                         "curve"))
            and len(data["token"]) <= 64 and len(data["when"]) <= 64
            and _run(data["data"])["game"] == data["game"]):
        raise ValueError("a field of the wrong kind")
    _curve(data["curve"])
    return recording(data["game"], data["when"], data["data"], data["curve"], data["token"])


def _run(text: str) -> dict[str, Any]:
    run = json.loads(text)
    if not isinstance(run, dict) or not isinstance(run.get("game"), str):
        raise ValueError("a run without its game")
    return run


def _curve(text: str) -> list[Point]:
    curve = []
    for done, wins in json.loads(text):
        if not isinstance(done, int) or not all(isinstance(each, int) for each in wins):
            raise ValueError("a curve point that is not whole numbers")
        curve.append((done, list(wins)))
    return curve
