"""A screen shown over the table styles its widgets once, as they are mounted.

Textual styles a widget when it is mounted, and styles a whole screen again each time it
is shown (its ``ScreenResume``), in case the app's styles changed while it was hidden.
A screen just made and shown for the first time has had no time to be hidden: its
widgets were styled by the rules in force, and styling them all again cost the settings,
the screen with the most widgets, a fifth of the processor's time of their opening
(``benchmarks/screens.py --compare resume --cpu``).

:meth:`GinApp.push_screen` (and ``switch_screen``) gives a screen about to be shown for the
first time the app's rules of the moment (:attr:`StyledOnce.styled_by`); when it is shown,
the second styling is left out if those rules are still the app's.  A theme chosen makes
new ones, and so do styles added: Textual's own styles of the screen's kind and of its
widgets' kinds, added as the first of each kind mounts (the screens' style sheets are read
as the app starts: :data:`~ginrummy_tui.tui.app.SCREEN_STYLES`).  Every later showing is
styled again, as Textual does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual import events
    from textual.css.model import RuleSet


class StyledOnce:
    """Among a screen's bases (before Textual's ``Screen``): its first showing does not
    restyle its widgets when the rules they were styled by are still the app's."""

    styled_by: list[RuleSet] | None = None
    """The app's rules when the screen was first pushed; ``None`` once it has been shown."""

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # called before Textual's own handler (this class comes first in the screen's bases)
        from textual.screen import Screen

        assert isinstance(self, Screen)
        if self.styled_by is not None and self.styled_by is self.app.stylesheet.rules:
            event.refresh_styles = False
        self.styled_by = None
