"""The options a player last chose for each game (a Hit or Miss variant, the relay's
players), so that entering the game again does not ask again.

Kept as the game's ``OPTIONS`` codec encodes them (plain JSON), one row a game,
replaced in one transaction; a row that cannot be read is as if none were kept.

The app's looks (its theme, the card back) are kept the same way, in one more row
under a key no game has (``LOOKS``): a look is a choice like a variant, and needs no
table of its own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from solitaire_tui.store.database import Database
from solitaire_tui.store.saving import Now, Save, Saver

LOOKS = "(looks)"  # the row of the app's looks; games' keys are words and hyphens
FINDINGS = "(findings)"  # the row of the findings worked out, by this version of the app
ANSWER_CHARACTERS = 4_000  # a kept answer longer than this was not written by the app


def _options(text: Any) -> dict[str, Any] | None:
    """A row's options, or None when they cannot be read as a JSON object."""
    try:
        options = json.loads(text)
    except (TypeError, ValueError):
        return None
    return options if isinstance(options, dict) else None


class Choices:
    def __init__(self, database: Database, saver: Saver | None = None) -> None:
        """``database``: where choices are read; ``saver``: how they are written (by
        default at once, to ``database``)."""
        self.database = database
        self.saver = saver or Now(database)

    def get(self, game: str) -> dict[str, Any] | None:
        rows = self.database.read("SELECT options FROM choices WHERE game = ?", (game,))
        return _options(rows[0][0]) if rows else None

    def put(self, game: str, options: dict[str, Any]) -> None:
        """Remember ``options`` for ``game`` (``StoreError`` if the saver writes at once
        and they cannot be)."""
        self.saver.save(choosing(game, json.dumps(options)))

    def look(self, name: str) -> str | None:
        """The look ``name`` ("theme", "back") last chosen, if one was."""
        value = (self.get(LOOKS) or {}).get(name)
        return value if isinstance(value, str) else None

    def answers(self, version: str) -> dict[str, str]:
        """The findings' answers kept by this ``version`` of the app, by question: the
        same deals give the same figures, so they are worked out once. A row another
        version or program wrote is read as none, an answer that is not plain text of
        a bounded length is left out."""
        kept = self.get(FINDINGS) or {}
        answers = kept.get("answers") if kept.get("version") == version else None
        if not isinstance(answers, dict):
            return {}
        return {question: answer for question, answer in answers.items()
                if isinstance(answer, str) and len(answer) <= ANSWER_CHARACTERS}

    def put_answers(self, version: str, answers: dict[str, str]) -> None:
        """Keep ``answers`` (by question) as this ``version``'s findings."""
        self.put(FINDINGS, {"version": version, "answers": answers})

    def put_look(self, name: str, value: str) -> None:
        """Remember ``value`` for the look ``name`` and keep the others, read and
        written in one transaction, so that two windows choosing at once keep both
        (``StoreError`` if the saver writes at once and it cannot be)."""
        self.saver.save(looking(name, value))


def choosing(game: str, options: str) -> Save:
    """The save of a game's options (a JSON object as text); kept in a pending file if
    the app ends while it waits."""

    def job(connection: Any) -> None:
        connection.execute("INSERT OR REPLACE INTO choices (game, options) VALUES (?, ?)",
                           (game, options))

    return Save("Your choice of options", job, key=f"choice {game}",
                pending={"kind": "choice", "game": game, "options": options})


def looking(name: str, value: str) -> Save:
    """The save of one look, the others kept as they are."""

    def job(connection: Any) -> None:
        row = connection.execute("SELECT options FROM choices WHERE game = ?",
                                 (LOOKS,)).fetchone()
        looks = (_options(row[0]) if row else None) or {}
        looks[name] = value
        connection.execute("INSERT OR REPLACE INTO choices (game, options) VALUES (?, ?)",
                           (LOOKS, json.dumps(looks)))

    return Save("Your choice of looks", job, key=f"look {name}",
                pending={"kind": "look", "name": name, "value": value})


def pending_choice(data: Mapping[str, Any]) -> Save:
    """A choice of options or of a look as a pending file kept it, checked field by
    field (another program may have written it); ``ValueError`` if it is not one."""
    if data.get("kind") == "look":
        if not (set(data) == {"kind", "name", "value"} and isinstance(data["name"], str)
                and isinstance(data["value"], str) and len(data["name"]) <= 64
                and len(data["value"]) <= ANSWER_CHARACTERS):
            raise ValueError("not the fields of a look")
        return looking(data["name"], data["value"])
    if not (set(data) == {"kind", "game", "options"} and isinstance(data["game"], str)
            and len(data["game"]) <= 64 and isinstance(data["options"], str)
            and _options(data["options"]) is not None):
        raise ValueError("not the fields of a choice of options")
    return choosing(data["game"], data["options"])
