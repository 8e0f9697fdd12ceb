"""The label of a setting in F2, after a mark that needs no colour to be seen.

Its first three columns say which row is in hand: ``▶`` while its field has
the focus, then ``✗`` while its field holds a value the last save refused
(``>`` and ``!`` with ASCII suits), both on the refused row in focus.  A
refused row's label is also in the error colour (``-refused`` in
``settings_screen.tcss``).  A label narrower than its words (the form below 64
columns) goes on under its words, clear of the marks.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Label

from .hanging_lines import HangingLines

FOCUS_MARKS = ("▶", ">")
"""The mark of the row whose field has the focus (symbols, ASCII)."""
REFUSED_MARKS = ("✗", "!")
"""The mark of a row whose value the last save refused (symbols, ASCII)."""


MARKS_WIDTH = 3
"""The columns of the marks before a label's words (and under them, where its words go on)."""


class FieldLabel(Label):
    """A setting's label, marked while its field has the focus or holds a refused value."""

    focused: reactive[bool] = reactive(False)
    refused: reactive[bool] = reactive(False)

    def __init__(self, text: str, *, ascii_only: bool = False) -> None:
        super().__init__(classes="label")
        self.text = text
        self.ascii_only = ascii_only

    def render(self) -> HangingLines:
        glyph = int(self.ascii_only)
        focus = FOCUS_MARKS[glyph] if self.focused else ""
        refused = REFUSED_MARKS[glyph] if self.refused else ""
        return HangingLines([(Text(f"{focus:1}{refused:1} {self.text}"), MARKS_WIDTH)])

    def watch_refused(self, refused: bool) -> None:
        self.set_class(refused, "-refused")
