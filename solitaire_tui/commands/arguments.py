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
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from rules import values
from rules.errors import OptionsError, RulesError
from rules.words import close_to
from solitaire_tui import decks
from solitaire_tui.own_players.playing import MOVE_SECONDS, WALL_SLACK

T = TypeVar("T")

if TYPE_CHECKING:  # generic in typeshed only
    _Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    _Subcommands = argparse._SubParsersAction

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

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # A game may be named by its number or the start of its name: its subcommands
        # find it, and say what they take, when called (``Chosen``).
        if not isinstance(action, Chosen):
            super()._check_value(action, value)

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


class Chosen(_Subcommands):
    """Subcommands named after games, which take a game as the menu shows it: by its
    number there, its name, or the start of its name in any case (``chosen``). A
    newcomer types what the menu shows, ``play 4``, or ``play seq`` for short; what
    names no game is refused in one sentence listing the games there are.

    ``numbers`` holds each subcommand's number (None or missing: it has none), set by
    ``add_games`` from what its caller asks of the registry, so this names no game."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.numbers: dict[str, int | None] = {}

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        assert isinstance(values, list) and values  # argparse's PARSER: the name, the rest
        named = {name: self.numbers.get(name) for name in self.choices or ()}
        super().__call__(parser, namespace, [chosen(values[0], named), *values[1:]],
                         option_string)


class WholeNames(argparse.HelpFormatter):
    """argparse's help, but a line never breaks inside a hyphenated name: a list of
    games to type ("5 add-residue") must not read "add-" on one line, "residue" on
    the next."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


def add_games(parser: argparse.ArgumentParser, numbers: Mapping[str, int | None], *,
              dest: str, help: str) -> Chosen:
    """``parser``'s subcommands, one a game to be added to it, which take a game by
    ``chosen``'s ways of naming it (``numbers``: the menu's)."""
    parser.formatter_class = WholeNames  # its help lists the games
    games = parser.add_subparsers(dest=dest, metavar="GAME", required=True,
                                  parser_class=Parser, action=Chosen, help=help)
    assert isinstance(games, Chosen)
    games.numbers = dict(numbers)
    return games


def chosen(typed: str, numbers: Mapping[str, int | None], noun: str = "game") -> str:
    """The name among ``numbers``' that ``typed`` means: the name itself, its number,
    or the only name it starts, all in any case and with spaces around ignored (a
    paste brings them). Otherwise an ``argparse.ArgumentError`` whose words are one
    sentence that lists the choices, which argparse turns into exit status 2."""
    text = typed.strip().casefold()
    names = list(numbers)
    found = ([name for name in names if name.casefold() == text]
             or [name for name, number in numbers.items()
                 if number is not None and str(number) == text]
             or [name for name in names if text and name.casefold().startswith(text)])
    if len(found) == 1:
        return found[0]
    if found:
        said = f"{typed!r} starts more than one {noun}'s name"
        hint = "by its number or more of its name"
    else:
        said = (f"no {noun} was named" if not text
                else f"there is no {noun} {typed!r}{close_to(text, names)}")
        hint = "by its number, its name or the start of its name"
        found = names
    choices = [name if numbers[name] is None else f"{numbers[name]} {name}" for name in found]
    either = choices[0] if len(choices) == 1 else (
        f"{', '.join(choices[:-1])} or {choices[-1]}")
    raise argparse.ArgumentError(None, f"{said}: choose {either}, {hint}")


def example(numbers: Mapping[str, int | None]) -> str:
    """A way of naming the first numbered choice each way ``chosen`` takes, for help:
    "1, hit or hit-or-miss"."""
    name, number = next((name, number) for name, number in numbers.items()
                        if number is not None)
    start = next((name[:size] for size in range(min(3, len(name)), len(name))
                  if [other for other in numbers if other.startswith(name[:size])] == [name]),
                 name)
    shown = [str(number), *([start] if start != name else []), name]
    return f"{', '.join(shown[:-1])} or {shown[-1]}"


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


def deal_number(bare: int | None, option: int | None) -> int:
    """The deal ``deal`` prints: ``deal D``, or ``deal --deal D`` as every other command
    names a deal (both are ``values.DEAL``, checked alike as they are parsed). Two
    different numbers are refused rather than one silently chosen."""
    if bare is not None and option is not None and bare != option:
        raise OptionsError(f"the deal was given twice, as {bare} and as --deal {option}:"
                           " give one number")
    number = bare if bare is not None else option
    if number is None:
        raise OptionsError(f"deal needs a deal number, given as `{PROG} deal D` or"
                           f" `{PROG} deal --deal D`")
    return number


def deck_of(args: argparse.Namespace, *, ranks: bool) -> decks.Deck:
    """The deck ``--deal`` or ``--deck`` names, or a random deal."""
    if args.deck is not None:
        return decks.deck_of(args.deck, ranks_only=ranks)
    return decks.numbered(args.deal) if args.deal is not None else decks.random_deck()


def seed_of(args: argparse.Namespace, deck: decks.Deck) -> int:
    """``--seed`` if given, else the deck's own seed (``Deck.seed``)."""
    return int(args.seed) if args.seed is not None else deck.seed
