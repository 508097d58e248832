"""What the screen tests share: reading a widget's text, and the undo/redo walk."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Static

from solitaire_tui.store.database import Database
from solitaire_tui.store.records import Record, Records
from solitaire_tui.widgets.status_line import StatusLine

SIZE = (100, 32)  # the terminal the screen tests play in


def saved(data: Path) -> list[dict[str, Any]]:
    """Every finished game saved in the database in ``data``, read as another process
    would read it, oldest first."""
    database = Database(data)
    try:
        cursor = database.connection.execute("SELECT * FROM games ORDER BY id")
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    finally:
        database.close()


def saved_record(data: Path, game: str, variant: str) -> Record:
    """The record of ``game``'s ``variant`` as the database in ``data`` holds it."""
    database = Database(data)
    try:
        return Records(database).record(game, variant)
    finally:
        database.close()


def text_of(screen: Any, selector: str) -> str:
    """A widget's text as drawn, without its styles (a renderable is drawn at its width)."""
    widget = screen.query_one(selector)
    drawn = widget.content if isinstance(widget, Static) else widget.render()
    if isinstance(drawn, str | Text | Content):
        return str(drawn)
    console = Console(width=max(1, widget.size.width), color_system=None)
    with console.capture() as captured:
        console.print(drawn)
    return captured.get()


async def walk_back_and_forth(pilot: Pilot[None], screen: Any, seen: list[Any]) -> None:
    """Undo from the last of ``seen`` to the first, then redo to the last, checking
    that every step lands on exactly the state that was there before."""
    for state in reversed(seen[:-1]):
        await pilot.press("u")
        assert screen.session.state == state
    for state in seen[1:]:
        await pilot.press("U")
        assert screen.session.state == state


def press_busy(pilot: Pilot[None], *keys: str) -> None:
    """Press ``keys`` in turn, as the footer does for a click. ``pilot.press`` waits,
    after each key, up to two seconds for the process to go idle, which it does not
    while fast auto play draws every frame."""
    for key in keys:
        pilot.app.simulate_key(key)


async def auto_play_to_end(pilot: Pilot[None], screen: Any, seconds: float = 20.0) -> None:
    """Start auto play at full speed (instant) and wait, up to ``seconds``, for the game
    to end."""
    press_busy(pilot, "a", *["plus"] * 6)
    for _ in range(int(seconds / 0.02)):
        if screen.session.is_over:
            break
        await pilot.pause(0.02)
    await pilot.pause()


def footer_keys(screen: Any) -> set[str]:
    """The keys the footer shows now: those of the screen's bindings it shows that
    apply (enabled or not)."""
    return {key for key, active in screen.active_bindings.items() if active.binding.show}


def sign(screen: Any) -> str | None:
    """The words of the sign that auto play is on, or None when it is not shown."""
    sign: str | None = screen.query_one(StatusLine).sign
    return sign


async def finish_by_key(pilot: Pilot[None], screen: Any, line: list[tuple[Any, Any]]) -> None:
    """Press e and wait for the game to end as ``line`` (the hint player's moves and
    the states they reach, from the position now) says; every move is in the session,
    so undo takes back the last one alone and redo plays it again."""
    before = list(screen.session.moves)
    await pilot.press("e")
    await until(pilot, lambda: screen.session.is_over)
    await pilot.pause()
    moves, states = zip(*line, strict=True)
    assert list(screen.session.moves) == before + list(moves)
    assert screen.session.state == states[-1]
    by = screen.table.hint_player().name
    assert (f"Played to the end by {by}: {len(line):,} moves; u takes them"
            in text_of(screen, "#message"))
    assert screen.has_class("-over") and sign(screen) is None
    assert screen.table.how == "auto"
    await pilot.press("u")
    assert screen.session.state == states[-2]
    assert not screen.has_class("-over")
    await pilot.press("U")
    assert screen.session.state == states[-1]
    assert screen.has_class("-over")


def work(app: Any) -> list[Any]:
    """The app's workers that finish (the screens' and the warm-up's): all but its writer,
    which runs as long as the app (``store.writer``)."""
    return [worker for worker in app.workers if worker.group != "store"]


async def worked(app: Any) -> None:
    """Wait for ``work``: Textual's own wait takes no workers to mean all of them."""
    if waiting := work(app):
        await app.workers.wait_for_complete(waiting)


async def settle(app: Any, pilot: Pilot[None]) -> None:
    """Wait for the screen's thread workers (a slow hint, a computer's search) and for
    what they hand back to the screen."""
    await worked(app)
    await pilot.pause()
    await pilot.pause()


async def play_one_handed_out(pilot: Pilot[None], screen: Any) -> None:
    """Play a One-Handed deal to its end by the player's keys (each step has one move)."""
    from rules import one_handed
    from solitaire_tui.games.one_handed.screen import PLAY_KEYS

    while not screen.session.is_over:
        (move,) = one_handed.legal_moves(screen.session.state)
        await pilot.press(PLAY_KEYS[move])


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 120) -> None:
    """Let the app run until ``done()``; a compiled engine may need compiling first on
    a fresh machine, hence the long default."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen did not get there in time")


async def type_in(pilot: Pilot[None], screen: Any, selector: str, text: str) -> None:
    """Type ``text`` into the empty field ``selector`` and press enter, then leave the
    field, so that letters are the screen's keys again."""
    field = screen.query_one(selector)
    field.value = ""
    field.focus()
    await pilot.press(*text, "enter")
    screen.set_focus(None)


class Notices:
    """The notifications an app gives, as their ``Notify`` messages arrive: pass one
    as ``run_test(message_hook=...)``."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.said.append(message.notification.message)


async def reviewed(pilot: Pilot[None]) -> Any:
    """Press v on a finished game and wait for its review (a ``ReviewScreen``) to
    have weighed every decision."""
    from solitaire_tui.ui.review_screen import ReviewScreen

    await pilot.press("v")
    page = pilot.app.screen
    assert isinstance(page, ReviewScreen)
    await until(pilot, lambda: bool(page.decisions), 60)
    return page


async def help_read(pilot: Pilot[None]) -> str:
    """Press ? on the screen shown, read the page it opens and close it again."""
    from solitaire_tui.ui.help import HelpScreen

    under = pilot.app.screen
    await pilot.press("question_mark")
    await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
    page = pilot.app.screen
    assert isinstance(page, HelpScreen)
    await pilot.press("escape")
    await until(pilot, lambda: pilot.app.screen is under)
    return page.markdown


def refreshes(widget: Any) -> list[bool]:
    """The ``layout`` of every refresh ``widget`` asks for from now on."""
    asked: list[bool] = []
    refresh = widget.refresh

    def noted(*regions: Any, layout: bool = False, **rest: Any) -> Any:
        asked.append(layout)
        return refresh(*regions, layout=layout, **rest)

    widget.refresh = noted
    return asked
