"""The statistics panel's help page: what the panel does, then what the game's own
fields mean (``RunOptions.HELP``), then its keys."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from solitaire_tui.stats import cluster, runs
from solitaire_tui.stats.estimate import ASK_SECONDS

PANEL = f"""\
# Statistics

Autoplay many numbered deals of the game with the compiled engine and watch the odds
emerge. A run with seed S and N games plays deals S, S+1, …, S+N-1, so the same
options and seed give the same figures on any number of workers, and the same as
`solitaire-tui stats GAME --seed S -n N --json` prints.

- **Games** accepts `1000000`, `1_000_000`, `1,000,000` or `1e6`, up to 10¹⁸. By
  default as many as take about 20 seconds, at most {runs.DEFAULT_GAMES:,}: the
  players differ a millionfold in speed.
- Before a run, the line under the fields says how long it would take: measured by
  your last run of the same options, or else timed on a few of the run's own deals
  as you choose them (no figure for the moment that takes, and the Games field
  sized again if you left it as it was); a run that would take more than
  {ASK_SECONDS / 60:.0f} minutes is confirmed first.
- **Seed** is drawn at random for each panel and always shown; `n` draws another. Any
  deal number from 0 to 2⁶⁴ - 1 can be a seed.
- **Workers**: the threads the kernels run on (all cores by default).
- **Compare** (where the game offers comparisons): play the same deals in several
  versions (Hit or Miss's pass orders or strike limits, the relay's players,
  Add/Residue's first seat's level), a row each; a later version's row has its win
  rate minus the first's on the same deals, with the interval of that paired
  difference (`stats GAME --compare OPTION=V1,V2,…` on the command line).
- **Run on**: empty plays on this machine; a cluster's address, a Dask scheduler's
  (`tcp://HOST:8786`) plays the chunks of deals on its workers, and `local:N` on a
  cluster of N processes started here to try it (both need
  `{cluster.INSTALL}`). The figures are the same; the address is remembered. A Dask
  client runs whatever code its scheduler sends: connect only to your own. (Served to
  a web browser, the panel has no Run on field, and the server caps a run's workers
  and games.)
- The table gives each outcome with its 95% interval (Wilson). For Add/Residue a row is
  a seat: won alone, tied (a shared top score), and its edge over the others: its win
  rate minus the other seats' mean, in percentage points ± the 95% interval's half
  width (random against random, the second seat wins more often). For Sequence Solitaire a row
  is a player, all on the same deals (beside a player of your own, each later one
  with its points over the first, paired deal by deal). Choose a row to show its
  charts (`t` goes to the table from anywhere on the panel). A table wider than the
  terminal scrolls sideways a column at a time with `←` and `→` (`home` and `end`:
  to its ends), its rows' names kept in view.
- The left chart is the running win rate with its 95% interval narrowing (games on a
  log scale); the right one the distribution of a score (`s` shows the next score).
- The list on the right holds the first winning deals: `enter` or a click opens one on
  its game screen as a replay you step through.
- `c` cancels and keeps the games played so far. Finished and cancelled runs go to the
  history (`H`), where any can be reopened.

"""


def page(title: str, fields: str) -> str:
    """The page before the table of keys, for a game called ``title`` whose fields
    mean ``fields`` (none: no section of its own)."""
    own = f"## {title}'s fields\n\n{fields}\n\n" if fields else ""
    return f"{PANEL}{own}## Keys\n\n"


def keys(bindings: Sequence[BindingType], reads_players: bool) -> list[BindingType]:
    """The keys the page lists: ``p`` only where the panel reads players of one's own."""
    return [binding for binding in bindings if reads_players
            or not (isinstance(binding, Binding) and binding.action == "read_players")]
