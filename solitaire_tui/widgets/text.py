"""Changing what a text widget shows for the price of that change alone.

``Static.update`` lays the whole screen out again and repaints the widget, whatever
it is given. After a move a board sets every label it has, most to what they already
showed, and those layouts and repaints were most of the time a key took to show
(``bench --engine keys``). So a widget is updated only when what it shows changes,
and the screen is laid out again only when the widget's size follows its content and
that size changes: a status line of auto height whose counts change keeps its rows.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def set_text(widget: Static, content: VisualType) -> None:
    """Show ``content`` on ``widget``, if it is not what the widget shows already."""
    if widget.content == content:
        return
    styles = widget.styles
    if styles.is_auto_width or not widget.size:  # not laid out yet, or as wide as it says
        widget.update(content, layout=True)
        return
    widget.update(content, layout=False)
    if styles.is_auto_height and not _keeps_height(widget):
        widget.refresh(layout=True)


def relaid_if_taller_or_shorter(widget: Widget) -> None:
    """Repaint ``widget``, whose content changed, and lay the screen out again only
    if its height follows its content (``height: auto``) and that height changed."""
    widget.refresh(layout=widget.styles.is_auto_height and not _keeps_height(widget))


def _keeps_height(widget: Widget) -> bool:
    """Whether ``widget``'s content, as it is now, is as tall as its room was laid
    out for at its present width."""
    size = widget.content_size
    return widget.get_content_height(size, widget.app.size, size.width) == size.height
