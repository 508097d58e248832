"""The Hit or Miss relay as the app knows it: options, headless play, runs, replays."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules import relay
from rules.relay import Options
from rules.words import counted
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.engine import Part
from solitaire_tui.games.game import Game
from solitaire_tui.games.relay.words import LOST, verdict
from solitaire_tui.play.options import OptionsCodec
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.compare import Comparison
from solitaire_tui.stats.runs import Setup, whole

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.relay.play import RelayTable
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def heading(options: Options) -> str:
    return f"{Relay.title}, {counted(options.players, 'player')}"


def kernel(options: Options) -> Kernel:
    from solitaire_tui.games.relay.kernel import kernel as make

    return make(options)


def describe(before: relay.State, _: object, after: relay.State) -> str:
    """A round as ``play --moves`` lists it: what each player said to its top card."""
    cells = []
    for player, cards in enumerate(before.decks, 1):
        if not cards:
            cells.append(f"P{player} —")
        else:
            said = "hit" if after.passed[player - 1] else "miss"
            cells.append(f"P{player} {before.counts[player - 1]}:{cards[0].glyph} {said}")
    return f"round {after.rounds:>5}  " + "  ".join(cells)


class RelayOptions(OptionsCodec[Options]):
    """How many players: all there is to the relay's options."""

    def panel(self, options: Options) -> dict[str, Any]:
        return {"players": options.players}

    def decode(self, data: Any, now: Options | None) -> Options:
        return Options(whole(data, "players", Options.players))


class Relay(Game):
    OPTIONS = RelayOptions()
    key = "relay"
    title = "Hit or Miss relay"
    ENGINE = (Part("relay-runs", "relay runs", "solitaire_tui.games.relay.kernel:warm",
                   seconds=2.5),)
    blurb = "1 to 10 players pass their matches down the line."

    def screen(self) -> type[GameScreen[Any, Any]]:
        from solitaire_tui.games.relay.screen import RelayScreen

        return RelayScreen

    def table(self) -> type[RelayTable]:
        from solitaire_tui.games.relay.play import RelayTable

        return RelayTable

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        parser.add_argument("--players", type=arguments.checked(relay.PLAYERS),
                            default=4, metavar="P", help="players in the relay, 1..10"
                            " (default: 4)")

    def screen_options(self, args: argparse.Namespace, deck: Deck | None) -> Any:
        return Options(args.players)

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        options = Options(args.players)
        end, lines = play_out(relay, relay.new_game(options, deck.cards), None, describe, log)
        return report(self.key, f"{heading(options)}, {deck.label}",
                      outcome(*verdict(end), lost=LOST), options, deck, relay.result(end),
                      None, lines)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"players": args.players}

    def setup(self, options: Mapping[str, Any]) -> Setup:
        players = self.OPTIONS.decode(options, None)
        return Setup(self.key, {"players": players.players}, heading(players),
                     lambda: kernel(players), players, engine=(self.ENGINE[-1].name,),
                     cost=1.7e-6 * players.players)  # one core's rough seconds a game

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.relay.run_options import RelayRunOptions

        return RelayRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        return Replay(self.key, numbered(deal), setup.rules, None, f"deal {deal}")

    def comparisons(self, options: Mapping[str, Any]) -> Sequence[Comparison]:
        return (Comparison("players: 2, 4, 10", "players", (2, 4, 10)),)



GAME = Relay()
