"""What every game's home provides: the one interface through which the menu, the
command line, the statistics panel, the history and replays reach a game.

A game's home (``solitaire_tui/games/<game>/``) holds a subclass of ``Game`` in its
``game.py`` and everything else the app knows about the game beside it: its
screens and widgets, its statistics fields, its kernels, its rules page. The shared
services never branch on a game's name: they ask the game through this interface.

The definitions import neither Textual nor numba: the command line reads them to
build its parser, so screens, fields and kernels are imported inside the methods
that return them, when they are wanted.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from solitaire_tui.commands.report import Report
from solitaire_tui.decks import Deck
from solitaire_tui.engine import Part
from solitaire_tui.play.options import NO_OPTIONS, OptionsCodec
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import Setup

if TYPE_CHECKING:
    from solitaire_tui.play.table import GameTable
    from solitaire_tui.stats.compare import Comparison
    from solitaire_tui.stats.findings import Finding
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


@dataclass(frozen=True)
class Command:
    """A command a game adds under one of the command line's groups (``solve``,
    ``search``): ``solitaire-tui GROUP NAME …``."""

    group: str
    name: str
    help: str
    description: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]  # prints the answer; returns the exit status


class Game(ABC):
    """One game, as the whole app knows it."""

    key: ClassVar[str]  # the command line's name for it, and the records' key
    title: ClassVar[str]
    blurb: ClassVar[str]  # one line, for menus and --help
    USES_DECK: ClassVar[bool] = True  # played with cards (a deal number or a deck)
    RANKS_ONLY: ClassVar[bool] = True  # a typed deck may be bare ranks (suits play no part)
    # The player chooses moves (headless, a computer player does): a game finished by
    # a helper is not the player's own, and its wins are counted apart. Without
    # choices every move is forced, and a game counts however it was played.
    CHOICES: ClassVar[bool] = False
    SEED_HELP: ClassVar[str | None] = None  # what ``play --seed`` seeds, if the game has one
    # The parts of the compiled engine the game uses (``engine``), which the app warms
    # up ahead of need: its hints' and computer players' first, then its runs'.
    ENGINE: ClassVar[tuple[Part, ...]] = ()
    # Of them, the part its built-in helper's hints need and the part its peek (a
    # solver) needs, by name; None where it has none.
    HINT_PART: ClassVar[str | None] = None
    PEEK_PART: ClassVar[str | None] = None
    # Players of one's own: the game's module in ``rules.own_players`` (what they are shown; None:
    # the game takes none).
    OWN_RULES: ClassVar[str | None] = None
    # The screen's options as the panel, the store and a game kept unfinished take them.
    OPTIONS: ClassVar[OptionsCodec[Any]] = NO_OPTIONS

    # --- the screen ---------------------------------------------------------------------

    @abstractmethod
    def screen(self) -> type[GameScreen[Any, Any]]:
        """The game's screen class (imported when first asked for)."""

    @abstractmethod
    def table(self) -> type[GameTable[Any, Any]]:
        """The game at the table without a screen (``play.table``), which its screen
        draws: imported when first asked for, as it may bring in the game's players."""

    def rules_page(self) -> str:
        """The game's rules, as its help page shows them: ``rules.md`` in its home."""
        return _rules_page(type(self).__module__.rpartition(".")[0])

    # --- the command line ---------------------------------------------------------------

    @abstractmethod
    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        """The options that shape a game, for ``play`` and (``batch``) ``stats``."""

    def screen_options(self, args: argparse.Namespace, deck: Deck | None) -> Any:
        """The options ``play`` opens the screen with (None: the screen asks)."""
        return None

    @abstractmethod
    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        """One game played to its end without a screen, as ``play --headless`` asks;
        ``log`` lists every move."""

    @abstractmethod
    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        """The command line's ``stats`` options, as ``setup`` takes them."""

    def commands(self) -> Sequence[Command]:
        """Commands of the game's own: its solvers and searches."""
        return ()

    # --- bulk runs ---------------------------------------------------------------------

    @abstractmethod
    def setup(self, options: Mapping[str, Any]) -> Setup:
        """The run ``options`` describe (as the JSON shows them), checked; options the
        rules refuse raise their error in the rules' own words."""

    @abstractmethod
    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        """The statistics panel's fields for this game, filled with ``options``."""

    @abstractmethod
    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        """Game ``deal`` of the run ``setup`` describes, as its tally ``part`` (a seat
        or a player) saw it."""

    def comparisons(self, options: Mapping[str, Any]) -> Sequence[Comparison]:
        """The comparisons the statistics panel offers for a run of ``options``: one
        option's values played on the same deals (``stats.compare``); any other is typed
        with ``stats --compare``. As many, in the same order, whatever ``options`` hold
        (the panel's field follows them by place); the versions may depend on them."""
        return ()

    def findings(self) -> Sequence[Finding]:
        """The open questions of the game's sources, answered by runs (``stats.findings``)."""
        return ()


@cache
def _rules_page(package: str) -> str:
    return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8").strip()
