"""The hand's moves so far, beside the table when the terminal is wide enough."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from .hanging_lines import HangingLines


class HandLog(VerticalScroll, can_focus=False):
    """Every turn of the hand in words, oldest first; the newest stays in view
    (the mouse wheel scrolls back).  It takes no focus: the keys stay with the table.
    The table mounts it the first time the terminal is wide enough."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = HangingLines([])
        """What it shows: a line a turn (a long one goes on under its words)."""

    def compose(self) -> ComposeResult:
        yield Static(self.lines, id="log-lines")

    def set_lines(self, lines: HangingLines) -> None:
        """Show ``lines``, one a turn, and keep the last in view."""
        self.lines = lines
        for shown in self.query("#log-lines").results(Static):
            shown.update(self.lines)
        self.call_after_refresh(self.scroll_end, animate=False)
