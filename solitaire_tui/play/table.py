"""One game at the table, without a screen: the session, the mode, the ledger.

``GameTable`` is everything a game screen decides beyond drawing: the game in play
and its undo history (``session``), what the table is doing (``mode``), how the game
is being played and so how it counts (``ledger``), a replay, the hints asked for, the
row a finished game writes and the row a game kept unfinished holds. A game's home
subclasses it (``games/<game>/play.py``) with its hooks: the first state, the
figures, the verdict, the hint player (``play.hints``), its variant and its own flags. The screens
(``ui/game_screen.py``) draw it and send it keys; the tests play it directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rules.cards import format_cards
from rules.errors import IllegalMove, RulesError
from rules.play import Rules
from rules.words import clause, sentence_start
from solitaire_tui import decks
from solitaire_tui.engine import Part
from solitaire_tui.play.hints import Asks, HintPlayer, chooser
from solitaire_tui.play.ledger import Ledger
from solitaire_tui.play.mode import Allowed, Mode, allowed
from solitaire_tui.play.options import OptionsCodec
from solitaire_tui.replay import Replay
from solitaire_tui.session import Session, move_name
from solitaire_tui.store.records import How, Played, Records
from solitaire_tui.store.unfinished import Damaged, Kept

S = TypeVar("S")
M = TypeVar("M")

STANDARD = "standard"  # the variant of a game that has none (left out of its title)


class Game(Protocol):
    """What the table needs of the game it plays (a ``games.game.Game`` is one)."""

    key: ClassVar[str]
    title: ClassVar[str]
    USES_DECK: ClassVar[bool]
    RANKS_ONLY: ClassVar[bool]
    CHOICES: ClassVar[bool]
    ENGINE: ClassVar[tuple[Part, ...]]
    HINT_PART: ClassVar[str | None]
    PEEK_PART: ClassVar[str | None]
    OPTIONS: ClassVar[OptionsCodec[Any]]


@dataclass(frozen=True)
class Ending:
    """A finished game, as its banner says it."""

    won: bool
    headline: str  # WON, GAME OVER, TIE
    why: str
    first: bool  # it has just ended: its row is written now, and a win is celebrated


class GameTable(Generic[S, M]):
    RULES: Any  # the rules module (a ``Rules``), set by each game's table
    HAS_AUTO: ClassVar[bool] = True  # auto play and finishing at once (``a``, ``e``)
    HAS_OPTIONS: ClassVar[bool] = False  # options the player chooses (``o``)
    # A hint that comes from a search is worked out in a thread, so the screen never
    # waits for it (nor for numba, which such a hint loads on first use).
    SLOW_HINTS: ClassVar[bool] = False
    SPEED_WITHOUT_AUTO: ClassVar[bool] = False  # + and - have a meaning of the game's own
    RESTARTED: ClassVar[str] = "The same deal, from the start."  # said after r

    def __init__(self, game: Game, records: Records, deck: decks.Deck | None = None,
                 options: Any = None) -> None:
        self.game = game
        self.records = records
        self.chosen = options is not None  # else the player is asked (``HAS_OPTIONS``)
        self.options: Any = options if options is not None else self.default_options()
        self.deck = deck if deck is not None or not game.USES_DECK else decks.random_deck()
        self.session: Session[S, M] = Session(self.rules, self.new_state())
        self.ledger = Ledger(practice=self.finished_before())
        self.replay: Replay | None = None  # the game replayed, while a replay is on
        self.mode = Mode.PLAYING
        self.asks: Asks[S] = Asks()

    # --- what a game supplies -------------------------------------------------

    def default_options(self) -> Any:
        """The options a game starts with when none are given (games without: None)."""
        return None

    def new_state(self) -> S:
        """The first state for ``self.deck`` and ``self.options``."""
        raise NotImplementedError

    def figures(self, state: S) -> str:
        """The game's own figures for the status line."""
        raise NotImplementedError

    def verdict(self, state: S) -> tuple[bool, str]:
        """Won or not, and why, once the game is over."""
        raise NotImplementedError

    def headline(self, state: S, won: bool) -> str:
        """The banner's first word for a finished game."""
        return "WON" if won else "GAME OVER"

    def score(self, state: S) -> int | None:
        """The game's own figure for a finished game, kept beside won or lost (cards
        left, rounds, points); None when it has none."""
        return None

    def hint_player(self) -> HintPlayer[S, M]:
        """Who gives hints, plays auto and finishes the game now: by default the
        first legal move (a game of one move at a time)."""
        return chooser("the hint player", self._first_move)

    def _first_move(self, state: S) -> M | None:
        moves = self.rules.legal_moves(state)
        return moves[0] if moves else None

    def describe(self, state: S, move: M) -> str:
        """``move`` at ``state`` in words, for hints."""
        return str(getattr(move, "value", move))

    @property
    def variant(self) -> str:
        """The variant in play as records and headings name it; a game with none
        keeps ``STANDARD``, which the title leaves out."""
        return STANDARD

    @property
    def records_variant(self) -> str | None:
        """The record this game counts towards, or None if it is not counted."""
        return self.variant

    def own_flags(self) -> dict[str, Any]:
        """What a game kept unfinished needs of the game's own, beyond the ledger's
        flags, as plain JSON (read back by ``take_own``)."""
        return {}

    def take_own(self, flags: Mapping[str, Any]) -> None:
        """Take back ``own_flags``; ``Damaged`` if they cannot be read."""

    def own_uncounted(self) -> str | None:
        """Why the game counts toward no record, for a reason of the game's own."""
        return None

    def started(self) -> None:
        """A new game has been dealt: what the game keeps beside it starts afresh."""

    # --- the game in play -------------------------------------------------------

    @property
    def rules(self) -> Rules[S, M]:
        return self.RULES  # type: ignore[no-any-return]

    @property
    def replaying(self) -> str | None:
        """What is replayed, in words, while a replay is on."""
        return self.replay.label if self.replay is not None else None

    @property
    def in_play(self) -> bool:
        """A game begun and not over (a replay is never in play)."""
        session = self.session
        return not (self.replaying or self.ledger.recorded or session.is_over
                    or not session.moves)

    @property
    def uncounted(self) -> str | None:
        """Why this game counts toward no record, if it does not."""
        if self.replaying:
            return "A replay"
        return self.own_uncounted() or self.ledger.uncounted()

    @property
    def helped(self) -> bool:
        """Whether the player had help (a hint); a game may count more as help."""
        return self.ledger.helped

    @property
    def how(self) -> How:
        """How this game was played, as its saved row says."""
        if self.replaying:
            return "replay"
        how = self.ledger.how()
        return "help" if how == "player" and self.helped else how

    def offers(self, action: str) -> bool:
        """Whether this game has the action at all (the help lists only those)."""
        if action == "speed" and self.SPEED_WITHOUT_AUTO:
            return True
        if action in ("auto", "speed", "finish", "stop_finishing"):
            return self.HAS_AUTO or self.replaying is not None
        if action == "choose_deal":
            return self.game.USES_DECK
        if action == "options":
            return self.HAS_OPTIONS
        return True

    def allows(self, action: str) -> Allowed:
        """Whether a shared action runs now (True), is shown but not yet (None), or
        is hidden (False): what the game offers, the mode, then the position."""
        if not self.offers(action):
            return False
        return allowed(self.mode, action, self.session)

    def start(self, deck: decks.Deck | None) -> None:
        """A new game on ``deck`` (a new game without cards when the game has none)."""
        self.deck = deck
        self.session = Session(self.rules, self.new_state())
        self.ledger = Ledger(practice=self.finished_before())
        self.replay = None
        self.mode = Mode.PLAYING
        self.asks.drop()
        self.started()

    def undo(self) -> bool:
        """Take back ``undo_steps`` moves. A game taken back past its recorded end is
        practice from then on: its record was made at that end (the review's "go back
        and try the best" is such an undo), and a later end is said not to count."""
        steps = self.undo_steps()
        for _ in range(steps):
            self.session.undo()
        if steps and self.ledger.recorded:
            self.ledger.practice = True
        return steps > 0

    def undo_steps(self) -> int:
        """How many moves one undo takes back (a game may take back more: to a
        person's turn); 0: none."""
        return int(self.session.can_undo)

    def redo(self) -> bool:
        return self.session.redo()

    def play_line(self, line: Sequence[M]) -> tuple[int, IllegalMove | None]:
        """Make ``line``'s moves one by one, as if each were played, so that undo takes
        them back one at a time: how many were made, and the rules' refusal that ended
        the line early, if one did. Auto play made them."""
        self.ledger.auto |= bool(line)  # before the move that may end the game
        for played, move in enumerate(line):
            try:
                self.session.play(move)
            except IllegalMove as error:
                return played, error
        return len(line), None

    def ending(self) -> Ending | None:
        """The finished game as its banner says it (None while it goes on); the first
        time, the ledger marks it recorded: ``played`` is its row."""
        state = self.session.state
        if not self.session.is_over:
            return None
        won, why = self.verdict(state)
        first, self.ledger.recorded = not self.ledger.recorded, True
        return Ending(won, self.headline(state, won), why, first)

    def played(self, ending: Ending) -> Played:
        """The row a finished game writes: every game is kept, counted or not."""
        deck = self.deck
        return Played(self.game.key, self.records_variant or self.variant,
                      None if deck is None else deck.deal, self.deck_text(),
                      ending.won, ending.why, self.score(self.session.state), self.how,
                      counts=self.records_variant is not None and not self.uncounted)

    def standing(self) -> str | None:
        """What the finished game does to the record, for the banner."""
        if self.uncounted:  # short: the banner has one line for it at 80 columns
            return f"No record: {clause(self.uncounted)}."
        if self.records_variant is None:
            return None
        record = self.records.record(self.game.key, self.records_variant)
        summary = record.summary(apart=self.game.CHOICES)
        return (sentence_start(summary) if self.variant == STANDARD
                else f"{self.variant}: {summary}")

    # --- kept unfinished, and taken up again --------------------------------------

    def flags(self) -> dict[str, Any]:
        """What a game kept unfinished needs beyond its deal, options and moves to go
        on as it was: what decides how it is recorded when it ends."""
        return self.ledger.flags() | self.own_flags()

    def kept(self, slot: str) -> Kept | None:
        """The game in play as it is saved to be resumed; None when there is none."""
        if not self.in_play:
            return None
        deck = self.deck
        return Kept(slot, self.game.key, self.variant,
                    None if deck is None else deck.deal, self.deck_text(),
                    self.game.OPTIONS.encode(self.options),
                    tuple(move_name(move) for move in self.session.moves), self.flags())

    def take(self, kept: Kept) -> None:
        """Go on with the game ``kept`` where it was left: its flags taken back and its
        moves played again through the rules, each of which undo takes back.
        ``Damaged`` (or a rules' error) if it cannot be."""
        self.ledger = Ledger.taken(kept.flags)
        self.take_own(kept.flags)
        self.session = Session.rebuilt(self.rules, self.new_state(), kept.moves)
        if not self.in_play:
            raise Damaged("the game is over")

    def deck_text(self) -> str | None:
        """The cards as text when they were typed in (a deal is saved by its number)."""
        deck = self.deck
        return format_cards(deck.cards) if deck is not None and deck.deal is None else None

    def finished_before(self) -> bool:
        deck = self.deck
        if deck is None:
            return False
        return self.records.finished_before(
            self.game.key, self.records_variant or self.variant, deck.deal, self.deck_text())

    def remembered(self, kept: Mapping[str, Any] | None) -> Any:
        """The options chosen last time the game was played (``kept``, as the game's
        ``OPTIONS`` encoded them), or None: none kept, or kept by a release that
        allowed what this one refuses."""
        try:
            return self.game.OPTIONS.decode(kept, self.options) if kept is not None else None
        except RulesError:
            return None

    # --- a replay -----------------------------------------------------------------

    def load(self, replay: Replay) -> None:
        """Begin a replay: its start now, its line once worked out (``loaded``)."""
        self.replay = replay
        self.session = Session(self.rules, self.new_state())
        self.mode = Mode.LOADING

    def loaded(self, replay: Replay, line: Sequence[M]) -> bool:
        """The replay's whole line as redo history from its start; False when a new
        game was started meanwhile."""
        if replay is not self.replay:
            return False
        self.mode = Mode.PLAYING
        session: Session[S, M] = Session(self.rules, self.session.start)
        for move in line:
            session.play(move)
        session.restart()
        self.session = session
        return True


def kept_deck(game: Game, kept: Kept) -> decks.Deck | None:
    """The cards of the game ``kept`` (``Damaged`` if it has none and needs them)."""
    if not game.USES_DECK:
        return None
    if kept.deal is not None:
        return decks.numbered(kept.deal)
    if kept.deck is not None:
        return decks.deck_of(kept.deck, ranks_only=game.RANKS_ONLY)
    raise Damaged("neither a deal nor a deck")
