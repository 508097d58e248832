"""Add/Residue at the table (``play.table``): people and computers take turns.

The computers are seeded (``seed``: seat s plays with seed + s), so a game resumed
goes on with the same draws. Undo and redo step over the computers' moves to the
nearest turn of a person, so undoing hands the choice back to a person instead of to
a computer that would move again at once.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules import add_residue
from rules.add_residue import Move, Pile, State
from rules.own_players import add_residue as own_rules
from rules.players import Player
from rules.players.add_residue import GreedyPlayer, WeighingPlayer, player, seated
from rules.roster import solvable
from solitaire_tui import decks
from solitaire_tui.games.add_residue import words
from solitaire_tui.games.add_residue.seating import Offer, Seat, Seating, default_seating
from solitaire_tui.own_players.seat import OwnSeat, is_own
from solitaire_tui.play.hints import THINKING, HintPlayer, chooser
from solitaire_tui.play.mode import Allowed, usable_or_dimmed
from solitaire_tui.play.table import Game, GameTable
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import Damaged

SEED_RANGE = 1 << 32  # the random computers' seeds; seat s plays with seed + s


class AddResidueTable(GameTable[State, Move]):
    RULES = add_residue
    SLOW_HINTS = True
    HAS_AUTO = False  # the computers play their own seats; the people play theirs
    HAS_OPTIONS = True
    SPEED_WITHOUT_AUTO = True  # + and - change how long the computers wait
    # The data directory whose players/ folder holds the players of one's own that
    # may sit at the table (the screen's ``Services.players``; None: none may).
    players_dir: Path | None = None

    def __init__(self, game: Game, records: Records, deck: decks.Deck | None = None,
                 options: add_residue.Options | Offer | Seating | None = None) -> None:
        """A ``Seating`` seats the game at once; the rules' ``Options`` or an ``Offer``
        only pre-fill the set-up, which is shown first whenever there is no table yet."""
        if isinstance(options, Offer):
            self.offered = options.table
        else:
            self.offered = options if isinstance(options, Seating) else default_seating(options)
        self.seed = secrets.randbelow(SEED_RANGE)
        super().__init__(game, records, deck, options if isinstance(options, Seating) else None)
        self.seated = isinstance(options, Seating)
        # Players, n or players other than the rules' defaults, asked for on the
        # command line.
        self.asked_for = isinstance(options, Offer) or (
            isinstance(options, add_residue.Options) and options != add_residue.Options())
        self.players = self._computers()
        self._adviser: Player[State, Move] | None = None  # the hint's, made on first use

    @property
    def seating(self) -> Seating:
        table: Seating = self.options
        return table

    def default_options(self) -> Seating:
        return self.offered

    def _computers(self) -> dict[int, Player[State, Move]]:
        """The built-in computers, seeded as the kernels seed them, and the players of
        one's own (read from ``players_dir`` when first asked to move)."""
        levels = [seat.level for seat in self.seating.seats]
        computers = seated([None if is_own(level) else level for level in levels], self.seed,
                           self.seating.options)
        for number, level in enumerate(levels):
            if level is not None and is_own(level):
                computers[number] = OwnSeat(level, lambda: self.players_dir, self.game.key,
                                            own_rules.__name__, self.seed)
        return computers

    def seat(self, number: int) -> Seat:
        return self.seating.seats[number]

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seating.seats]

    def person_to_move(self) -> bool:
        return not self.session.is_over and self.seat(self.session.state.to_move).is_person

    def computer_to_move(self) -> bool:
        return not self.session.is_over and not self.person_to_move()

    # --- what a game supplies -----------------------------------------------------

    def new_state(self) -> State:
        return add_residue.new_game(self.seating.options)

    def figures(self, state: State) -> str:
        return words.figures(state)

    def hint_player(self) -> HintPlayer[State, Move]:
        """A player of one's own, chosen in the set-up, which needs nothing compiled
        here; else the perfect player where the game is solved, the strong player's
        search weighing every move otherwise (the review's judge, so the hint is the
        review's best), for whom the greedy player (plain Python) stands in while
        they compile (``AddResidue.ENGINE``). The first perfect hint solves the whole
        game, which takes seconds: said while it thinks."""
        helper, options = self.seating.helper, self.seating.options
        if helper:
            return chooser(helper, self._advice, thinking=f"Asking {helper}…")
        level = "perfect" if solvable(options) else WeighingPlayer.NAME
        thinking = ("Solving the whole game for the perfect player's hint (once, a few"
                    " seconds)…" if self._adviser is None and level == "perfect" else THINKING)
        return chooser(level, self._advice, part=self.game.HINT_PART,
                       stand_in=chooser("greedy", GreedyPlayer().choose), thinking=thinking)

    def _advice(self, state: State) -> Move | None:
        """The hint player's move, its player made on first use."""
        if add_residue.is_over(state):
            return None
        if self._adviser is None:
            options, helper = self.seating.options, self.seating.helper
            self._adviser = (OwnSeat(helper, lambda: self.players_dir, self.game.key,
                                     own_rules.__name__, self.seed) if helper else
                             player("perfect", self.seed, options) if solvable(options)
                             else WeighingPlayer(self.seed))
        return self._adviser.choose(state)

    def describe(self, state: State, move: Move) -> str:
        return words.effect(state, move)

    def score(self, state: State) -> int | None:
        """The best score among the people at the table (None if none played)."""
        scores = add_residue.result(state).scores
        people = [score for seat, score in enumerate(scores) if self.seat(seat).is_person]
        return max(people, default=None)

    def verdict(self, state: State) -> tuple[bool, str]:
        won = any(self.seat(p).is_person for p in add_residue.result(state).winners)
        return won, words.places(state, self.names)

    def headline(self, state: State, won: bool) -> str:
        """A top score shared with a person at the table is a tie, not a win alone
        (it still counts as won, as the records have always counted it)."""
        shared = len(add_residue.result(state).winners) > 1
        return "TIE" if won and shared else super().headline(state, won)

    @property
    def variant(self) -> str:
        return self.seating.variant

    @property
    def records_variant(self) -> str | None:
        """A game among people only is nobody's own record."""
        return None if self.seating.all_people else self.variant

    def own_uncounted(self) -> str | None:
        """A game among people says so from its start to its end, where it was
        silent on the record."""
        return "A game among people only" if self.seating.all_people else None

    def own_flags(self) -> dict[str, Any]:
        """The random computers' seed: a game resumed goes on with the same draws."""
        return {"seed": self.seed}

    def take_own(self, flags: Mapping[str, Any]) -> None:
        seed = flags.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_RANGE:
            raise Damaged(f"the computers' seed is {seed!r}")
        self.seed = seed
        self.players = self._computers()

    def started(self) -> None:
        self.players = self._computers()
        self._adviser = None

    def reseed(self) -> None:
        """New draws for the random computers, for a new game at the same table."""
        self.seed = secrets.randbelow(SEED_RANGE)

    # --- undo and redo to a person's turn -------------------------------------------

    def undo_steps(self) -> int:
        """How many moves back the nearest earlier turn of a person is (in a replay,
        one move); 0: none."""
        turn, players = self.session.state.turn, len(self.seating.seats)
        if self.replaying:
            return min(turn, 1)
        return next((back for back in range(1, turn + 1)
                     if self.seat((turn - back) % players).is_person), 0)

    def redo(self) -> bool:
        redone = False
        while self.session.redo():
            redone = True
            if not self.computer_to_move() or self.replaying:
                break
        return redone

    def allows(self, action: str) -> Allowed:
        """Undo goes back to a person's turn, and with none to go back to is dimmed,
        as in every game (``play.mode.usable_or_dimmed``); + and - change the
        computers' pause, which a table of people only has not; a hint waits for a
        person's turn. In a replay + and - are auto play's speed, as in every game's
        replay (the shared rule: while auto play moves, not before it)."""
        if action == "undo":
            return usable_or_dimmed(self.undo_steps() > 0)
        if action == "speed" and not self.replaying:
            return not self.seating.all_people
        if action == "hint" and self.computer_to_move():
            return None
        return super().allows(action)

    def legal(self, move: Move) -> bool:
        return move in add_residue.legal_moves(self.session.state)

    def pile(self, pile: Pile) -> frozenset[int]:
        """The mover's numbers left in ``pile``."""
        state = self.session.state
        return state.pile(state.to_move, pile)
