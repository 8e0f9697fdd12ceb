"""The prompt line: what to do now, or why the last move was refused."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..palette import palette_of


class PromptLine(Static):
    """One line that always says what to do; a refusal shows its reason first."""

    def set_prompt(self, text: str | Text, refusal: str = "", *, status: str | Text = "") -> None:
        """Show ``status`` (the move clock, the connection; already coloured if a Text), then
        ``refusal`` (the reason a move was refused) if any, then ``text``."""
        colours = palette_of(self.app)
        out = Text()
        if status:
            out.append_text(status.copy() if isinstance(status, Text) else Text(status, style=f"bold {colours.gold}"))
            out.append("  ")
        if refusal:
            out.append(f"✗ {refusal[:1].upper()}{refusal[1:]}. ", style=f"bold {colours.red}")
            self.add_class("-refused")
        else:
            self.remove_class("-refused")
        out.append_text(text if isinstance(text, Text) else Text(text))
        out.rstrip()
        self.plain = out.plain
        self.update(out)

    plain: str = ""
    """The text shown, without styles."""
