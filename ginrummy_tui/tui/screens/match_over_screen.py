"""The end of the match: the winner, the final table, and a new match on a key press."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ginrummy_tui.engine.kinds import Kind

from ..host import gin_of
from ..widgets.key_bar import KeyBar
from ..widgets.score_table import ScoreTable
from ..widgets.too_small import TooSmall

if TYPE_CHECKING:
    from ginrummy_tui.engine import PlayerView


class MatchOverScreen(Screen):
    """Who won the match, and the score table; n starts a new match."""

    CSS_PATH = "match_over_screen.tcss"
    BINDINGS = [Binding("n,enter", "new_match", "New match", key_display="n")]
    """n or Enter: a new match."""

    def __init__(self, v: PlayerView, opponent_name: str) -> None:
        super().__init__()
        self.v = v
        self.opponent_name = opponent_name

    def compose(self) -> ComposeResult:
        v = self.v
        me, opp = v.seat, 1 - v.seat
        won = v.winner == me
        head = Text(justify="center")
        head.append("You won the match!" if won else f"{self.opponent_name} won the match.", style="bold")
        head.append(f"\nFinal score: You {v.totals[me]} · {self.opponent_name} {v.totals[opp]}")
        yield TooSmall()
        with VerticalScroll(id="match-over"):
            yield Static(head, id="winner", classes="-won" if won else "-lost")
            yield ScoreTable(v, self.opponent_name, id="final-table")
            yield Static("n: play a new match · q: quit", id="match-next")
        yield KeyBar()

    def action_new_match(self) -> None:
        """Start a new match."""
        gin_of(self.app).go_on(Kind.NEW_MATCH)
