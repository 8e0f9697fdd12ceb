"""The line of a screen over the table saying why a key does nothing there (the table's
keys, a key with no use anywhere), above its key bar: :class:`TableOnlyLine`, which each
screen of :class:`~ginrummy_tui.tui.screens.table_only.TableOnly` yields before its key bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from .key_bar import KeyBar

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.timer import Timer

SHOWN_FOR = 4.0
"""Seconds the line saying why stays up (unless a key that does something comes first)."""


class TableOnlyLine(Static):
    """Why the table's keys do nothing on this screen: a line of its own above the key
    bar, clear of the screen's content (a toast, at the top right, covered it), until
    :data:`SHOWN_FOR` seconds pass or a key does something.  Hidden until then; styled
    in ``table_only_line.tcss`` beside it."""

    def __init__(self) -> None:
        super().__init__("", id="table-only")
        self._timer: Timer | None = None
        self._held: list[Widget] = []
        """The screen's boxes held where they were while the line shows (:meth:`_hold_boxes`)."""
        self._held_at: Size | None = None
        """The screen's size when they were held."""

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self._resized)

    def _resized(self, _screen: object) -> None:
        """The screen resized: a box held in place for the line is centred anew (above the line)."""
        if self._held and self.app.size != self._held_at:
            self.release_boxes()

    def say(self, words: str) -> None:
        """Show ``words``, for :data:`SHOWN_FOR` seconds from now, right above the key bar
        (on two rows at 46x21: the line's last row was under its first)."""
        self.update(words)
        self.place()
        if not self.shown:
            self._hold_boxes(words)
        self.add_class("-shown")
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(SHOWN_FOR, self.clear)

    def place(self) -> None:
        """Stand right above the key bar, as many rows up as it takes now (again when it
        takes another number of rows: a resize from 80x24 to 46x21 left the line's last
        row under the key bar's first)."""
        bars = self.screen.query(KeyBar)
        width = self.app.size.width
        self.styles.margin = (0, 0, bars.first().rows_at(width) if bars and width else 1, 0)

    def _hold_boxes(self, words: str) -> None:
        """The screen's box, centred in the rows above the key bar, keeps its place when the line
        comes, where the rows under it leave the line room: centred anew in the rows the line
        leaves, it moved up a row or so, and over the match's result uncovered the result's own
        row of the hand picked under it, a stray copy of the box's row.  A box that needs the
        line's rows gives them up, as before (it is laid out above the line)."""
        screen = self.screen
        if screen.styles.align_vertical != "middle":
            return
        width, height = self.app.size
        bars = screen.query(KeyBar)
        area = height - (bars.first().rows_at(width) if bars and width else 1)  # the rows above the key bar
        rows = len(Text(words).wrap(self.app.console, max(1, width - 2)))  # the line's, within its padding
        for box in screen.children:
            if box is self or not box.display or box.styles.dock != "none" or box.styles.has_rule("layer"):
                continue
            top, tall = box.region.y, box.outer_size.height
            if not tall or tall > area - rows:
                continue  # not laid out, or it needs the line's rows
            moved = (area - tall) // 2 - (area - rows - tall) // 2  # how far it moves up as centred anew
            room = area - rows - tall - (top - moved)  # rows the line leaves under it once it moved
            down = max(0, min(moved, room))
            if down:
                box.styles.offset = (0, down)
                self._held.append(box)
                self._held_at = self.app.size

    def release_boxes(self) -> None:
        """The boxes held in place go where the layout puts them (the line gone, or the screen resized)."""
        for box in self._held:
            box.styles.offset = (0, 0)
        self._held = []

    def clear(self) -> None:
        """Take the line away."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.release_boxes()
        self.remove_class("-shown")

    @property
    def shown(self) -> bool:
        """True while the line is up."""
        return self.has_class("-shown")
