"""The command line's plumbing that every game's options use: a parser whose errors
are one line, argument types that explain what they expect, and the deck a game is
played with.

Every failure the user can cause ends in one line on stderr that says what is wrong
and what to do, with exit status 2.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import NoReturn

from rules.cards import MAX_DEAL, parse_deck
from rules.errors import RulesError
from solitaire_tui import decks
from solitaire_tui.stats import runs

PROG = "solitaire-tui"


class Parser(argparse.ArgumentParser):
    """argparse, but an error is one line naming the fix, not usage plus a message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def checked(parse: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type from a parser that raises the rules' errors."""

    def convert(text: str) -> object:
        try:
            return parse(text)
        except RulesError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


deal_number = checked(decks.parse_deal_number)
games_count = checked(runs.parse_games)


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number in low..high, with a message that says so."""

    def convert(text: str) -> int:
        if text.isascii() and text.lstrip("-").isdigit():
            value = int(text)
            if value >= low and (high is None or value <= high):
                return value
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise argparse.ArgumentTypeError(f"expected a whole number {span}, not {text!r}")

    return convert


def positive(text: str) -> float:
    """An argparse type for a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return value


SEED = whole(0, MAX_DEAL - 1)


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def add_deck(parser: argparse.ArgumentParser, *, required: bool = False,
             verb: str = "play") -> None:
    """--deal D or --deck CARDS, one or the other."""
    source = parser.add_mutually_exclusive_group(required=required)
    default = "" if required else " (default: a random deal, shown in the output)"
    source.add_argument("--deal", type=deal_number, metavar="D",
                        help=f"{verb} deal number D{default}")
    source.add_argument("--deck", metavar="CARDS",
                        help=f"{verb} these 52 cards, top first: 'KC 10H 9C …' (or 10♥,"
                        " lower case, or bare ranks where suits play no part)")


def deck_of(args: argparse.Namespace, *, ranks: bool) -> decks.Deck:
    """The deck ``--deal`` or ``--deck`` names, or a random deal."""
    if args.deck is not None:
        return decks.Deck(parse_deck(args.deck, ranks_only=ranks), None)
    return decks.numbered(args.deal) if args.deal is not None else decks.random_deck()


def seed_of(args: argparse.Namespace, deck: decks.Deck) -> int:
    """``--seed`` if given, else the deck's own seed (``Deck.seed``)."""
    return int(args.seed) if args.seed is not None else deck.seed
