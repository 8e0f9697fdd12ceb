"""The score line at the top: both scores, the target, the hand number."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Scoreboard(Static):
    """Both players' scores, the target and which hand this is."""

    def set_state(self, you: int, them: int, them_name: str, target: int, hand_no: int, rules_name: str) -> None:
        """Show the scores."""
        t = Text()
        t.append(" gin-tui ", style="bold reverse")
        t.append(f"  Hand {hand_no}   ")
        t.append("You ", style="bold")
        t.append(str(you), style="bold #ffd21f")
        t.append("   ")
        t.append(f"{them_name} ", style="bold")
        t.append(str(them), style="bold #ffd21f")
        t.append(f"   to {target} · {rules_name} rules")
        self.update(t)
