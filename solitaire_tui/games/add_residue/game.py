"""Add/Residue as the app knows it: its table, players, headless play, runs,
replays and the perfect player's command. There are no cards: a game is numbered
by the seed its random computers draw with."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from rules import add_residue, values
from rules.cards import MAX_DEAL
from rules.errors import OptionsError
from rules.own_players import add_residue as own_rules
from rules.players.add_residue import seated
from rules.roster import ADD_RESIDUE as NAMES
from rules.roster import check_solvable
from rules.words import counted
from solitaire_tui.commands import arguments
from solitaire_tui.commands.report import Report, plain, play_out, report, reviewed
from solitaire_tui.decks import Deck
from solitaire_tui.engine import Part
from solitaire_tui.games.add_residue.seating import Seat, Seating
from solitaire_tui.games.add_residue.words import places, winners
from solitaire_tui.games.game import Command, Game
from solitaire_tui.own_players import files, playing
from solitaire_tui.own_players.files import OwnPlayer
from solitaire_tui.own_players.playing import MOVE_SECONDS
from solitaire_tui.play.options import OptionsCodec
from solitaire_tui.replay import Replay
from solitaire_tui.stats.compare import Comparison
from solitaire_tui.stats.runs import Setup, strategies, whole

# One core's rough seconds a seat's moves take in a game of 2 players and n = 13, for
# a run's time before it has measured one here (``Setup.cost``); the strong player's
# search grows with the moves there are to weigh. The perfect player plays only games
# small enough to solve, once a process, and then looks its moves up (bench --engine
# estimates: 2 players, n = 5, perfect against random, 10⁶ games in 0.4 s on two
# workers, guessed at 7.4 s from 1e-4 before).
SECONDS_A_SEAT = {"greedy": 3e-7, "random": 4e-7, "strong": 0.025, "perfect": 5e-6}
# A game with a seat of one's own player, all in plain Python (measured: about 1,300
# games a second on two workers, 2 players and n = 13).
OWN_SECONDS = 1.5e-3

if TYPE_CHECKING:
    from rules.fast.batch import Kernel
    from solitaire_tui.games.add_residue.play import AddResidueTable
    from solitaire_tui.ui.game_screen import GameScreen
    from solitaire_tui.ui.run_options import RunOptions


def heading(options: add_residue.Options, seats: Sequence[str]) -> str:
    return (f"{AddResidue.title}, {counted(options.players, 'player')} ({', '.join(seats)}),"
            f" n = {options.n}")


def seat_players(names: list[str], players: int) -> list[str]:
    """A computer player for each seat: one name serves them all."""
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise OptionsError(f"give the computer player once, or once for each of the"
                           f" {players} seats, not {len(names)} times")
    return names


def kernel(options: add_residue.Options, seats: Sequence[str],
           move_seconds: float = MOVE_SECONDS) -> Kernel:
    from solitaire_tui.games.add_residue.kernel import kernel as make

    return make(options, seats, move_seconds)


def with_own(own: str | None, others: list[str] | None, players: int) -> list[str]:
    """The seats' players: a player of one's own in seat 1 and ``others`` (given once
    for them all, or once each) in the rest; without one, ``others`` as given."""
    if own is None:
        return others or ["greedy"]
    rest = others or ["greedy"]
    if len(rest) not in (1, players - 1):
        raise OptionsError(
            f"with --player in seat 1, the other seat takes one --strategy, not {len(rest)}"
            " (--players sets how many play)" if players == 2 else
            f"with --player in seat 1, give the other seats' player once, or once for each"
            f" of the {players - 1} other seats, not {len(rest)} times")
    return [own, *(rest * (players - 1) if len(rest) == 1 else rest)]


def describe(before: add_residue.State, move: add_residue.Move,
             after: add_residue.State) -> str:
    scored = f"  scores {after.scores[before.to_move] - before.scores[before.to_move]}"
    return (f"P{before.to_move + 1} {move.pile.value} {move.number:>2}: m = {after.m}"
            + (scored if move.pile is add_residue.Pile.MOD else ""))


class AddResidueOptions(OptionsCodec[Seating]):
    """The whole table, names and people included (the panel's options lose them):
    the screen offers the table last sat at in its set-up, as who sits at the table
    changes from one evening to the next."""

    def panel(self, options: Seating) -> dict[str, Any]:
        """The table's computers as they are; a person's seat is played by random (by
        greedy, a table of greedy computers would tie every game)."""
        return {"players": len(options.seats), "n": options.n,
                "strategies": [seat.level or "random" for seat in options.seats]}

    def panel_note(self, options: Seating) -> str:
        people = [f"{number} ({seat.name})" for number, seat in enumerate(options.seats, 1)
                  if seat.is_person]
        if not people:
            return ""
        seats = (f"Seat {people[0]} is a person" if len(people) == 1 else
                 f"Seats {', '.join(people[:-1])} and {people[-1]} are people")
        return f"{seats}: random plays {'it' if len(people) == 1 else 'them'} here."

    def encode(self, options: Seating) -> Any:
        return {"seats": [[seat.name, seat.level] for seat in options.seats], "n": options.n,
                "helper": options.helper}

    def decode(self, data: Any, now: Seating | None) -> Seating:
        try:
            seats = tuple(Seat(str(name), None if level is None else str(level))
                          for name, level in data["seats"])
            helper = data.get("helper")  # (a table kept before hints had a choice: None)
            return Seating(seats, int(data["n"]), None if helper is None else str(helper))
        except (KeyError, TypeError, ValueError) as error:  # RulesError is a ValueError
            raise OptionsError(f"The table kept from last time cannot be read: {error}") from None


class AddResidue(Game):
    OPTIONS = AddResidueOptions()
    key = "add-residue"
    title = "Add/Residue"
    ENGINE = (
        Part("add-residue-players", "Add/Residue's computer players",
             "solitaire_tui.games.add_residue.kernel:warm_players", play=True, seconds=4.5),
        Part("add-residue-runs", "Add/Residue runs", "solitaire_tui.games.add_residue.kernel:warm",
             seconds=3.0, after=("add-residue-players",)),
    )
    HINT_PART = ENGINE[0].name  # its computer players, which its hints are too
    OWN_RULES = own_rules.__name__
    blurb = "Add to m or take it modulo your number, and score the rest."
    USES_DECK = False
    CHOICES = True
    SEED_HELP = ("the random players' seed; seat s uses S+s (default: random, shown"
                 " with --json)")

    def screen(self) -> type[GameScreen[Any, Any]]:
        from solitaire_tui.games.add_residue.screen import AddResidueScreen

        return AddResidueScreen

    def table(self) -> type[AddResidueTable]:
        from solitaire_tui.games.add_residue.play import AddResidueTable

        return AddResidueTable

    def add_options(self, parser: argparse.ArgumentParser, *, batch: bool) -> None:
        parser.add_argument("--players", type=arguments.checked(add_residue.PLAYERS),
                            default=2, metavar="P", help="players, 2..6 (default: 2)")
        numbers = arguments.checked(add_residue.N)
        parser.add_argument("--numbers", dest="numbers", type=numbers, default=13,
                            metavar="N", help="each pile holds 1..N, N from 1 to 20"
                            " (default: 13, the game's own, a suit's ranks)")
        if not batch:  # with stats, -n counts the games
            arguments.add_old_n(parser, "--numbers", "numbers", numbers)
        parser.add_argument("--strategy", action="append", choices=NAMES, metavar="S",
                            help="a seat's player: " + ", ".join(NAMES) + "; give it once"
                            " for every seat or once for all (default: greedy); on the"
                            " screen you play seat 1, and these fill the set-up's other"
                            " seats (once for them all, or once each)")
        arguments.add_own_player(parser, ", in seat 1; --strategy then names the other"
                                 " seats' player", several=True)
        if not batch:
            arguments.add_review(parser)

    def screen_options(self, args: argparse.Namespace, deck: Deck | None) -> Any:
        """The set-up filled as asked: the computers' players too, if given."""
        options = add_residue.Options(args.players, args.numbers)
        if not args.strategy:
            return options
        from solitaire_tui.games.add_residue.seating import Offer, default_seating

        return Offer(default_seating(options, args.strategy))

    def play(self, args: argparse.Namespace, deck: Deck | None, log: bool) -> Report:
        options = add_residue.Options(args.players, args.numbers)
        own = self._own(args)
        seats = seat_players(with_own(own.name if own else None, args.strategy, options.players),
                             options.players)
        seed = args.seed if args.seed is not None else secrets.randbelow(MAX_DEAL)
        players = seated([None if own and seat == own.name else seat for seat in seats],
                         seed, options)
        if own is not None:
            game = playing.of(own, args.move_seconds, {"players": options.players,
                                                       "n": options.n, "strategies": seats})
            mine = playing.choosing(game, seed)
        made: list[add_residue.Move] = []
        start = add_residue.new_game(options)
        try:
            end, lines = play_out(add_residue, start,
                                  lambda state: players[state.to_move].choose(state)
                                  if state.to_move in players else mine(state), describe, log,
                                  made)
        except playing.Fault as fault:
            raise OptionsError(fault.sentence) from None
        names = [f"P{seat + 1}" for seat in range(options.players)]
        played = report(self.key, heading(options, seats),
                        f"{winners(end, names)}: {places(end, names)}.",
                        plain(options) | {"strategies": seats}, None, add_residue.result(end),
                        seed if "random" in seats or own else None, lines)
        if args.review:
            from rules.players.add_residue_review import chance_words
            from rules.players.add_residue_review import review as weighed

            reviewed(played, weighed(start, made, seed), own_rules.name_of,
                     chance_words(options), lambda state: f"P{state.to_move + 1}")
            played.data["seed"] = seed  # it draws the review's playouts too
        return played

    def _own(self, args: argparse.Namespace) -> OwnPlayer | None:
        """The player of one's own asked for, loaded by the person at the shell."""
        if not args.player:
            return None
        if len(args.player) > 1:
            raise OptionsError("one player of your own at the table, in seat 1: give"
                               " --player once")
        return files.load(args.player[0], self.key, own_rules.__name__)

    def run_options(self, args: argparse.Namespace) -> dict[str, Any]:
        own = self._own(args)
        options = {"players": args.players, "n": args.numbers,
                   "strategies": with_own(own.name if own else None, args.strategy, args.players)}
        return options | ({"move_seconds": args.move_seconds} if own else {})

    def commands(self) -> Sequence[Command]:
        from solitaire_tui.games.add_residue import solve_command

        return (Command(
            "solve", "add-residue", "the game's value under perfect play, and the best first"
            " moves", "Search the whole Add/Residue game with a transposition table: two"
            " players each maximise their score minus the other's; three players each their"
            " own score (max-n).", solve_command.options, partial(solve_command.run, self)),)

    def setup(self, options: Mapping[str, Any]) -> Setup:
        table = add_residue.Options(whole(options, "players", add_residue.Options.players),
                                    whole(options, "n", add_residue.Options.n))
        seats = seat_players(strategies(options.get("strategies", ["greedy"]),
                                        (*NAMES, *files.names(self.key)), self.title),
                             table.players)
        if "perfect" in seats:
            check_solvable(table)
        seconds = values.MOVE(str(options.get("move_seconds", MOVE_SECONDS)))
        mine = set(seats) - set(NAMES)
        size = (table.players * table.n / 26) ** 2
        return Setup(self.key, {"players": table.players, "n": table.n, "strategies": seats}
                     | ({"move_seconds": seconds} if mine else {}),
                     heading(table, seats), lambda: kernel(table, seats, seconds), table,
                     parts=("seats", "seat"), engine=() if mine else (self.ENGINE[-1].name,),
                     cost=size * sum(SECONDS_A_SEAT.get(seat, OWN_SECONDS) for seat in seats),
                     own=tuple(dict.fromkeys(seat for seat in seats if seat in mine)))

    def run_fields(self, options: Mapping[str, Any]) -> RunOptions:
        from solitaire_tui.games.add_residue.run_options import AddResidueRunOptions

        return AddResidueRunOptions(options)

    def replay(self, setup: Setup, part: int, deal: int) -> Replay:
        """Game ``deal`` of the run: its seats seeded as the kernel seeds them."""
        seats: list[str] = setup.options["strategies"]
        players = seated(seats, deal, setup.rules)
        table = Seating(tuple(Seat(f"P{seat + 1}", level) for seat, level in enumerate(seats)),
                        setup.rules.n)
        return Replay(self.key, None, table, lambda state: players[state.to_move].choose(state),
                      f"game {deal}, won by P{part + 1}")

    def comparisons(self, options: Mapping[str, Any]) -> Sequence[Comparison]:
        """The first seat's level against random seats: how much each level is worth."""
        players = options.get("players")
        if not isinstance(players, int) or not 2 <= players <= add_residue.MAX_PLAYERS:
            players = add_residue.Options.players
        return (Comparison("seat 1: random, greedy, strong", "strategies",
                           tuple([level] + ["random"] * (players - 1)
                                 for level in ("random", "greedy", "strong"))),)



GAME = AddResidue()
