"""A game of the Calculation family at the table (``play.table``) with a helper the
player chooses (``p``) for hints and auto play, one of them a peek.

The helpers that see what the player sees are the game's own (``HELPERS``, the
first the default); ``peek`` is its solver, which reads the hidden cards, so a game
peeked at counts toward no record. Sequence Solitaire and every described game sit
at this table; what differs (the players, the solver, the engine parts, a player of
one's own) is asked of the game's subclass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar, TypeVar

from rules.players import Player
from rules.players.solver import Peek
from rules.review import Decision
from solitaire_tui.own_players import files
from solitaire_tui.own_players.files import SUFFIX, OwnPlayer
from solitaire_tui.play.hints import HintPlayer, Search, chooser
from solitaire_tui.play.ledger import flag
from solitaire_tui.play.table import GameTable
from solitaire_tui.store.unfinished import Damaged

S = TypeVar("S")
M = TypeVar("M")
PEEK = "peek"  # the helper that is the solver
PEEK_WORDS = "peek: the solver, which looks at the hidden cards"  # as p offers it


class FamilyTable(GameTable[S, M]):
    SLOW_HINTS = True  # the fair players and the solver search
    # The helpers ``p`` offers, in words, the first by default; PEEK among them.
    HELPERS: ClassVar[Mapping[str, str]]
    # The module a player of one's own is written against (``rules.own_players``), for a game
    # that has players of one's own; their folder is read only then.
    OWN_RULES: ClassVar[str | None] = None
    # What that module starts a deal from (``Rules.start``): a described game's
    # description; the same for its hints as for its runs.
    OWN_OPTIONS: ClassVar[Mapping[str, Any]] = {}
    REVIEW_CHANCE: ClassVar[str]  # what a review's chance is, in the game's words
    REVIEW_PART: ClassVar[str]  # the engine part a review calls (``engine.Part``)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = self.default_helper
        self.peeked = False  # this game was peeked at
        self._peeked_cards: tuple[object, ...] | None = None  # the deal last peeked at
        self.peek = self.solver()  # what peeking found, by position
        self._helpers: dict[str, Player[S, M]] = {}

    # --- what each game says --------------------------------------------------------

    def solver(self) -> Peek[S, M]:
        """The game's solver, as a peek asks it."""
        raise NotImplementedError

    def helper_player(self, name: str) -> Player[S, M]:
        """The built-in helper ``name`` (not the peek), seeded with the deal."""
        raise NotImplementedError

    def own_player(self, name: str) -> OwnPlayer | None:
        """The player of one's own called ``name``, loaded, or None (then ``name`` is a
        built-in helper)."""
        return files.find(name, self.game.key) if self.OWN_RULES is not None else None

    def could_be_own(self, name: str) -> bool:
        """Whether a kept game's helper ``name`` names a player of one's own (which may
        not be loaded yet)."""
        return self.OWN_RULES is not None and name.endswith(SUFFIX)

    def own_hint(self, own: OwnPlayer, state: S) -> M:
        """The move the player of one's own ``own`` makes, in its worker process (the
        one its runs play in: the same ``OWN_OPTIONS``)."""
        from solitaire_tui.own_players import running  # numpy: not before a player is asked

        assert self.deck is not None  # the family is always dealt
        move: M = running.hint(own, state, self.deck.seed, options=self.OWN_OPTIONS)
        return move

    def review(self, start: S, played: Sequence[M], stop: Callable[[], bool],
               progress: Callable[[int, int], None]) -> list[Decision[S, M]]:
        """Every decision of the game played from ``start``, weighed as the game's fair
        helper weighs its moves, so that the review agrees with its hint."""
        raise NotImplementedError

    def move_name(self, state: S, move: M) -> str:
        """A move as the review names it: the keys that make it."""
        raise NotImplementedError

    def move_words(self, state: S, move: M) -> str:
        """A move in the game's words, as the review shows them beside its name: where
        the hand card lies on a waste pile, "waste→F7"."""
        return str(move)

    def helper_words(self, name: str) -> str:
        """A helper as ``p`` offers it."""
        own = self.own_player(name)
        if own is None:
            return self.HELPERS[name]
        sees = ", which looks at the hidden cards" if own.clairvoyant else ""
        return f"{name}: your own player{sees}"

    def sees_hidden(self, name: str) -> bool:
        """Whether the helper ``name`` reads the hidden cards (voiding the record)."""
        own = self.own_player(name)
        return name == PEEK or (own is not None and own.clairvoyant)

    # --- the helper -----------------------------------------------------------------

    @property
    def default_helper(self) -> str:
        return next(iter(self.HELPERS))

    def hint_player(self) -> HintPlayer[S, M]:
        """The helper chosen (``p``). Its hints are worked out in a thread
        (``SLOW_HINTS``): the first one loads the compiled players, and a peek may
        search for several seconds. A built-in helper needs the game's HINT_PART (its
        fair players), the peek its PEEK_PART (its solver); while that
        compiles, the greedy player (plain Python) stands in for the helpers but the
        peek (a peek's answer is the solver's or none: the greedy player knows
        nothing of a win). A player of one's own needs nothing compiled here: it
        plays in its worker process (the one its runs play in)."""
        name = self.helper
        own = self.own_player(name)
        if own is not None:
            return chooser(name, partial(self._own_hint, own))
        part = self.game.PEEK_PART if name == PEEK else self.game.HINT_PART
        greedy = None if name == PEEK else chooser("greedy", self.greedy().choose)
        return HintPlayer(name, self._hint, part, greedy)

    def greedy(self) -> Player[S, M]:
        """The game's greedy player, plain Python."""
        raise NotImplementedError

    def _own_hint(self, own: OwnPlayer, state: S) -> M | None:
        return None if self.RULES.is_over(state) else self.own_hint(own, state)

    def _hint(self, state: S, search: Search) -> M | None:
        """A built-in helper's move; a peek that finds no win plays as the default
        helper."""
        if self.RULES.is_over(state):
            return None
        if self.helper == PEEK:
            solution = self.peek.solve(state, stop=search.stop, progress=search.progress)
            if solution.stopped:
                return None  # cancelled: nobody is waiting for the answer
            if solution.moves:
                return solution.moves[0]
        level = self.default_helper if self.helper == PEEK else self.helper
        if level not in self._helpers:
            self._helpers[level] = self.helper_player(level)
        move = self._helpers[level].choose(state)
        if self.helper == PEEK:
            self.peek.follows(state, move)  # the next hint of a lost game searches nothing
        return move

    def use_helper(self, name: str) -> str:
        """Hints and auto play from ``name`` on; what that means, in words. A peek after
        the game ended leaves it as it was recorded (its end was seen unhelped); the
        deal played again (r) counts toward no record."""
        self.helper = name
        sees = self.sees_hidden(name) and not self.replaying
        voids = sees and not (self.ledger.recorded and self.session.is_over)
        self.peeked |= voids
        if sees and self.deck is not None:
            self._peeked_cards = self.deck.cards
        extra = (" This game now counts toward no record." if voids
                 else " The game over stays recorded as played; this deal played again"
                      " (r) counts toward no record." if sees else "")
        return f"Helper for hints and auto play: {self.helper_words(name)}.{extra}"

    def started(self) -> None:
        """A new game starts with peek off (a peek chosen for one deal used to void the
        next ones unseen; the screen says it is off), and counts unless it is the deal
        last peeked at, played again (r): the solver has shown how it goes."""
        if self.helper == PEEK:
            self.helper = self.default_helper
        self.peeked = self.deck is not None and self.deck.cards == self._peeked_cards
        self._helpers.clear()  # the fair players are seeded with the deal
        self.peek.forget()

    # --- how it counts ---------------------------------------------------------------

    def own_flags(self) -> dict[str, Any]:
        """The helper, and whether the game was peeked at: a game resumed after a peek
        still counts toward no record."""
        return {"helper": self.helper, "peeked": self.peeked}

    def take_own(self, flags: Mapping[str, Any]) -> None:
        helper = flags.get("helper")
        if not isinstance(helper, str) or not (helper in self.HELPERS
                                               or self.could_be_own(helper)):
            raise Damaged(f"there is no helper {helper!r}")
        # A player of one's own is loaded again only when asked for (p): till then,
        # the default helper helps.
        known = helper in self.HELPERS or self.own_player(helper) is not None
        self.helper = helper if known else self.default_helper
        self.peeked = flag(flags, "peeked")
        if self.peeked and self.deck is not None:
            self._peeked_cards = self.deck.cards

    def own_uncounted(self) -> str | None:
        """A game peeked at is not counted: the solver saw the hidden cards."""
        return "You peeked" if self.peeked else None

    @property
    def helped(self) -> bool:
        """Peeking is help, even without a hint: it says whether the deal can be won."""
        return self.ledger.helped or self.peeked
