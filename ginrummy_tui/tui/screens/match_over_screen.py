"""The end of the match: the winner, the final table, and a new match on a key press."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ginrummy_tui.engine.kinds import EndKind, Kind

from ..host import gin_of, match_number
from ..table_text import fitting_name
from ..widgets.key_bar import KeyBar
from ..widgets.race import Race
from ..widgets.score_table import ScoreTable
from ..widgets.too_small import TooSmall

if TYPE_CHECKING:
    from ginrummy_tui.engine import PlayerView


def level_record(app: App[Any]) -> Text | None:
    """Your record against this opponent level, from the history (None when
    there is none: no history, a network match)."""
    from ginrummy_tui.session.control import MatchControl

    gin = gin_of(app)
    match = MatchControl.real_session(gin.session)
    level = match.opponent_level(None) if match is not None else None
    keeper = gin.context.keeper
    if level is None or keeper is None:
        return None
    try:
        hist = keeper.shared_history().get(create=False)
        if hist is None:
            return None
        matches, won, last = hist.level_record(level, 10)
    except Exception:  # the statistics never stop the game
        return None
    if not matches:
        return None
    text = Text(f"Against {level}: won {won} of {matches}", style="bold")
    if len(last) > 1:
        text.append(f"\nlast {len(last)}: ")
        for result in last:
            text.append("●" if result else "○", style="green" if result else "red")
    return text


class MatchOverScreen(Screen):
    """Who won the match, and the score table; n starts a new match."""

    CSS_PATH = "match_over_screen.tcss"
    BINDINGS = [Binding("n,enter", "new_match", "New match", key_display="n")]
    """n or Enter: a new match."""

    def __init__(self, v: PlayerView, opponent_name: str) -> None:
        super().__init__()
        self.v = v
        self.opponent_name = opponent_name

    def _head(self, width: int) -> Text:
        """Who won, and the final score ("Computer" for "Computer (standard)" below 60 columns: one line)."""
        v = self.v
        me, opp = v.seat, 1 - v.seat
        name = fitting_name(self.opponent_name, width)
        head = Text(justify="center")
        timed_out = v.result is not None and v.result.kind == EndKind.TIMEOUT
        if timed_out:  # a move clock ran out: say so, the score alone does not explain it
            words = f"You won the match: {name} ran out of time." if v.winner == me else f"{name} won the match: your time ran out."
        else:
            words = "You won the match!" if v.winner == me else f"{name} won the match."
        head.append(words, style="bold")
        head.append(f"\nFinal score: You {v.totals[me]} · {name} {v.totals[opp]}")
        return head

    def on_resize(self, event: events.Resize) -> None:
        for winner in self.query("#winner").results(Static):
            winner.update(self._head(event.size.width))

    def compose(self) -> ComposeResult:
        v = self.v
        won = v.winner == v.seat
        yield TooSmall()
        with VerticalScroll(id="match-over"):
            yield Static(self._head(self.app.size.width), id="winner", classes="-won" if won else "-lost")
            with Horizontal(id="match-body"):
                yield ScoreTable(v, self.opponent_name, id="final-table", number=match_number(self.app))
                race = Race(v, self.opponent_name, ascii_only=gin_of(self.app).ascii_only)
                with Vertical(id="race-box") as box:
                    box.styles.width = max(race.content_width, 28) + 2
                    yield Static(Text("The race", style="bold"), id="race-title")
                    yield race
                    record = level_record(self.app)
                    if record is not None:
                        yield Static(record, id="level-record")
            yield Static("n: play a new match · q: quit", id="match-next")
        yield KeyBar()

    def action_new_match(self) -> None:
        """Start a new match."""
        gin_of(self.app).go_on(Kind.NEW_MATCH)
