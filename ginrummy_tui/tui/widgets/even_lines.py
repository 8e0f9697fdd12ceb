"""Words wrapped on lines of about the same length, none left alone on the last one."""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Static


class EvenLines(Static):
    """Words (a question, a note under it) as wide as the narrowest width that takes no more
    lines than the room they are given: wrapped at the room's edge, "Your match is saved:
    gin-tui will resume" left "it." alone on its last line at 46 columns; here the lines are
    "Your match is saved:" and "gin-tui will resume it.".  Words that fit one line keep it.
    Its width is ``auto`` (``even_lines.tcss``), the frame around it centring it."""

    def get_content_width(self, container: Size, viewport: Size) -> int:
        room = container.width
        whole = super().get_content_width(container, viewport)
        if whole <= room or room <= 1:
            return min(whole, room)
        lines = self.get_content_height(container, viewport, room)
        width = room
        while width > 1 and self.get_content_height(container, viewport, width - 1) == lines:
            width -= 1
        return width
