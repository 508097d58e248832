"""Add/Residue as ``bench`` measures it: the hint a player waits for (set up without
numba, so its first call meets the engine as the app's first hint does), the runs of
thinking players whose estimates are checked, and its kernel against the plain
rules."""

from __future__ import annotations

from collections.abc import Callable

from rules import add_residue
from rules.play import final_state
from rules.players.add_residue import WeighingPlayer, seated
from solitaire_tui.games.add_residue.game import kernel
from solitaire_tui.measures import BenchCase, Measures, Probe


def hint(seed: int) -> Callable[[], dict[str, object]]:
    """The hint on the default table's first position (two players, n = 13: too large
    for the perfect player, so the strong player's search weighs every move)."""
    state = add_residue.new_game(add_residue.Options())
    chooser = WeighingPlayer(seed)

    def call() -> dict[str, object]:
        return {"move": str(chooser.choose(state))}

    return call


def _pure(game: int) -> object:
    options = add_residue.Options(2, 13)
    players = seated(["greedy", "random"], game, options)
    return final_state(add_residue, add_residue.new_game(options),
                       lambda state: players[state.to_move].choose(state))


MEASURES = Measures(
    probes=(Probe("add-residue-hint", "Add/Residue hint (2 players, n = 13)",
                  "solitaire_tui.games.add_residue.bench:hint", (1,),
                  "add-residue-players"),),
    timed_runs=({"strategies": ["strong", "greedy"]},
                {"n": 5, "strategies": ["perfect", "random"]}),
    kernels=lambda: (BenchCase("Add/Residue, greedy v random",
                               lambda: kernel(add_residue.Options(2, 13), ["greedy", "random"]),
                               _pure),),
)
