"""Text from outside made safe to show or keep: what a peer, a path or an error's
words carry may hold characters a terminal acts on (``ESC]0;…BEL`` sets its title),
and a log is read in a terminal."""

from __future__ import annotations


def escaped(text: str) -> str:
    """``text`` with every character a terminal would not just show (control
    characters, C1, bidirectional marks, line breaks) written as its escape."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
                   for char in text)


def escaped_lines(text: str) -> str:
    """``text`` kept as lines (a traceback), each line escaped."""
    return "".join(escaped(line) + "\n" for line in text.splitlines())
