"""What the other player did since the local player's last move."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class MovesLine(Static):
    """The other player's last moves, in words ("Computer took 7♥ from the discard pile and threw K♠")."""

    def set_text(self, text: Text) -> None:
        """Show ``text``."""
        self.update(text)
