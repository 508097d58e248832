"""``solitaire-tui findings``: the findings page on the command line, each answer
worked out in turn (a spinner on a terminal says which), printed as Markdown."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from rich.console import Console
from rich.markdown import Markdown

from solitaire_tui.commands.stats import INTERRUPTED, ctrl_c_cancels
from solitaire_tui.stats.findings import Finding, Stopped, page


def findings(found: Sequence[tuple[str, Finding]]) -> int:
    """Work out and print every finding; Ctrl+C stops, printing those answered."""
    cancel = threading.Event()
    console, status = Console(), Console(stderr=True)
    answers: dict[int, str] = {}
    with ctrl_c_cancels(cancel):
        for index, (title, finding) in enumerate(found):
            with status.status(f"{title}: {finding.question}"):
                try:
                    answers[index] = finding.answer(cancel.is_set)
                except Stopped:
                    break
    # Answered in order until a stop: the first len(answers) findings.
    console.print(Markdown(page(found[:len(answers)], answers)))
    return INTERRUPTED if cancel.is_set() else 0
