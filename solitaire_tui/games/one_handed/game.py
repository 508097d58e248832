"""One-Handed Solitaire as the app knows it: headless play, runs, replays.

Every move is forced, so the game has no options, no players and no seed."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules import one_handed
from rules.cards import format_cards
from solitaire_tui.commands.report import Report, play_out, report
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.engine import Part
from solitaire_tui.games.game import Game
from solitaire_tui.games.one_handed.words import verdict
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import Setup

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.one_handed.play import OneHandedTable
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def kernel() -> Kernel:
    from solitaire_tui.games.one_handed.kernel import kernel as make

    return make()


class OneHanded(Game):
    key = "one-handed"
    title = "One-Handed Solitaire"
    ENGINE = (Part("one-handed-runs", "One-Handed runs",
                   "solitaire_tui.games.one_handed.kernel:warm", seconds=0.5),)
    blurb = "Watch the newest four cards for a rank or suit pair."
    RANKS_ONLY = False  # the suits decide the pairs

    def screen(self) -> type[GameScreen[Any, Any]]:
        from solitaire_tui.games.one_handed.screen import OneHandedScreen

        return OneHandedScreen

    def table(self) -> type[OneHandedTable]:
        from solitaire_tui.games.one_handed.play import OneHandedTable

        return OneHandedTable

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        """No options: every move is forced."""

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None

        def describe(before: one_handed.State, move: one_handed.Move, _: object) -> str:
            return f"{format_cards(before.window, glyphs=True):<15} {move.value}"

        options = one_handed.Options()
        state = one_handed.new_game(options, deck.cards)
        end, lines = play_out(one_handed, state, None, describe, log)
        return report(self.key, f"{self.title}, {deck.label}", outcome(*verdict(end)), options,
                      deck, one_handed.result(end), None, lines)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {}

    def setup(self, options: Mapping[str, Any]) -> Setup:
        return Setup(self.key, {}, self.title, kernel, engine=(self.ENGINE[-1].name,),
                     cost=6e-7)  # one core's rough seconds a game

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.ui.run_options import NoRunOptions

        return NoRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        return Replay(self.key, numbered(deal), None, None, f"deal {deal}")



GAME = OneHanded()
