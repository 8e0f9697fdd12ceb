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
        ("standard rules (changed: knock limit 7, big gin allowed)", "standard rules (2 changes)",
        "standard (2 changes)": the last only where the others do not fit)."""
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

    separate: bool = False
    """The match is a separate one (played beside the match open in another gin-tui):
    its badge, "separate match" (at its shortest "separate"), stands where the
    game's name does, and stays at every width."""

    def set_separate(self, separate: bool) -> None:
        """Say on the line that the match is a separate one (False: the player's match)."""
        if separate != self.separate:
            self.separate = separate
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
        # A separate match keeps its badge: the gaps narrow first, then it shortens,
        # and last the hand's number goes.
        # Each form: the rules' name, the badge ("" for none) and the spaces after it, the gaps, and
        # whether the hand's number is said.
        forms: list[tuple[str, str, str, str, bool]]
        if self.separate:
            badges = (("separate match", "  ", "   "), ("separate match", "  ", "  "), ("separate", "  ", "  "),
                      ("separate", " ", "  "))
            # the rules' name and its count of changes first; the name without "rules" only once
            # the badge has shortened too
            forms = [(rules, badge, after, gap, True) for badge, after, gap in badges for rules in rules_names[:2]]
            forms += [(rules, badge, after, gap, True) for rules in rules_names[2:] for badge, after, gap in badges]
            forms.append((rules_names[-1], "separate", " ", "  ", False))
        else:
            forms = [(rules, badge, after, gap, True) for rules in rules_names for badge, after, gap in
                     (("gin-tui", "  ", "   "), ("", " ", "   "), ("", " ", "  "))]
        for rules_name, badge, after, gap, with_hand in forms:
            t = Text(no_wrap=True, overflow="ellipsis")
            if badge:
                t.append(f" {badge} ", style="bold reverse")
            t.append(after)
            if with_hand:
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
