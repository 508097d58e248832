"""The players of the family's games (Sequence Solitaire and every described game) on
the command line and in runs: the built-in ones by name, and players of one's own,
loaded by the person at the shell, compared with them on the same deals and played
in their own worker processes. One piece of code for every game of the family; what
differs is the game (its key, title and module in ``rules.own_players``), its built-in
players' names and the options its ``rules.own_players`` module starts a deal from.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules import values
from rules.errors import OptionsError
from solitaire_tui.commands import arguments
from solitaire_tui.games.game import Game
from solitaire_tui.own_players import files, playing
from solitaire_tui.own_players.playing import MOVE_SECONDS
from solitaire_tui.stats.compare import COMPARE
from solitaire_tui.stats.runs import strategies

if TYPE_CHECKING:
    from rules.fast.batch import Kernel

# One core's rough seconds a game of a player of one's own, before a run has timed
# it: plain Python, greedy-class, at Sequence Solitaire (measured on a 2-core machine
# of 2026); compiled (``bench --engine players``: first_fit.py about 48,000 games/s on
# one worker, rules_of_thumb.py about 22,000).
PLAIN_SECONDS = 2e-3
COMPILED_SECONDS = 3e-5
PLAY_DEFAULT = "fair"  # ``play``'s player: the screen's first helper


def add_options(parser: argparse.ArgumentParser, *, batch: bool, builtin: Sequence[str],
                greedy: str) -> None:
    """The players' options of a family's game: ``--strategy`` (one of ``builtin``;
    given again in a run, the players are compared on the same deals), and
    ``--player FILE``, given again or beside ``--strategy`` in a run, instead of it in a
    single game; ``greedy`` says what the greedy player is."""
    if batch:
        parser.add_argument("--strategy", action="append", choices=builtin, metavar="S",
                            help="a computer player: " + ", ".join(builtin) + "; give it"
                            " again to compare players on the same deals (default: greedy)")
        arguments.add_own_player(parser, "; give it again, or with --strategy, to"
                                 " compare players on the same deals", several=True)
        return
    parser.add_argument("--strategy", choices=builtin,
                        help=f"the computer player (default: {PLAY_DEFAULT}, the helper the"
                        f" game's screen plays with; greedy is {greedy})")
    arguments.add_own_player(parser, ", instead of --strategy", several=True)
    arguments.add_review(parser)


def single(game: Game, args: argparse.Namespace, seed: int,
           builtin: Callable[[str, int], Callable[[Any], Any]],
           options: Mapping[str, Any] | None = None) -> tuple[str, Callable[[Any], Any]]:
    """The player of a single game (``play``) and its choice of moves: ``--strategy``
    (``builtin`` makes it, seeded; the fair player unless named), or the one player of
    one's own ``--player FILE`` names, in its place (its choice raises
    ``playing.Fault`` when it goes wrong). Both, or two files, are refused: one of
    them would not play."""
    if not args.player:
        name = args.strategy or PLAY_DEFAULT
        return name, builtin(name, seed)
    if len(args.player) > 1:
        raise OptionsError("a single game has one player: give --player once")
    if args.strategy is not None:
        raise OptionsError("--player plays instead of --strategy: give one of them")
    assert game.OWN_RULES is not None, "a game of the family has players of one's own"
    own = files.load(args.player[0], game.key, game.OWN_RULES)
    return own.name, playing.choosing(playing.of(own, args.move_seconds, options), seed)


def played(play: Callable[[], Any]) -> Any:
    """What ``play`` returns, a player of one's own that went wrong said in one
    sentence (as bad input is: exit 2)."""
    try:
        return play()
    except playing.Fault as fault:
        raise OptionsError(fault.sentence) from None


def run_options(game: Game, args: argparse.Namespace, builtin: Sequence[str]) -> dict[str, Any]:
    """A run's options from the command line: players of one's own are loaded here, by
    the person at the shell, and compared with the others on the same deals."""
    assert game.OWN_RULES is not None, "a game of the family has players of one's own"
    own = [files.load(path, game.key, game.OWN_RULES).name for path in args.player or ()]
    options = side_by_side([*(args.strategy or ([] if own else ["greedy"])), *own], builtin)
    if own:
        options["move_seconds"] = args.move_seconds
    return options


def side_by_side(names: list[str], builtin: Sequence[str]) -> dict[str, Any]:
    """The options of a run of the players ``names`` on the same deals: where a player
    of one's own is among several, a comparison, so that each later player's
    difference from the first is paired deal by deal (points over greedy), on the
    command line as in the panel; the built-in players (``builtin``) alone are one
    run's parts."""
    options: dict[str, Any] = {"strategies": names}
    if len(names) > 1 and set(names) - set(builtin):
        options[COMPARE] = {"option": "strategies", "values": [[name] for name in names]}
    return options


def chosen(game: Game, options: Mapping[str, Any], builtin: Sequence[str]
           ) -> tuple[list[str], dict[str, Any]]:
    """The players a run's ``options`` name, each once, built in or one's own (loaded
    in this process), and the options a run keeps: the budget of a move, where one of
    one's own plays."""
    names = strategies(options.get("strategies", ["greedy"]),
                       (*builtin, *files.names(game.key)), game.title)
    if len(set(names)) < len(names):
        raise OptionsError(f"name each {game.title} player once")
    seconds = values.MOVE(str(options.get("move_seconds", MOVE_SECONDS)))
    own = set(names) - set(builtin)
    return names, {"strategies": names} | ({"move_seconds": seconds} if own else {})


def kernel(game: str, name: str, move_seconds: float,
           options: Mapping[str, Any] | None = None) -> Kernel | None:
    """The run kernel of the player of one's own ``name`` at ``game`` (its worker
    processes start each deal from ``options``), or None: ``name`` is built in."""
    from solitaire_tui.own_players import running  # numpy and processes: only for a run

    own = files.find(name, game)
    return None if own is None else running.kernel(own, move_seconds, options or {})


def cost(game: str, name: str) -> float:
    """A player of one's own's rough seconds a game, before a run has timed it."""
    own = files.find(name, game)
    return COMPILED_SECONDS if own is not None and own.compiled else PLAIN_SECONDS


def shown(game: str, names: Sequence[str], runs: bool = True) -> list[str]:
    """The players' names as a run's heading says them: a player of one's own that
    numba compiles is said to be (``runs``), as in the panel's ticks; a single game
    plays it as Python."""
    return [f"{name} (compiled)" if runs and (own := files.find(name, game)) is not None
            and own.compiled else name for name in names]


def replayed(game: str, name: str, deal: int, options: Mapping[str, Any] | None = None
             ) -> Callable[[Any], Any] | None:
    """The choice of the player of one's own ``name`` in deal ``deal``, as a run played
    it, for a replay of that game: each move worked out in the player's worker process,
    never in this one; None when ``name`` is built in."""
    from solitaire_tui.own_players import running  # numpy and processes: only for a replay

    player = files.find(name, game)
    if player is None:
        return None
    return lambda state: running.hint(player, state, deal, options=options)
