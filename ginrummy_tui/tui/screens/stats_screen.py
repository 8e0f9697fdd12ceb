"""Lifetime statistics, one key (F3) away: per opponent level and rules
preset, worked out by the history database, with the trend of the last
matches against each opponent (a computer level, or a person over the network)."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.style import Style, StyleType
from rich.text import Text
from textual.app import App, ComposeResult, ScreenStackError
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..host import gin_of
from ..widgets.key_bar import KeyBar
from ..widgets.table_only_line import TableOnlyLine
from ..widgets.too_small import TooSmall
from ..widgets.trend import Trend
from .styled_once import StyledOnce
from .table_only import BACK, TABLE_ONLY_BINDINGS, TableOnly, back_line

if TYPE_CHECKING:
    from textual.timer import Timer

    from ginrummy_tui.storage.figures import Figures
    from ginrummy_tui.storage.history import SharedHistory
    from ginrummy_tui.storage.stats import Stats, Tally

    from ..host import GinHost


def stats_renderable(
    stats: Stats,
    notes: list[str] | None = None,
    width: int | None = None,
    *,
    unusable: str | None = None,
    read_only: str | None = None,
    muted: StyleType = "dim",
    reading: bool = False,
) -> Group:
    """The figures as a table (one column per opponent and rules, and all). Within
    ``width`` columns, when given: narrower heads (the level over the rules, changed
    rules by a mark told under the table), then the columns in blocks, each repeating
    the row labels, rather than figures cut off.
    ``unusable``: why the history cannot be used (said instead of the figures).
    ``read_only``: why it could only be read (said over the figures: nothing new is recorded in it);
    with ``unusable``, why even that failed and what to do.
    ``muted``: the style of the notes under the figures (the panel's quieter text on screen).
    ``reading``: the history is still being read (the figures come once it is)."""
    from ginrummy_tui.engine.words import counted
    from ginrummy_tui.storage.reports import (
        HEAD_LABELS,
        PRACTICE,
        ROWS,
        cell,
        column_blocks,
        column_heads,
        rules_marks,
        rules_notes,
        table_columns,
        unnamed_marks,
    )

    parts: list = [Text("Your record", style="bold underline")]
    if reading:
        parts.append(Text(READING_SAID))
        return Group(*parts)
    if unusable is None and read_only is not None:
        parts.append(Text(f"Shown as it is: {read_only}, so no new match is recorded in it."))
    if unusable is not None:
        said = f"cannot be shown: {unusable}." if read_only is not None else f"cannot be used ({unusable})."
        parts.append(Text(f"Your match history {said}", style="bold"))
    elif not stats.groups:
        parts.append(Text("No games recorded yet. Finished hands and matches are counted here."))
    else:
        # Texts with the columns laid out here: much quicker to draw than a
        # Table, which measures every cell each time the screen is laid out.
        label_w = max(len(label) for label, _ in ROWS)
        cols: list[tuple[str, str, Tally]] = []
        for name, t in table_columns(stats):
            level, _, preset = name.rpartition(" / ")
            cols.append((level, preset, t))
        widths = [max(len(a), len(b), *(len(cell(t, field)) for _, field in ROWS)) for a, b, t in cols]
        labels = ("", "")  # the wide heads say what they are ("vs expert", "standard rules")
        marked = rules_notes(unnamed_marks(stats))  # why rules are not named ("unknown rules [1]")
        if width is not None and label_w + sum(w + 2 for w in widths) > width:
            cols = column_heads(stats)
            labels = HEAD_LABELS
            marked = rules_notes(rules_marks(stats))
            widths = [max(len(a), len(b), *(len(cell(t, field)) for _, field in ROWS)) for a, b, t in cols]
        for n, block in enumerate(column_blocks(widths, label_w, width)):
            table = Text(no_wrap=True, overflow="crop")
            if n:
                table.append("\n")
            for line in (0, 1):
                table.append(labels[line].ljust(label_w))
                for i in block:
                    table.append("  " + (cols[i][0], cols[i][1])[line].rjust(widths[i]), style="bold")
                table.append("\n")
            for label, field in ROWS:
                table.append(label.ljust(label_w))
                for i in block:
                    table.append("  " + cell(cols[i][2], field).rjust(widths[i]))
                table.append("\n")
            table.rstrip()
            parts.append(table)
        if marked:
            parts.append(Text("\n" + "\n".join(marked)))
    notes = list(notes or [])
    if stats.replays:
        notes.append(f"{counted(stats.replays, PRACTICE)} not counted")
    if stats.unreadable:
        notes.append(f"{stats.unreadable} unreadable record(s) skipped")
    notes.extend(stats.left_out)  # matches whose rows another program wrote
    if notes:
        parts.append(Text("(" + "; ".join(notes) + ")", style=muted))
    return Group(*parts)


READ_WAIT = 0.3
"""Seconds F3 waits for the figures before it shows its screen saying they are being read: the
history is read in a thread of its own, as another program holding it (a ``sqlite3`` shell in
exclusive locking mode) keeps a reader waiting SQLite's busy timeout, up to 10 s, during which the
screen froze (its keys, the clock, the computer's moves)."""
READING_SAID = (
    "Reading your match history... Its figures come up here once it is read "
    "(another program may be holding it; Esc goes back meanwhile)."
)
"""What the statistics say while their history is being read."""

FRAME_WIDTH = 100
"""The widest the statistics' frame gets (``max-width`` of ``#stats``)."""
TREND_NOTES = (
    "  your margin in the last matches against each opponent, oldest first",
    "  your margin in the last matches, oldest first",
    "  oldest first",
)
"""What the trend's heading says after "Trend", longest first."""


def trend_heading(room: int, muted: StyleType = "dim") -> Text:
    """"Trend" and the longest note that fits ``room`` columns with it (at 80 columns the
    longest ran up to the scroll bar), the note in ``muted``."""
    note = next((note for note in TREND_NOTES if len("Trend" + note) <= room), "")
    return Text.assemble(("Trend", "bold underline"), (note, muted))


def recent_renderable(recent: list[dict[str, Any]], muted: StyleType = "dim") -> Group:
    """The last matches played, newest first (the opponent and rules in ``muted``); practice
    deals are not among them (the figures' notes count them)."""
    from ginrummy_tui.storage.reports import listed_opponent, outcome, unfinished_state

    parts: list = []
    if recent:
        parts.append(Text("Last matches", style="bold underline"))
        for r in recent:
            totals = r.get("totals") or [0, 0]
            how = outcome(r) if r.get("finished") else unfinished_state(r)
            line = Text(f"{r['id']}  ")
            line.append(f"{listed_opponent(r)}/{r.get('preset')}  ", style=muted)
            line.append(f"{totals[0]}-{totals[1]} {how}", style="bold" if how.startswith("won") else "")
            parts.append(line)
    return Group(*parts)


def command_line_hint(command: str) -> str:
    """The line naming the commands that show these figures outside the game,
    on the data directory the game uses (``command``, the one that resumes its
    match: :func:`~ginrummy_tui.session.startup.resume_command`), as the line
    after the game names it: "On the command line: gin-tui stats --data-dir
    /abs/D [--json], gin-tui export --data-dir /abs/D"."""
    from ginrummy_tui.session.startup import subcommand

    return f"On the command line: {subcommand(command, 'stats')} [--json], {subcommand(command, 'export')}"


def read_history(app: App[Any], told: list[str]) -> tuple[Figures, list[str]]:
    """The figures and notes; from the app's history (worked out ahead of
    time, see :mod:`ginrummy_tui.storage.figures`) or the data directory's.
    What the player is to be told in a note of its own (a damaged history set
    aside) is added to ``told``: this runs on a thread of its own
    (:class:`HistoryReading`), which raises no note."""
    from ginrummy_tui.storage.figures import Figures
    from ginrummy_tui.storage.files import data_dir
    from ginrummy_tui.storage.history import SharedHistory

    gin = gin_of(app)
    if not gin.context.uses_files:
        return Figures(unusable="nothing is read or recorded with --data-dir -"), []
    keeper = gin.context.keeper
    if keeper is not None:
        return _read_figures(gin, keeper.shared_history(), told)
    # network play: the data directory's history, opened for this read alone and closed after it
    shared = SharedHistory(gin.context.data_dir or data_dir())
    try:
        return _read_figures(gin, shared, told)
    finally:
        shared.close()


def _read_figures(gin: GinHost, shared: SharedHistory, told: list[str]) -> tuple[Figures, list[str]]:
    """:func:`read_history` from ``shared``, the keeper's history or one opened for the read."""
    from ginrummy_tui.storage.figures import Figures, read_only_figures, work_out
    from ginrummy_tui.storage.history import Damaged, pending_json_history

    keeper = gin.context.keeper
    notes: list[str] = []
    upkeep = gin.history_upkeep
    if upkeep is not None and upkeep.is_alive() and pending_json_history(shared.root):  # (the upkeep does more)
        notes.append("your earlier records are being imported")
    for _ in range(2):  # a history found damaged is set aside, and the new one, with what was kept, read
        try:
            if keeper is not None:
                with contextlib.suppress(OSError, sqlite3.Error):  # if so, on the recording's connection below
                    figures = keeper.figures.get()
                    return figures or Figures(), notes  # None: nothing recorded yet
            hist = shared.get(create=False)
            if hist is not None:
                return work_out(hist), notes
            return read_only_figures(shared.root, shared.unusable), notes  # shown, where it can be read
        except Damaged as bad:
            shared.replace_damaged(str(bad))
            told.extend(shared.take_messages())
    return Figures(), notes


class HistoryReading(threading.Thread):
    """:func:`read_history` for the statistics screen, in a thread of its own: :attr:`result` once done.
    What the read has to tell (a damaged history set aside) is raised as a note on the app's
    thread, whether the screen is still open or not."""

    def __init__(self, app: App[Any]) -> None:
        super().__init__(name="gin-tui statistics screen", daemon=True)
        self._app = app
        self.result: tuple[Figures, list[str]] | None = None

    def run(self) -> None:
        from ginrummy_tui.storage.figures import Figures

        told: list[str] = []
        try:
            self.result = read_history(self._app, told)
        except Exception as exc:  # said on the screen, not printed over it by the thread
            self.result = Figures(unusable=str(exc) or type(exc).__name__), []
        for message in told:
            gin_of(self._app).from_any_thread(partial(self._app.notify, message, severity="error", timeout=15))


class StatsScreen(StyledOnce, TableOnly, ModalScreen):
    """The statistics; Escape closes."""

    CSS_PATH = "stats_screen.tcss"
    BINDINGS = [
        Binding("escape,f3", "close", BACK, key_display="esc"),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        *TABLE_ONLY_BINDINGS,
    ]
    """Escape (or F3 again) closes; the arrows scroll; the table's keys say why they do nothing here."""

    QUIT_BACK = "Back to the statistics (n)"
    PLACE = "in the statistics"

    def __init__(self) -> None:
        super().__init__()
        # The breakpoint classes of the screen on top (this one will have the
        # same size): Textual sets a new screen's only at its first resize,
        # just after its first frame, and so styles and lays it out again.
        try:
            app = self.app
            below = app.screen.classes
        except (RuntimeError, ScreenStackError):  # no app running (NoActiveAppError), no screen
            return
        pairs = [*(app.HORIZONTAL_BREAKPOINTS or []), *(app.VERTICAL_BREAKPOINTS or [])]
        self.add_class(*sorted({name for _, name in pairs} & below), update=False)

    def _table_width(self) -> int:
        """Columns for the table inside the frame (no wider than :data:`FRAME_WIDTH`): its border
        and padding, and a scroll bar.  Measured on the terminal's width alone, a terminal wider
        than the frame had more columns laid out side by side than the frame shows: the last
        cut, and "All" off the frame."""
        return min(self.app.size.width, FRAME_WIDTH) - 6

    _reading: HistoryReading | None = None
    """The read of the history under way, while it is (the figures not shown yet)."""
    _read: tuple[Figures, list[str]] | None = None
    """What it read, for the screen to be made again with."""
    _waiting: Timer | None = None
    """The look, every tenth of a second, whether the history's read is done."""

    def _figures_now(self) -> tuple[Figures, list[str]] | None:
        """The figures to show: those just read, or read now if they come within :data:`READ_WAIT`
        seconds; else None, their read going on (:attr:`_reading`)."""
        if self._read is not None:
            read, self._read = self._read, None
            return read
        reading = HistoryReading(self.app)
        reading.start()
        reading.join(READ_WAIT)
        if reading.result is not None:
            return reading.result
        self._reading = reading
        return None

    def compose(self) -> ComposeResult:
        from ginrummy_tui.storage.figures import Figures

        read = self._figures_now()
        figures, notes = read if read is not None else (Figures(), [])
        stats, recent, trend = figures.stats, figures.recent, figures.trend
        self._figures = (stats, notes)
        self._recent = recent
        self._unusable = figures.unusable
        self._read_only = figures.read_only
        yield TooSmall()
        with VerticalScroll(id="stats"):
            yield Static(
                stats_renderable(
                    stats,
                    notes,
                    self._table_width(),
                    unusable=self._unusable,
                    read_only=self._read_only,
                    reading=self._reading is not None,
                ),
                id="stats-table",
            )
            if trend:
                yield Static(trend_heading(self._frame_room()), id="trend-title")
                yield Trend(trend, ascii_only=gin_of(self.app).ascii_only, id="trend")
            yield Static(recent_renderable(recent), id="stats-recent")
            context = gin_of(self.app).context
            # a browser tab's player has no shell where its data is; with --data-dir - there is no data
            # directory the commands could read (they would read another's figures)
            if not context.one_tab and context.uses_files:
                yield Static(Text(command_line_hint(context.resume_command)), id="stats-cli")
            yield back_line("stats-close")
        yield TableOnlyLine()
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._show_texts())
        self._framed()

    def _framed(self) -> None:
        """The frame of the figures, just made: in focus, its edge saying when more is below."""
        frame = self.query_one("#stats", VerticalScroll)
        frame.focus()
        self.watch(frame, "scroll_y", self._show_more_below)
        self.watch(frame, "virtual_size", self._show_more_below)  # what it holds grew or shrank
        self._show_texts()
        self.call_after_refresh(self._show_more_below)  # once laid out: how far it scrolls
        if self._reading is not None and self._waiting is None:
            self._waiting = self.set_interval(0.1, self._look_at_reading)

    def _look_at_reading(self) -> None:
        """The history's read, if done: the screen made again with its figures."""
        reading = self._reading
        if reading is None or reading.result is None:
            return
        if self._waiting is not None:
            self._waiting.stop()
            self._waiting = None
        self._reading, self._read = None, reading.result
        self.run_worker(self._remade(), exclusive=False)

    async def _remade(self) -> None:
        if self.is_attached:
            await self.recompose()
            self._framed()

    async def read_again(self) -> None:
        """Read the history again and draw what it holds now: the history another connection
        held is free again (said "cannot be used (database is locked)" while it was held, the
        screen kept saying so until it was closed and opened again)."""
        if not self.is_attached or self._reading is not None:  # (a read under way shows what it finds)
            return
        await self.recompose()
        self._framed()

    def on_unmount(self) -> None:
        # the app's signal holds its subscribers until a theme is next picked: closed
        # without this, every statistics screen stayed in memory (0.3 MB an F3)
        self.app.theme_changed_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._show_texts()
        self.call_after_refresh(self._show_more_below)

    def _muted(self) -> Style:
        """The panel's quieter text (that of "Esc: back to the game"): the notes among the figures
        in it read on the panel in every theme (dimmed, 2.5:1 to 4.2:1 in several themes)."""
        return Style(color=self.query_one("#stats-close", Static).rich_style.color)

    def _show_texts(self) -> None:
        """The figures' texts for the width and the theme now."""
        stats, notes = self._figures
        muted = self._muted()
        self.query_one("#stats-table", Static).update(
            stats_renderable(
                stats,
                notes,
                self._table_width(),
                unusable=self._unusable,
                read_only=self._read_only,
                muted=muted,
                reading=self._reading is not None,
            )
        )
        for heading in self.query("#trend-title").results(Static):
            heading.update(trend_heading(self._frame_room(), muted))
        self.query_one("#stats-recent", Static).update(recent_renderable(self._recent, muted))

    def _frame_room(self) -> int:
        """Columns for words in the frame, a blank one kept before its scroll bar: its border,
        padding and scroll bar (2 columns) and that blank column off the frame's width."""
        return min(self.app.size.width, FRAME_WIDTH) - 7

    def _show_more_below(self) -> None:
        """While the figures go on below the frame, its bottom edge says so and how to get
        there ("more below: ↓/PgDn"; with ASCII suits "more below: Down/PgDn"): the scroll
        bar alone, a mark of two columns, was easily missed."""
        frame = self.query_one("#stats", VerticalScroll)
        if frame.scroll_y < frame.max_scroll_y:
            keys = "Down/PgDn" if gin_of(self.app).ascii_only else "↓/PgDn"
            frame.border_subtitle = f"more below: {keys}"
        else:
            frame.border_subtitle = ""

    def action_scroll(self, step: int) -> None:
        """Scroll by a line."""
        self.query_one("#stats", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        """Back to where the player was."""
        self.dismiss()
