"""The described games in bulk: one compiled kernel for the whole family, which
takes the description as data (``rules.fast.calculation``), so that a game described
anew adds no compile."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from rules.calculation.description import Description, parse
from rules.calculation.game import new_game
from rules.cards import deal_cards
from rules.fast import calculation as fast
from rules.fast import calculation_solver as solver
from rules.fast.batch import Kernel
from rules.fast.kernels import one_reading, side_by_side
from rules.own_players import calculation as own_rules
from rules.players.calculation import FairPlayer, QuickPlayer, peek
from rules.roster import FAMILY_SOLVER_NODES
from solitaire_tui.games.family import own
from solitaire_tui.own_players.playing import MOVE_SECONDS


def kernel(description: Description, strategies: Sequence[str],
           move_seconds: float = MOVE_SECONDS) -> Kernel:
    """Each player on the same deals of ``description``'s game, a tally each; a player
    of one's own (``own.files``) in worker processes, each move within
    ``move_seconds``, given the description as data (``rules.own_players.calculation``)."""
    return side_by_side([own.kernel(description.key, name, move_seconds,
                                    own_rules.options(description))
                         or _player_kernel(description, name) for name in strategies],
                        strategies)


def _player_kernel(description: Description, strategy: str) -> Kernel:
    """A player's kernel. The solver's row also counts the deals it left undecided
    (``unknown``: those may be winnable too) and those it proved lost."""
    if strategy == "solver":
        return one_reading(
            lambda start, count: solver.deal_results(description, start, count,
                                                     FAMILY_SOLVER_NODES),
            solver.FIELDS, ("final_cards", "unknown", "lost"), flags=("unknown", "lost"),
            stoppable=True)
    return one_reading(
        lambda start, count: fast.deal_results(description, start, count, strategy),
        fast.FIELDS, ("final_cards",), stoppable=strategy == "fair")


def warm() -> None:
    """Compile the family's kernel (an ``engine.Part``): its runs, the fair and the
    quick player's choices as a hint calls them and the fair player's rollouts as a
    review reads them; one game compiles it for every description."""
    description = _calculation()
    kernel(description, ("greedy", "fair")).results(0, 1)
    first = new_game(description, deal_cards(0))
    FairPlayer(0, samples=1).choose(first)
    QuickPlayer().choose(first)
    fast.fair_wins(first, 1, 0)  # the review's


def warm_solver() -> None:
    """Compile the family's solver as a peek and a run call it (an ``engine.Part``),
    with a small budget: the budget is an argument, not a part of the compiled code."""
    peek(max_nodes=10).solve(new_game(_calculation(), deal_cards(0)))
    solver.deal_results(_calculation(), 0, 1, max_nodes=10)


def _calculation() -> Description:
    """The shipped Calculation, to compile on (any description would do)."""
    text = resources.files("rules.calculation").joinpath("games/calculation.toml")
    return parse(text.read_text(encoding="utf-8"))
