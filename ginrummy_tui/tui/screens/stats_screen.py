"""Lifetime statistics, one key (F3) away: per opponent level and rules
preset, worked out from the match records of the data directory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..host import GinHost, gin_of
from ..widgets.key_bar import KeyBar
from ..widgets.too_small import TooSmall

if TYPE_CHECKING:
    from ginrummy_tui.storage.stats import Stats



def stats_renderable(stats: Stats, recent: list[dict] | None = None) -> Group:
    """The figures as a table (one column per opponent and preset, and all),
    and the last matches played."""
    from ginrummy_tui.storage.reports import ROWS, cell, table_columns

    parts: list = [Text("Your record", style="bold underline")]
    if not stats.groups:
        parts.append(Text("No games recorded yet. Finished hands and matches are counted here."))
    else:
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        cols = table_columns(stats)
        table.add_column("")
        for name, _ in cols:
            table.add_column(name.replace(" / ", "\n"), justify="right")
        for label, field in ROWS:
            table.add_row(label, *(cell(t, field) for _, t in cols))
        parts.append(table)
    notes = []
    if stats.replays:
        notes.append(f"{stats.replays} replayed deal(s) not counted")
    if stats.unreadable:
        notes.append(f"{stats.unreadable} unreadable record(s) skipped")
    if notes:
        parts.append(Text("(" + "; ".join(notes) + ")", style="dim"))
    if recent:
        parts.append(Text())
        parts.append(Text("Last matches", style="bold underline"))
        for r in recent:
            totals = r.get("totals") or [0, 0]
            if r.get("finished"):
                how = "won" if r.get("winner") == 0 else "lost"
            else:
                how = "abandoned" if r.get("abandoned") else "in progress"
            line = Text(f"{r['id']}  ")
            line.append(f"{r.get('opponent')}/{r.get('preset')}  ", style="dim")
            line.append(f"{totals[0]}-{totals[1]} {how}", style="bold" if how == "won" else "")
            if r.get("replay"):
                line.append("  (replay)", style="dim")
            parts.append(line)
    parts.append(Text("\nOn the command line: gin-tui stats [--json], gin-tui export", style="dim"))
    return Group(*parts)


class StatsScreen(ModalScreen):
    """The statistics; Escape closes."""

    CSS_PATH = "stats_screen.tcss"
    BINDINGS = [
        Binding("escape,f3", "close", "Close", key_display="esc"),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
    ]
    """Escape (or F3 again) closes; the arrows scroll."""

    @property
    def gin(self) -> GinHost:
        return gin_of(self.app)

    def compose(self) -> ComposeResult:
        from ginrummy_tui.storage.files import data_dir
        from ginrummy_tui.storage.records import load_history
        from ginrummy_tui.storage.stats import compute

        root = self.gin.context.data_dir or data_dir()
        records, bad = load_history(root)
        stats = compute(records)
        stats.unreadable = len(bad)
        recent = list(reversed(records[-5:]))
        yield TooSmall()
        with VerticalScroll(id="stats"):
            yield Static(stats_renderable(stats, recent), id="stats-table")
            yield Static("Esc: back to the game", id="stats-close")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#stats").focus()

    def action_scroll(self, step: int) -> None:
        """Scroll by a line."""
        self.query_one("#stats", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        """Back to where the player was."""
        self.dismiss()
