"""The prompt line: what to do now, or why the last move was refused."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..palette import palette_of


class PromptLine(Static):
    """One line that always says what to do; a refusal shows its reason first."""

    def set_prompt(
        self, text: str | Text, refusal: str = "", *, status: str | Text = "", two_lines: bool = False
    ) -> None:
        """Show ``status`` (the move clock, the connection; already coloured if a Text), then
        ``refusal`` (the reason a move was refused) if any, then ``text``; with ``two_lines``
        (a hint, a reason too long for one line) the text wraps onto a second line."""
        self._wrap(two_lines)
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

    def _wrap(self, on: bool) -> None:
        if on == self.two_lines:
            return
        self.two_lines = on
        styles = self.styles
        if on:
            styles.height = "auto"
            styles.max_height = 2
            styles.text_wrap = "wrap"
        else:
            styles.height = None
            styles.max_height = None
            styles.text_wrap = None

    two_lines: bool = False
    """True while the line may wrap onto a second."""

    plain: str = ""
    """The text shown, without styles."""
