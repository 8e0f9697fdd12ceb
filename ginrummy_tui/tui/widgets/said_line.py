"""A line at the end of a scrolling frame that says why a key does nothing there."""

from __future__ import annotations

from textual.widgets import Static


class SaidLine(Static):
    """Why a key does nothing (the end of a hand's :meth:`SummaryScreen.say`), kept in view.

    Scrolled to when it is shown, and again once laid out at its new size: the frame's scroll
    bar may come with it and narrow it, so that it wraps onto one more line (at 50x22 the
    reason k is refused for showed its first line, its last under the frame's edge).  Not where
    it says a key was held back the moment the hand ended (``kept_in_view`` False): the frame
    stays where it is, on the hand's headline, which the guard is there to let the player read."""

    kept_in_view = True
    """Scrolled to when shown and laid out again."""

    def on_resize(self) -> None:
        if self.display and self.kept_in_view:
            self.scroll_visible(animate=False)
