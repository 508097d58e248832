"""Sequence Solitaire at the table (``play.table``): the helper that gives hints and
plays auto, and a game peeked at.

Who helps is the player's choice: the fair players see what the player sees; peek is
the solver, which reads the hidden cards, so a game peeked at counts toward no record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import sequence
from rules.players import Player
from rules.players.sequence import player
from rules.players.sequence_greedy import GreedyPlayer
from rules.players.sequence_solver import Peek
from rules.sequence import Move, State
from solitaire_tui import decks
from solitaire_tui.games.sequence import words
from solitaire_tui.games.sequence.moves import describe
from solitaire_tui.own import files
from solitaire_tui.own.files import SUFFIX, OwnPlayer
from solitaire_tui.play.ledger import flag
from solitaire_tui.play.table import Game, GameTable
from solitaire_tui.store.records import Records
from solitaire_tui.store.unfinished import Damaged

HELPERS = {  # as p offers them, the first by default
    "fair": "fair: plays ahead on what you can see",
    "quick": "quick: rules of thumb, at once",
    "peek": "peek: the solver, which looks at the hidden cards",
}


def helper_words(name: str, own: OwnPlayer | None) -> str:
    """A helper as ``p`` offers it."""
    if own is None:
        return HELPERS[name]
    sees = ", which looks at the hidden cards" if own.clairvoyant else ""
    return f"{name}: your own player{sees}"


class SequenceTable(GameTable[State, Move]):
    RULES = sequence
    SLOW_HINTS = True  # the fair player and the solver search

    def __init__(self, game: Game, records: Records, deck: decks.Deck | None = None,
                 options: Any = None) -> None:
        super().__init__(game, records, deck, options)
        self.helper = "fair"
        self.peeked = False  # this game was peeked at
        self.winnable_only = False  # new deals are only those the solver wins (w)
        self.peek = Peek()  # what peeking found, by position
        self._helpers: dict[str, Player[State, Move]] = {}
        # Set by the screen: the question a search asks to stop (in the thread it runs
        # in), and where it reports how far it has got.
        self.stop: Callable[[], Callable[[], bool]] = lambda: lambda: False
        self.progress: Callable[[int], None] = lambda nodes: None

    def new_state(self) -> State:
        assert self.deck is not None
        return sequence.new_game(sequence.Options(), self.deck.cards)

    def figures(self, state: State) -> str:
        return words.figures(state, self.winnable_only)

    def verdict(self, state: State) -> tuple[bool, str]:
        return words.verdict(state)

    def score(self, state: State) -> int:
        return state.final_cards

    def describe(self, state: State, move: Move) -> str:
        return describe(state, move)

    # --- the helper ---------------------------------------------------------------

    @property
    def hint_part(self) -> str | None:
        """The solver when peeking, the fair player for the built-in helpers
        (``SequenceGame.ENGINE``); nothing compiled for a player of one's own."""
        if self.helper not in HELPERS:
            return None
        return self.game.ENGINE[1 if self.helper == "peek" else 0].name

    @property
    def stand_in(self) -> tuple[str, Callable[[State], Move | None]] | None:
        """The greedy player, plain Python, for the fair and quick helpers (a peek's
        answer is the solver's or none: the greedy player knows nothing of a win)."""
        if self.helper not in ("fair", "quick"):
            return None
        return "greedy", GreedyPlayer().choose

    def hint(self, state: State) -> Move | None:
        """The helper's move. Worked out in a thread (``SLOW_HINTS``): the first one
        loads the compiled players, and a peek may search for several seconds."""
        if sequence.is_over(state):
            return None
        own = files.find(self.helper, self.game.key)
        if own is not None:
            from solitaire_tui.own import running  # numpy: not before a player is asked

            assert self.deck is not None  # Sequence is always dealt
            move: Move = running.hint(own, state, self.deck.seed)
            return move
        if self.helper == "peek":
            solution = self.peek.solve(state, stop=self.stop(), progress=self.progress)
            if solution.stopped:
                return None  # cancelled: nobody is waiting for the answer
            if solution.moves:
                return solution.moves[0]
        level = "quick" if self.helper == "quick" else "fair"
        if level not in self._helpers:
            assert self.deck is not None  # Sequence is always dealt
            self._helpers[level] = player(level, self.deck.seed)
        move = self._helpers[level].choose(state)
        if self.helper == "peek":
            self.peek.follows(state, move)  # the next hint of a lost game searches nothing
        return move

    def use_helper(self, name: str) -> str:
        """Hints and auto play from ``name`` on; what that means, in words."""
        self.helper = name
        own = files.find(name, self.game.key)
        sees = name == "peek" or (own is not None and own.clairvoyant)
        voids = sees and not self.replaying
        self.peeked |= voids
        extra = " This game now counts toward no record." if voids else ""
        return f"Helper for hints and auto play: {helper_words(name, own)}.{extra}"

    def started(self) -> None:
        """A new game is not peeked at, whatever the last one was: a peek chosen for
        one deal used to void the next ones unseen (the screen says it is off)."""
        if self.helper == "peek":
            self.helper = "fair"
        self.peeked = False
        self._helpers.clear()  # the fair players are seeded with the deal
        self.peek.forget()

    # --- how it counts ---------------------------------------------------------------

    def own_flags(self) -> dict[str, Any]:
        """The helper, and whether the game was peeked at: a game resumed after a peek
        still counts toward no record."""
        return {"helper": self.helper, "peeked": self.peeked}

    def take_own(self, flags: Mapping[str, Any]) -> None:
        helper = flags.get("helper")
        own = isinstance(helper, str) and helper.endswith(SUFFIX)
        if not isinstance(helper, str) or not (helper in HELPERS or own):
            raise Damaged(f"there is no helper {helper!r}")
        # A player of one's own is loaded again only when asked for (p): till then,
        # the fair player helps.
        known = helper in HELPERS or files.find(helper, self.game.key) is not None
        self.helper, self.peeked = helper if known else "fair", flag(flags, "peeked")

    def own_uncounted(self) -> str | None:
        """A game peeked at is not counted: the solver saw the hidden cards."""
        return "You peeked" if self.peeked else None

    @property
    def helped(self) -> bool:
        """Peeking is help, even without a hint: it says whether the deal can be won."""
        return self.ledger.helped or self.peeked
