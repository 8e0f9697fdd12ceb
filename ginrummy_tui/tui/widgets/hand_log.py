"""The hand's moves so far, beside the table when the terminal is wide enough."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


class HandLog(VerticalScroll, can_focus=False):
    """Every turn of the hand in words, oldest first; the newest stays in view
    (the mouse wheel scrolls back).  It takes no focus: the keys stay with the table."""

    def compose(self) -> ComposeResult:
        yield Static(id="log-lines")

    def set_lines(self, lines: list[Text]) -> None:
        """Show ``lines``, one a turn, and keep the last in view."""
        self.query_one("#log-lines", Static).update(Text("\n").join(lines))
        self.call_after_refresh(self.scroll_end, animate=False)
