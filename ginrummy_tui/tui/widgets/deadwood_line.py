"""The line under the hand: melds and deadwood now, and after the selected discard."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class DeadwoodLine(Static):
    """The hand's deadwood count (and what discarding the selected card would leave)."""

    def set_text(self, text: Text) -> None:
        """Show ``text``."""
        self.update(text)
