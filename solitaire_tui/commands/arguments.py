"""The command line's plumbing that every game's options use: a parser whose errors
are one line, argument types that explain what they expect, and the deck a game is
played with.

Every failure the user can cause ends in one line on stderr that says what is wrong
and what to do, with exit status 2.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

from rules import values
from rules.errors import RulesError
from rules.words import close_to
from solitaire_tui import decks
from solitaire_tui.own.playing import MOVE_SECONDS, WALL_SLACK

T = TypeVar("T")

PROG = "solitaire-tui"


# argparse's words for a name not among the choices (Python 3.10 to 3.13 alike).
INVALID_CHOICE = re.compile(r"invalid choice: '(?P<typed>[^']*)' \(choose from (?P<names>.*)\)$")


class Parser(argparse.ArgumentParser):
    """argparse, but an error is one line naming the fix, not usage plus a message:
    a slip of a name gets a "did you mean", and options no command takes are refused
    by the command they were given to, whose help names the ones it takes."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes some of what was typed as it is (unrecognized arguments): a
        # line break typed inside an argument must not split the one line.
        message = message.replace("\r", "\\r").replace("\n", "\\n")
        if found := INVALID_CHOICE.search(message):
            names = re.findall(r"'([^']*)'", found["names"])
            message = message[:found.end("names") + 1] + close_to(found["typed"], names)
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")

    def parse_known_args(  # type: ignore[override]  # typeshed's overloads
            self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None,
    ) -> tuple[argparse.Namespace, list[str]]:
        known, extra = super().parse_known_args(args, namespace)
        if extra and self.prog == PROG:  # the top: the command given is the one to say it
            chosen = self._chosen(known)
            if chosen is not self:
                offered = [option for action in chosen._actions
                           for option in action.option_strings
                           if action.help != argparse.SUPPRESS]
                slip = next((close_to(word, offered) for word in extra
                             if word.startswith("-") and close_to(word, offered)), "")
                chosen.error(f"unrecognized arguments: {' '.join(extra)}{slip}")
        return known, extra

    def _chosen(self, namespace: argparse.Namespace) -> argparse.ArgumentParser:
        """The innermost command the arguments chose (``play sequence``'s parser)."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                name = getattr(namespace, action.dest, None)
                inner = action.choices.get(name) if name is not None else None
                if isinstance(inner, Parser):
                    return inner._chosen(namespace)
        return self


def checked(parse: Callable[[str], T]) -> Callable[[str], T]:
    """An argparse type from a parser that raises the rules' errors (such as a
    ``rules.values`` number), so its sentence is the one argparse prints."""

    def convert(text: str) -> T:
        try:
            return parse(text)
        except RulesError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


class _OldSpelling(argparse.Action):
    """An option kept under an old name, which says so on stderr when used."""

    def __init__(self, *args: Any, spelling: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spelling = spelling

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        print(f"{PROG}: {option_string} here is the old spelling of {self.spelling}; it"
              f" still works, but -n now means only a number of games (in stats)",
              file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_old_n(parser: argparse.ArgumentParser, spelling: str, dest: str,
              type: Callable[[str], Any]) -> None:
    """``-n`` where it used to mean what ``spelling`` means: one letter, one meaning
    across the commands (the number of games), and old scripts keep working."""
    parser.add_argument("-n", dest=dest, type=type, action=_OldSpelling,
                        spelling=spelling, help=argparse.SUPPRESS)


def add_own_player(parser: argparse.ArgumentParser, says: str, *, several: bool = False) -> None:
    """``--player FILE`` (``says``: where it plays; ``several``: it may be given again)
    and the budget of each of its moves, ``--move-seconds``."""
    parser.add_argument("--player", action="append" if several else "store", metavar="FILE",
                        help="a player of your own, a Python file with a function"
                        f" play(view) (see docs/players.md){says}")
    parser.add_argument("--move-seconds", type=checked(values.MOVE), default=MOVE_SECONDS,
                        metavar="S", help="the longest a move of your own player may compute"
                        f" (default: {MOVE_SECONDS:g}; by the clock, {WALL_SLACK:g} times that)")


def add_review(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--review", action="store_true",
                        help="after the game, each decision's chance of a win with the move"
                        " played and with the best move (implies --headless)")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")


def add_deck(parser: argparse.ArgumentParser, *, required: bool = False,
             verb: str = "play") -> None:
    """--deal D or --deck CARDS, one or the other."""
    source = parser.add_mutually_exclusive_group(required=required)
    default = "" if required else " (default: a random deal, shown in the output)"
    source.add_argument("--deal", type=checked(values.DEAL), metavar="D",
                        help=f"{verb} deal number D{default}")
    source.add_argument("--deck", metavar="CARDS",
                        help=f"{verb} these 52 cards, top first: 'KC 10H 9C …' (or 10♥,"
                        " lower case, or bare ranks where suits play no part)")


def deck_of(args: argparse.Namespace, *, ranks: bool) -> decks.Deck:
    """The deck ``--deal`` or ``--deck`` names, or a random deal."""
    if args.deck is not None:
        return decks.deck_of(args.deck, ranks_only=ranks)
    return decks.numbered(args.deal) if args.deal is not None else decks.random_deck()


def seed_of(args: argparse.Namespace, deck: decks.Deck) -> int:
    """``--seed`` if given, else the deck's own seed (``Deck.seed``)."""
    return int(args.seed) if args.seed is not None else deck.seed
