"""Hit or Miss as the app knows it: options, headless play, runs, replays, the
zero-strike search command."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules import hit_or_miss
from rules.cards import deal_cards, ranks_only
from rules.errors import OptionsError, RulesError
from rules.hit_or_miss import Options, PassOrder
from rules.play import final_state
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.games.game import Command, Game
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import BenchCase, Setup

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def title(options: Options) -> str:
    """The game and its options as headings name them, for one game and for many."""
    return f"{HitOrMiss.TITLE} ({options.variant}, {options.order.value} order)"


def variant(text: str) -> int | None:
    try:
        return hit_or_miss.parse_variant(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def kernel(options: Options) -> Kernel:
    from solitaire_tui.games.hit_or_miss.kernel import kernel as make

    return make(options)


def _pure(strikes: int | None) -> Callable[[int], object]:
    return lambda deal: final_state(hit_or_miss, hit_or_miss.new_game(
        Options(strikes), ranks_only(deal_cards(deal))))


class HitOrMiss(Game):
    KEY = "hit-or-miss"
    TITLE = "Hit or Miss"
    BLURB = "Count 1 to 13 as you turn cards; a match is discarded."
    SEED_HELP = "the shuffle's seed with --order shuffled (default: the deal number)"

    def screen(self) -> type[GameScreen[Any, Any]]:
        from solitaire_tui.games.hit_or_miss.screen import HitOrMissScreen

        return HitOrMissScreen

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        parser.add_argument("--variant", type=variant, default=None, metavar="V",
                            help="unlimited (default), roll-call (3 strikes), two-strike,"
                            " or strikes=N")
        parser.add_argument("--order", choices=[o.value for o in PassOrder],
                            default="same", help="how the misses form the next pass"
                            " (default: same)")

    def _options(self, args: argparse.Namespace, deck: Deck) -> Options:
        return Options(args.variant, PassOrder(args.order), seed=arguments.seed_of(args, deck))

    def screen_options(self, args: argparse.Namespace, deck: Deck | None) -> Any:
        assert deck is not None
        return self._options(args, deck)

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        options = self._options(args, deck)

        def describe(before: hit_or_miss.State, call: hit_or_miss.Call, _: object) -> str:
            assert before.top is not None
            card = before.top.glyph
            return f"pass {before.passes + 1:>3}  count {before.count:>2}  {card:>3}  {call.value}"

        state = hit_or_miss.new_game(options, deck.cards)
        end, lines = play_out(hit_or_miss, state, None, describe, log)
        res = hit_or_miss.result(end)
        seed = options.seed if options.order is PassOrder.SHUFFLED else None
        outcome = (
            f"{res.reason.capitalize()}. {res.cards_left} cards left after {res.passes} passes,"
            f" {res.strikes} strikes, {res.turns} cards turned."
        )
        return report(self.KEY, f"{title(options)}, {deck.label}", outcome, options, deck, res,
                      seed, lines)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"variant": Options(args.variant).variant, "order": args.order}

    def commands(self) -> Sequence[Command]:
        from solitaire_tui.games.hit_or_miss import zero_strike_command

        return (Command(
            "search", "zero-strike", "the longest zero-strike Hit or Miss game, and how rare"
            " they are", "Build zero-strike games of Hit or Miss (won without a pass that"
            " matches nothing) backwards from the win, keep the longest, then count them"
            " among random deals. Ctrl+C stops the search and keeps the longest so far.",
            zero_strike_command.options, zero_strike_command.run),)

    def setup(self, options: Mapping[str, Any]) -> Setup:
        try:
            order = PassOrder(options.get("order", "same"))
        except ValueError:
            orders = ", ".join(o.value for o in PassOrder)
            raise OptionsError(f"the pass order is one of {orders},"
                               f" not {options.get('order')!r}") from None
        rules = Options(hit_or_miss.parse_variant(str(options.get("variant", "unlimited"))),
                        order)
        return Setup(self.KEY, {"variant": rules.variant, "order": order.value}, title(rules),
                     lambda: kernel(rules), rules)

    def panel_options(self, screen_options: Any) -> dict[str, Any]:
        options: Options = screen_options
        return {"variant": options.variant, "order": options.order.value}

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.hit_or_miss.run_options import HitOrMissRunOptions

        return HitOrMissRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        deck = numbered(deal)
        # The kernels shuffle deal d's misses with the deal's own seed, as a game does.
        return Replay(self.KEY, deck, replace(setup.rules, seed=deck.seed), None,
                      f"deal {deal}")

    def bench(self) -> Sequence[BenchCase]:
        return (
            BenchCase("Hit or Miss, unlimited", lambda: kernel(Options()), _pure(None), 800_000),
            BenchCase("Hit or Miss, roll-call", lambda: kernel(Options(3)), _pure(3)),
        )


GAME = HitOrMiss()
