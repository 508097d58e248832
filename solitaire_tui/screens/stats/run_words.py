"""A statistics run in words, as the panel's meter and summary say it: plain
functions of a snapshot, tested without Textual."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.words import counted
from solitaire_tui.own_players.folder import Found
from solitaire_tui.stats.runner import Phase, Snapshot
from solitaire_tui.ui.live import clock


def speed(snap: Snapshot, now: float | None = None) -> str:
    """The meter's line: how far a run has got, how fast, and how long it has left, as
    of ``now`` (``time.monotonic()``) while it plays, so that the time left moves
    between the chunks of a slow run (``Snapshot.left_at``)."""
    if snap.phase is Phase.LOADING or not snap.done:
        return f"0 of {snap.games:,} games"
    rate = snap.games_per_second
    shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"  # a slow player's 0.29
    text = f"{snap.done:,} of {snap.games:,} · {shown} games/s"
    left = snap.eta_seconds if now is None else snap.left_at(now)
    if not snap.over and left is not None:
        text += f" · {clock(left)} left"
    return text

def asked(takes: str, games: str) -> tuple[str, list[str], str]:
    """The question before a run of minutes (``Confirm``'s words): it takes ``takes``
    (an estimate in words), for ``games`` as the Games field has them."""
    return (f"This run would take {takes}.",
            [f"{games} games; fewer games give a wider interval, c cancels a run and keeps"
             " what was played"], "y or enter: run it · n or esc: back to the fields")


def summary(snap: Snapshot, numbered: str = "deals", faults: Sequence[str] = ()) -> str:
    """The line under the meter: what a run is doing, or how it ended; ``faults``, of
    players of one's own that stopped it, are said in its place (at 80×24 both
    pushed the charts off)."""
    if faults:
        before = ("the games before it are counted" if snap.done
                  else "no game was played before it")
        return " ".join(f"Your player {fault}; {before}." for fault in faults)
    last = snap.seed + max(snap.done, 1) - 1
    # Plain, as a deal number is typed and shown everywhere else ("deal 1234").
    deals = f"{numbered} {snap.seed}..{last}"  # "games" where no cards are dealt
    if snap.phase is Phase.LOADING and snap.on:
        return (f"Starting on the Dask cluster {snap.on}: connecting, and its workers"
                " loading the engine… (c cancels)")
    if snap.phase is Phase.LOADING:
        return ("Loading the compiled engine… (on a fresh install it is compiled"
                " first, which can take a minute; c cancels)")
    if snap.phase is Phase.PLAYING:  # the same words throughout: no new layout
        return (f"Playing {numbered} {snap.seed}..{snap.seed + snap.games - 1} on"
                f" {workers(snap)}; c cancels, keeping what was played.")
    if snap.phase is Phase.FAILED:
        return snap.error
    timing = (f"{seconds(snap.seconds)} on {workers(snap)}, engine loaded in"
              f" {seconds(snap.compile_seconds)}")
    if snap.phase is Phase.CANCELLED:
        if not snap.done:
            return "Cancelled before the first games were played."
        return (f"Cancelled after {snap.done:,} of {snap.games:,} games: the figures are"
                f" for {deals} ({timing}). Kept in the history (H).")
    replays = ("; enter on a win replays it" if any(tally.first_wins for tally in snap.tallies)
               else "")
    return f"Finished: {deals} in {timing}. Kept in the history (H){replays}."


def seconds(taken: float) -> str:
    """A run's time as the summary says it: "1.25 s", never "0.00 s" for a run that
    took a little time ("under 0.01 s")."""
    return f"{taken:.2f} s" if taken >= 0.005 or not taken else "under 0.01 s"


def workers(snap: Snapshot) -> str:
    """What a run plays on, in words: "2 workers", "4 workers of tcp://…:8786"."""
    return counted(snap.workers, "worker") + (f" of {snap.on}" if snap.on else "")


def own_players(where: Path, found: Found) -> str:
    """The player's own players read for the panel (which of them are compiled), and
    why a file is not one."""
    if not found.players and not found.problems:
        return (f"No players of your own in {where} yet: a Python file there with a"
                " play(view) function is one, and p reads the folder again.")
    names = ", ".join(player.name + " (compiled)" * player.compiled
                      for player in found.players) or "none"
    return f"Your players ({where}): {names}." + "".join(
        f" {problem}." for problem in found.problems)  # a file's name as it is
