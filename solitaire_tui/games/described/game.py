"""A game of the Calculation family as the app knows it, made from its description:
its screen and table, headless play, runs and replays, by the family's players (the
greedy, the random, the quick and the fair player, which its kernel plays for any
description, the solver, and players of one's own).

One ``DescribedGame`` subclass a description, made by ``described``: the interface's
``key`` and ``title`` are the class's, as every game's are.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from rules.calculation import game as calc
from rules.calculation.description import Description, parse
from rules.own_players import calculation as own_rules
from rules.players.calculation import player
from rules.roster import FAMILY, FAMILY_SOLVER_NODES
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, play_out, report, reviewed
from solitaire_tui.decks import Deck, numbered
from solitaire_tui.games.described import words
from solitaire_tui.games.described.engine import FAMILY_PART, SOLVER_PART
from solitaire_tui.games.family import own
from solitaire_tui.games.family.moves import move_text
from solitaire_tui.games.family.moves import words as family_words
from solitaire_tui.games.game import Command, Game
from solitaire_tui.own_players.playing import MOVE_SECONDS
from solitaire_tui.play.options import NoOptions
from solitaire_tui.play.words import outcome
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import Setup

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.described.play import DescribedTable
    from solitaire_tui.games.described.screen import DescribedScreen
    from solitaire_tui.ui.run_options import RunOptions

# One core's rough seconds a game, for a run's time before it has timed one here
# (``Setup.cost``): the middle of the shipped games', which differ by about 2× (Betsy
# Ross's eight foundations and its second pass are the slowest for the basic players,
# Calculation's and Hopscotch's long searches for the fair one and the solver), so
# each is within 2× of its own (docs/TUNING.md, "Rough costs").
SECONDS_A_GAME = {"greedy": 3.5e-5, "random": 3e-5, "quick": 5.5e-5, "fair": 0.06,
                  "solver": 0.09}


class DescribedGame(Game):
    description: ClassVar[Description]
    OPTIONS = NoOptions({"strategies": ["greedy"]})
    ENGINE = (FAMILY_PART, SOLVER_PART)
    HINT_PART, PEEK_PART = FAMILY_PART.name, SOLVER_PART.name
    OWN_RULES = own_rules.__name__
    CHOICES = True
    SEED_HELP = "the random and fair players' seed (default: the deal number)"

    def screen(self) -> type[DescribedScreen]:
        from solitaire_tui.games.described.screen import screen_for

        return screen_for(self.description)

    def table(self) -> type[DescribedTable]:
        from solitaire_tui.games.described.play import table_for

        return table_for(self.description)

    def rules_page(self) -> str:
        return words.rules_page(self.description)

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        own.add_options(parser, batch=batch, builtin=FAMILY, greedy="its rule of thumb")

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        assert deck is not None
        seed = arguments.seed_of(args, deck)
        name, choose = own.single(self, args, seed,
                                  lambda name, seed: player(name, seed, self.title).choose,
                                  own_rules.options(self.description))
        state = calc.new_game(self.description, deck.cards)
        made: list[calc.Move] = []
        end, lines = own.played(lambda: play_out(calc, state, choose, _move_text, log, made))
        used = seed if name in ("random", "fair") or args.player else None
        played = report(self.key, f"{self.title}, {name} player, {deck.label}",
                        outcome(*words.verdict(end)), {"strategy": name}, deck,
                        calc.result(end), used, lines)
        if args.review:
            from rules.players.calculation import chance_words, review

            reviewed(played, review(state, made, seed), own_rules.name_of,
                     chance_words(self.description.passes),
                     words=lambda state, move: family_words(move, words.hand(state)))
        return played

    def commands(self) -> Sequence[Command]:
        from rules.players.calculation import solve
        from solitaire_tui.games.family.solve_command import Solving, command

        description = self.description
        return (command(self, Solving(
            calc, lambda deck: calc.new_game(description, deck.cards), solve,
            FAMILY_SOLVER_NODES, _move_text)),)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return own.run_options(self, args, FAMILY)

    def setup(self, options: Mapping[str, Any]) -> Setup:
        names, kept = own.chosen(self, options, FAMILY)
        description, seconds = self.description, kept.get("move_seconds", MOVE_SECONDS)

        def make() -> Kernel:
            from solitaire_tui.games.described.kernel import kernel

            return kernel(description, names, seconds)

        engine = ((FAMILY_PART.name,) if set(names) & (set(FAMILY) - {"solver"}) else ()) + (
            (SOLVER_PART.name,) if "solver" in names else ())
        heading = f"{self.title}, {' vs '.join(own.shown(self.key, names))}"
        return Setup(self.key, kept, heading, make, parts=("strategies", "strategy"),
                     engine=engine, cost=sum(SECONDS_A_GAME.get(name) or own.cost(self.key, name)
                                             for name in names),
                     own=tuple(name for name in names if name not in FAMILY))

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.family.run_options import FamilyRunOptions

        return FamilyRunOptions(options, FAMILY, ("greedy",))

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        name = setup.options["strategies"][part]
        deck = numbered(deal)
        choose = (own.replayed(self.key, name, deck.seed, own_rules.options(self.description))
                  or player(name, deck.seed, self.title).choose)
        return Replay(self.key, deck, None, choose, f"deal {deal}, {name} player")


def _move_text(before: calc.State, move: calc.Move, _: object = None) -> str:
    return move_text(calc, before, move, words.hand(before))


def described(description: Description) -> DescribedGame:
    """The game ``description`` describes, as the app knows a game."""
    attributes = {"__module__": __name__, "description": description, "key": description.key,
                  "title": description.name, "blurb": words.blurb(description),
                  # bases of one suit need suits: a typed deck of bare ranks has none
                  "RANKS_ONLY": description.bases != "one suit"}
    game: DescribedGame = type(words.class_name(description.key), (DescribedGame,),
                               attributes)()
    return game


@cache
def shipped() -> tuple[Description, ...]:
    """The descriptions shipped with the suite (``rules/calculation/games``), by name."""
    folder = resources.files("rules.calculation").joinpath("games")
    found = [parse(path.read_text(encoding="utf-8")) for path in folder.iterdir()
             if path.name.endswith(".toml")]
    return tuple(sorted(found, key=lambda description: description.name))
