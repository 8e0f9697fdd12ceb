"""Shown instead of a screen's content when the terminal is too small for it."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 46
MIN_HEIGHT = 21
TALL_HEIGHT = 24
"""From this height the layout is tall (the ``-tall`` breakpoint): blank lines between
the table's parts, and room for longer toasts."""
NORMAL_WIDTH = 80
"""Below this width the layout is narrow (the ``-narrow`` breakpoint): shorter
names and labels, the hand on two rows, compact tables."""
WIDE_WIDTH = 110
"""From this width the layout is wide (the ``-wide`` breakpoint): the parts of
a screen side by side."""
SCROLLBAR = 2
"""The width of a screen's scroll bar, when its content is taller than the screen."""


def too_small_for(width: int, height: int) -> bool:
    """True for a terminal below the smallest usable size (46x21)."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmall(Static):
    """'Terminal too small': every screen of the app has one, hidden unless needed."""

    def __init__(self) -> None:
        super().__init__(classes="too-small")

    def render(self) -> str:
        """What it says: the terminal's size and the least it needs ("Terminal too small: 45×21.
        Make it at least 46×21."); with ``--ascii`` in ASCII ("46x21").  Where q would ask
        before quitting (in the middle of a hand), it says that the question
        needs a bigger terminal, and that Ctrl+C quits at once."""
        from ..host import gin_of

        gin = gin_of(self.app)
        times = "x" if gin.ascii_only else "×"
        # its size now beside the least, so that the side short of it shows (45×21: one column)
        now = self.app.size
        size = f"Terminal too small: {now.width}{times}{now.height}.\nMake it at least {MIN_WIDTH}{times}{MIN_HEIGHT}."
        if gin.quit_asks() and gin.context.one_tab:  # where Ctrl+C asks too
            return f"{size}\n(q asks before quitting:\nmake it bigger to answer)"
        if gin.quit_asks():
            return f"{size}\n(q asks before quitting:\nmake it bigger to answer;\nCtrl+C quits at once)"
        return f"{size}\n(q: quit)"
