"""The score line at the top: both scores, the target, the hand number."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import palette_of
from .cardfaces import ascii_text


class Scoreboard(Widget):
    """Both players' scores, the target, which hand this is and the rules."""

    ascii_only: reactive[bool] = reactive(False)
    """The line in ASCII alone ("to 100 - standard rules"); a change redraws the widget."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Scoreboard.ascii_only, ascii_only)
        self.values: tuple = (0, 0, "Computer", 100, 1, ("standard rules",))

    def set_state(
        self, you: int, them: int, them_name: str, target: int, hand_no: int, rules_names: tuple[str, ...]
    ) -> None:
        """Show the scores; ``rules_names``: the rules' names, longest first
        ("standard rules (changed: knock limit 7, big gin allowed)", "standard rules (2 changes)")."""
        self.values = (you, them, them_name, target, hand_no, rules_names)
        self.refresh()

    practice: tuple[tuple[str, str], ...] | None = None
    """The practice banner's forms, longest first (its head, the scores):
    shown instead of the match's scores while a practice hand is played."""

    def set_practice(self, forms: tuple[tuple[str, str], ...] | None) -> None:
        """Show the practice banner (None: the match's scores)."""
        if forms != self.practice:
            self.practice = forms
            self.refresh()

    def _practice_banner(self, forms: tuple[tuple[str, str], ...], colours) -> Text:
        """The longest form of the banner that fits the width (the last one if none does)."""
        width = self.size.width
        head, scores = next(
            (f for f in forms if not width or cell_len(f[0]) + cell_len(f[1]) + 4 <= width), forms[-1]
        )
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f" {head} ", style=f"bold {colours.ink} on {colours.warn}")
        t.append("  " + scores)
        return t

    def render(self) -> Text:
        text = self._line()
        return ascii_text(text) if self.ascii_only else text

    def _line(self) -> Text:
        colours = palette_of(self.app)
        if self.practice:
            return self._practice_banner(self.practice, colours)
        you, them, them_name, target, hand_no, rules_names = self.values
        wide = self.size.width >= 76
        if not wide:
            them_name = them_name.split(" (")[0]
        gold = colours.gold
        # The longest form that fits: the badge goes first, then the gaps narrow,
        # then the rules' name shortens (the options changed go, not that some were).
        forms = [(rules, badge, gap) for rules in rules_names for badge, gap in
                 ((True, "   "), (False, "   "), (False, "  "))]
        for rules_name, badge, gap in forms:
            t = Text(no_wrap=True, overflow="ellipsis")
            if badge:
                t.append(" gin-tui ", style="bold reverse")
                t.append("  ")
            else:
                t.append(" ")
            t.append(f"Hand {hand_no}{gap}")
            t.append("You ", style="bold")
            t.append(str(you), style=f"bold {gold}")
            t.append(gap)
            t.append(f"{them_name} ", style="bold")
            t.append(str(them), style=f"bold {gold}")
            t.append(f"{gap}to {target}")
            if wide:
                t.append(f" · {rules_name}")
            if not self.size.width or t.cell_len <= self.size.width:
                break
        return t
