"""The prompt line: what to do now, or why the last move was refused."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..palette import palette_of

MOST_LINES = 3
"""The most lines the prompt line wraps onto (a hint of 160 characters after the move clock, at 80 columns)."""


class PromptLine(Static):
    """One line that always says what to do; a refusal shows its reason first."""

    def set_prompt(
        self, text: str | Text, refusal: str = "", *, status: str | Text = "", wrap: bool = False
    ) -> None:
        """Show ``status`` (the move clock, the connection; already coloured if a Text), then
        ``refusal`` (the reason a move was refused) if any, then ``text``; with ``wrap``
        (a hint, a reason too long for one line) the text wraps onto as many lines as it
        needs, up to :data:`MOST_LINES`."""
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
        self._set_lines(min(MOST_LINES, len(out.wrap(self.app.console, self._width()))) if wrap else 1)
        self.plain = out.plain
        self.update(out)

    def _width(self) -> int:
        width = self.content_region.width
        return width if width > 0 else max(1, self.app.size.width - 4)

    def _set_lines(self, lines: int) -> None:
        if lines == self.lines:
            return
        self.lines = lines
        styles = self.styles
        if lines > 1:
            styles.height = "auto"
            styles.max_height = lines
            styles.text_wrap = "wrap"
        else:
            styles.height = None
            styles.max_height = None
            styles.text_wrap = None
        # a third line takes the blank line above: the table has no other to give at 24 lines
        styles.margin = (0, 0, 0, 0) if lines >= 3 else None

    lines: int = 1
    """How many lines the text takes (more than one only when it may wrap)."""

    plain: str = ""
    """The text shown, without styles."""
