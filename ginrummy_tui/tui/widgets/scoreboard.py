"""The score line at the top: both scores, the target, the hand number."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ..palette import palette_of


class Scoreboard(Widget):
    """Both players' scores, the target, which hand this is and the rules."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.values: tuple = (0, 0, "Computer", 100, 1, "standard")

    def set_state(self, you: int, them: int, them_name: str, target: int, hand_no: int, rules_name: str) -> None:
        """Show the scores."""
        self.values = (you, them, them_name, target, hand_no, rules_name)
        self.refresh()

    practice: str | None = None
    """The practice banner: shown instead of the match's scores while a practice hand is played."""

    def set_practice(self, line: str | None) -> None:
        """Show the practice banner (None: the match's scores)."""
        if line != self.practice:
            self.practice = line
            self.refresh()

    def _practice_banner(self, line: str, colours) -> Text:
        """The practice banner, in the longest form that fits the width: "this
        deal" becomes "deal", then the head loses ", not saved" and the hand's
        number; the scores (the practice hand's and the match's) stay whole."""
        head, _, rest = line.partition(" · ")
        bare = head.split(", ")[0]
        heads = [head, bare, bare.split(" — ")[0]]
        rests = [rest, rest.replace("this deal: ", "deal: ")] if rest else [""]
        width = self.size.width
        forms = [(h, r) for h in heads for r in rests]
        chosen = forms[-1]
        for h, r in forms:
            if not width or len(h) + 2 + (len(r) + 2 if r else 0) <= width:
                chosen = (h, r)
                break
        h, r = chosen
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f" {h} ", style=f"bold {colours.ink} on {colours.warn}")
        if r:
            t.append("  " + r)
        return t

    def render(self) -> Text:
        colours = palette_of(self.app)
        if self.practice:
            return self._practice_banner(self.practice, colours)
        you, them, them_name, target, hand_no, rules_name = self.values
        wide = self.size.width >= 76
        if not wide:
            them_name = them_name.split(" (")[0]
        gold = colours.gold
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" gin-tui ", style="bold reverse")
        t.append(f"  Hand {hand_no}   ")
        t.append("You ", style="bold")
        t.append(str(you), style=f"bold {gold}")
        t.append("   ")
        t.append(f"{them_name} ", style="bold")
        t.append(str(them), style=f"bold {gold}")
        t.append(f"   to {target}")
        if wide:
            t.append(f" · {rules_name} rules")
        return t
