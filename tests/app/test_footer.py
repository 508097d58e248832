"""Every key the footer shows fits a footer cell with a blank to spare, so that at 80
columns no two keys' names run together ("z Zero-strikeM Menu")."""

from __future__ import annotations

import importlib
import pkgutil

from textual.binding import Binding
from textual.screen import ModalScreen, Screen

import solitaire_tui
from solitaire_tui.ui.keys import APP_KEYS
from solitaire_tui.widgets.footer import CELL

KEY_WIDTH = {"escape": 3, "question_mark": 1, "home": 4}  # as the footer shows them


def shown_bindings() -> list[Binding]:
    for module in pkgutil.walk_packages(solitaire_tui.__path__, "solitaire_tui."):
        if not module.name.endswith("__main__"):  # that one runs the command line
            importlib.import_module(module.name)
    screens: list[type[Screen[object]]] = []
    todo: list[type[Screen[object]]] = [Screen]
    while todo:
        screen = todo.pop()
        screens.append(screen)
        todo.extend(screen.__subclasses__())
    bindings = [binding for screen in screens for binding in screen.BINDINGS
                if isinstance(binding, Binding) and not issubclass(screen, ModalScreen)
                and screen.__module__.startswith("solitaire_tui")]  # dialogs have no footer
    return [binding for binding in bindings + list(APP_KEYS) if binding.show]


def test_every_shown_key_leaves_a_blank_in_its_cell() -> None:
    too_long = []
    for binding in shown_bindings():
        key = binding.key_display or binding.key.split(",")[0]
        width = KEY_WIDTH.get(key, len(key)) + 1 + len(binding.description)
        if width > CELL - 1:
            too_long.append(f"{key} {binding.description}")
    assert not too_long
