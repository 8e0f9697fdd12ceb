"""The prompt line: what to do now, or why the last move was refused."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..palette import palette_of


class PromptLine(Static):
    """One line that always says what to do; a refusal shows its reason first."""

    def set_prompt(self, text: str | Text, refusal: str = "") -> None:
        """Show ``text``, after ``refusal`` (the reason a move was refused) if any."""
        out = Text()
        if refusal:
            out.append(f"✗ {refusal[:1].upper()}{refusal[1:]}. ", style=f"bold {palette_of(self.app).red}")
            self.add_class("-refused")
        else:
            self.remove_class("-refused")
        out.append_text(text if isinstance(text, Text) else Text(text))
        self.plain = out.plain
        self.update(out)

    plain: str = ""
    """The text shown, without styles."""
