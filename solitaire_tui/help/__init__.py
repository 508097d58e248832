"""Help text: each game's rules, taken from the one rules document, and its keys.

``rules.md`` is the project's statement of the rules; the help screens show the
game's own section of it, so the rules are written once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources

from textual.binding import Binding


@cache
def rules_document() -> str:
    return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


def rules_section(title: str) -> str:
    """The section of the rules whose heading names ``title`` (``## 1. Hit or Miss``)."""
    lines = rules_document().splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("## ") and line.split(". ", 1)[-1] == title)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    return "\n".join(lines[start:end]).strip()


def keys_table(bindings: Iterable[Binding]) -> str:
    """The keys shown in the footer as a Markdown table, each action once."""
    rows = ["| key | does |", "|---|---|"]
    seen = set()
    for binding in bindings:
        if not binding.show or binding.action in seen:
            continue
        seen.add(binding.action)
        keys = binding.key_display or binding.key.replace(",", " or ")
        rows.append(f"| `{keys}` | {binding.description} |")
    return "\n".join(rows)
