"""Changing what a text widget shows for the price of that change alone.

``Static.update`` lays the whole screen out again and repaints the widget, whatever
it is given. After a move a board sets every label it has, most to what they already
showed, and those layouts and repaints were most of the time a key took to show
(``bench --engine keys``). So a widget is updated only when what it shows changes,
and the screen is laid out again only when the widget's size can follow its content.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


def set_text(widget: Static, content: VisualType) -> None:
    """Show ``content`` on ``widget``, if it is not what the widget shows already."""
    if widget.content == content:
        return
    styles = widget.styles
    widget.update(content, layout=styles.is_auto_width or styles.is_auto_height)
