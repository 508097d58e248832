"""Games left unfinished, kept so that the menu can offer them when the app next
starts (or when it is back on top).

Each game screen has a slot of its own, a random id: its game in play is one row,
replaced after every change that matters (a move, an undo, a hint asked for) and
deleted when the game ends or is thrown away. So a crash or a kill loses nothing
played, and two windows on one data directory each keep their own game: neither
writes over the other's row, nor deletes it.

A row holds what rebuilds the exact position (the game, its options as
the game's ``OPTIONS`` encode them, the deal number or the typed deck, the moves by
name, replayed through the rules on resume) and what decides how the game counts
when it ends (the table's ``flags``: a hint asked for, auto play, a Sequence
game peeked at, an Add/Residue seed). A row that cannot be read (changed by another
program or release) is dropped with a notice, never offered.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.errors import RulesError
from solitaire_tui.store.claims import CLAIMS, Claims
from solitaire_tui.store.database import Database, StoreError
from solitaire_tui.store.saving import Now, Save, Saver

MOST_KEPT = 10  # games kept of each game: the newest; a player seldom leaves more
MOST_LISTED = 50  # games the menu lists, the newest first
# Every game's kept games beyond its newest few (a store an older release filled
# without bound goes down to them the first time a game is kept).
PRUNE = ("DELETE FROM unfinished WHERE slot IN (SELECT slot FROM (SELECT slot,"
         " row_number() OVER (PARTITION BY game ORDER BY changed DESC) AS newer"
         " FROM unfinished) WHERE newer > ?)")


SELECT_KEPT = "SELECT slot, game, changed, data FROM unfinished WHERE slot = ?"
# A position is never written over a newer one of its slot (a pending file written
# late, by the next process to start).
KEEP = ("INSERT INTO unfinished (slot, game, changed, data) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (slot) DO UPDATE SET game = excluded.game, changed = excluded.changed,"
        " data = excluded.data WHERE excluded.changed >= unfinished.changed")
MOVE_KEPT = "UPDATE unfinished SET slot = ? WHERE slot = ?"


def moving(slot: str, fresh: str) -> Save:
    """The save that moves a resumed game to its new screen's slot (before that slot's
    first save, which follows it); kept in a pending file as soon as it has to wait, so
    that the game is never listed twice."""

    def job(connection: Any) -> None:
        connection.execute(MOVE_KEPT, (fresh, slot))

    return Save("Resuming this game", job, durable=False,
                pending={"kind": "moved", "slot": slot, "fresh": fresh}, lasting=True)


def pending_moved(data: Mapping[str, Any]) -> Save:
    """A move to a new slot as a pending file kept it (``moving``); ``Damaged`` if it is
    not one."""
    if not (set(data) == {"kind", "slot", "fresh"}
            and all(isinstance(data[name], str) and len(data[name]) <= 64
                    for name in ("slot", "fresh"))):
        raise Damaged("not the fields of a game resumed")
    return moving(data["slot"], data["fresh"])


def new_slot() -> str:
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Kept:
    """One unfinished game, as it is saved."""

    slot: str  # the game screen that plays it (``new_slot``)
    game: str  # the game's key
    variant: str  # as the screen names it, for the menu
    deal: int | None  # the deal number, or None for a typed deck or no cards
    deck: str | None  # the cards as text, when typed in
    options: Any  # the screen's options, as the game's ``OPTIONS`` encode them
    moves: tuple[str, ...]  # the moves played, as ``session.move_name`` names them
    flags: Mapping[str, Any] = field(default_factory=dict)  # ``GameTable.flags``
    changed: float = 0.0  # when it was saved, in seconds since the epoch

    def when(self) -> str:
        """When it was last played, in local time, as the menu shows it."""
        return time.strftime("%d %b %H:%M", time.localtime(self.changed))


class Damaged(ValueError):
    """A saved game that cannot be read back; the message says what is wrong."""


# What reading a saved game back may raise when it was changed by another program or
# saved by another release (the rules' errors are ValueErrors): it is dropped.
UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def in_words(error: BaseException) -> str:
    """Why a saved game cannot be read back, for its notice: the rules' words or ours
    as they are; Python's own (a key missing, a None where a list was) as what they
    mean to a player."""
    if isinstance(error, Damaged | RulesError):
        return str(error)
    if isinstance(error, json.JSONDecodeError):
        return "it is not the text this app writes"
    return "it was changed, or saved by another version, in a way this one cannot read"


def _data(kept: Kept) -> str:
    """The row's JSON: the moves are few distinct names, so each is written once and the
    line as numbers (a long Hit or Miss game is thousands of moves of two kinds)."""
    names = sorted(set(kept.moves))
    index = {name: number for number, name in enumerate(names)}
    return json.dumps({"variant": kept.variant, "deal": kept.deal, "deck": kept.deck,
                       "options": kept.options, "names": names,
                       "line": [index[move] for move in kept.moves], "flags": dict(kept.flags)},
                      separators=(",", ":"))


def _whole(value: object) -> bool:
    """A number 0 or more, as JSON writes one: ``true`` is no deal 1."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _kept(slot: str, game: str, changed: float, text: str) -> Kept:
    try:
        data = json.loads(text)
        names, line, flags = data["names"], data["line"], data["flags"]
        deal, deck = data["deal"], data["deck"]
        moves = tuple(names[number] for number in line)
        if not (isinstance(data["variant"], str) and isinstance(flags, dict)
                and all(isinstance(name, str) for name in names)
                and all(_whole(number) for number in line)
                and (deal is None or _whole(deal))
                and (deck is None or isinstance(deck, str))):
            raise Damaged("a field of the wrong kind")
        return Kept(str(slot), str(game), data["variant"], deal, deck, data["options"],
                    moves, flags, float(changed))
    except UNREADABLE as error:
        raise Damaged(in_words(error)) from None


def keeping(kept: Kept) -> Save:
    """The save of a game in play, in its slot: saved after each move, so it does not
    wait for the disk, and replaced by the next one if it has to wait."""
    changed = kept.changed or time.time()
    data = _data(kept)

    def job(connection: Any) -> None:
        connection.execute(KEEP, (kept.slot, kept.game, changed, data))
        connection.execute(PRUNE, (MOST_KEPT,))

    return Save("This game in play", job, durable=False, key=kept.slot,
                pending={"kind": "kept", "slot": kept.slot, "game": kept.game,
                         "changed": changed, "data": data}, lasting=True)


def pending_kept(data: Mapping[str, Any]) -> Kept:
    """A game in play as a pending file kept it (``keeping``), checked as a row is
    (the file may have been written by another program); ``Damaged`` if it is not one."""
    if set(data) != {"kind", "slot", "game", "changed", "data"}:
        raise Damaged("not the fields of a game in play")
    slot, game, changed, text = data["slot"], data["game"], data["changed"], data["data"]
    if not (isinstance(slot, str) and len(slot) <= 64 and isinstance(game, str)
            and len(game) <= 64 and isinstance(changed, float) and isinstance(text, str)):
        raise Damaged("a field of the wrong kind")
    return _kept(slot, game, changed, text)


def dropping(slot: str) -> Save:
    """The save that drops the game in ``slot`` (over, or thrown away)."""

    def job(connection: Any) -> None:
        connection.execute("DELETE FROM unfinished WHERE slot = ?", (slot,))

    return Save("Dropping a finished game", job, durable=False, key=slot,
                pending={"kind": "dropped", "slot": slot}, lasting=True)


def pending_dropped(data: Mapping[str, Any]) -> str:
    """The slot a pending file drops (``dropping``); ``Damaged`` if it is not one."""
    if set(data) != {"kind", "slot"} or not isinstance(data["slot"], str):
        raise Damaged("not the fields of a game dropped")
    return data["slot"]


class Unfinished:
    def __init__(self, database: Database, saver: Saver | None = None) -> None:
        """``database``: where the games are read; ``saver``: how they are written (by
        default at once, to ``database``)."""
        self.database = database
        self.saver = saver or Now(database)
        self._dropped: set[str] = set()  # slots dropped here: unlisted, written or not
        self.claims = None if database.path is None else Claims(
            database.path.with_name(CLAIMS))

    def put(self, kept: Kept) -> None:
        """Keep ``kept`` in its slot, in place of what the slot held (``StoreError`` if
        the saver writes at once and it cannot be). Only the newest ``MOST_KEPT`` games
        of each game are kept: older ones go."""
        self.saver.save(keeping(kept))
        self._dropped.discard(kept.slot)  # a screen's slot is kept again after a restart

    def prune(self) -> None:
        """Drop every game's kept games beyond its newest ``MOST_KEPT`` (``StoreError``
        if it cannot be); ``put`` does it with every game kept."""
        with self.database.writing("Pruning the games in play", durable=False) as connection:
            connection.execute(PRUNE, (MOST_KEPT,))

    def drop(self, slot: str) -> None:
        """The game in ``slot`` is over, or thrown away (``StoreError`` if the saver
        writes at once and it cannot be)."""
        self.saver.save(dropping(slot))
        self._dropped.add(slot)

    def listed(self) -> list[Kept]:
        """The newest ``MOST_LISTED`` games kept, the most recently played first (never
        reading every row); a row that cannot be read is dropped, with a notice."""
        kept = []
        for slot, game, changed, data in self.database.read(
                "SELECT slot, game, changed, data FROM unfinished ORDER BY changed DESC"
                " LIMIT ?", (MOST_LISTED + len(self._dropped),)):
            if slot in self._dropped:
                continue
            try:
                kept.append(_kept(slot, game, changed, data))
            except Damaged as error:
                self.dropped(str(slot), str(game), str(error))
        return kept

    def dropped(self, slot: str, game: str, why: str) -> None:
        """Drop a saved game that cannot be played on, telling the player why."""
        self.database.notice(f"A saved {game} game could not be read back ({why})"
                             " and was dropped.")
        try:
            self.drop(slot)
        except StoreError as error:
            self.database.notice(str(error))

    def claim(self, listed: Kept) -> Kept | None:
        """Take the game ``listed`` over for a new screen: it moves to a new slot of
        its own, in one transaction, and is returned; None if it is gone (resumed or
        finished in another window meanwhile). The screen that left it, if still
        playing, keeps its own slot, so each goes on with its own copy.

        When the database cannot be written now (held by another program, read-only),
        the game is read as it is and the saver moves it when it can: resuming never
        waits. Either way the game is first claimed by a file made only if none is
        there (``claims.Claims``), so two windows resuming it at once never both have it.
        The claim is of the save listed, its slot and time: the screen that left it,
        still playing, may save its slot again, and that newer save can be resumed too."""
        slot = listed.slot
        if self.claims is not None and not self.claims.take(f"{slot} {listed.changed!r}"):
            return None
        fresh = new_slot()
        try:
            with self.database.writing("Resuming this game", durable=False) as connection:
                row = connection.execute(SELECT_KEPT, (slot,)).fetchone()
                if row is not None:
                    connection.execute(MOVE_KEPT, (fresh, slot))
        except StoreError as error:
            if not error.passing:
                raise
            rows = self.database.read(SELECT_KEPT, (slot,))
            row = rows[0] if rows else None
            if row is not None:
                self.saver.save(moving(slot, fresh))
        if row is None:
            return None
        try:
            return replace(_kept(*row), slot=fresh)
        except Damaged as error:
            self.dropped(fresh, str(row[1]), str(error))
            return None
