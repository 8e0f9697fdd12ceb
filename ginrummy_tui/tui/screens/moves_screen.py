"""Every turn of the hand so far, one key (m) away on any terminal; Escape closes it.

(From 150 columns the same lines stand beside the table: the hand's log.)
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..host import ViewChanged, gin_of
from ..table_text import log_text, short_name
from ..widgets.hanging_lines import HangingLines
from ..widgets.key_bar import KeyBar
from ..widgets.table_only_line import TableOnlyLine
from ..widgets.too_small import TooSmall
from .styled_once import StyledOnce
from .table_only import BACK, TABLE_ONLY_BINDINGS, TableOnly, back_line


class MovesScreen(StyledOnce, TableOnly, ModalScreen):
    """The hand's turns in words, kept up to date while it is open (the other
    player may move meanwhile: the app says so with :class:`ViewChanged`)."""

    CSS_PATH = "moves_screen.tcss"
    BINDINGS = [
        Binding("escape,m", "close", BACK, key_display="esc"),
        *TABLE_ONLY_BINDINGS,
    ]
    """Escape (or m again) closes it; the table's other keys say why they do nothing here."""

    QUIT_BACK = "Back to the turns (n)"
    PLACE = "in the list of turns"

    shown: tuple[int, int, int] | None = None
    """The match, hand and number of moves shown."""
    lines = HangingLines([])
    """The turns shown (a long one goes on under its words, clear of its number and name)."""

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="moves-box"):
            yield Static(id="moves-lines")
            yield back_line("moves-close")
        yield TableOnlyLine()
        yield KeyBar()

    at_end = True
    """The list shows its last turn (it opens there): a new size keeps it there (:meth:`_keep_end`)."""

    def on_mount(self) -> None:
        frame = self.query_one("#moves-box", VerticalScroll)
        self.watch(frame, "scroll_y", self._scrolled)
        self.watch(frame, "virtual_size", self._resized)  # a turn more, or a size that wraps them otherwise
        self.watch(frame, "size", self._resized)
        self._follow()

    def on_resize(self) -> None:
        self.call_after_refresh(self._give_way_to_log)
        self.call_after_refresh(self._resized)

    def _scrolled(self) -> None:
        """Scrolled (by the player, or to the end): whether the last turn shows is kept."""
        frame = self.query_one("#moves-box", VerticalScroll)
        self.at_end = frame.scroll_y >= frame.max_scroll_y
        self._show_more()

    def _resized(self) -> None:
        self._keep_end()
        self._show_more()

    def _keep_end(self) -> None:
        """At its last turn, the list stays there when the terminal shrinks (as it opens at
        that size): it stayed at the turn it began with, the last ones below the frame."""
        frame = self.query_one("#moves-box", VerticalScroll)
        if self.at_end and frame.scroll_y < frame.max_scroll_y:
            frame.scroll_end(animate=False, immediate=True)

    def _show_more(self) -> None:
        """Where turns are above or below the frame, its edges say so and how to get there
        ("more above: ↑/PgUp" at the top, "more below: ↓/PgDn" at the bottom; with ASCII
        suits "Up", "Down"): the list opens at its last turn, and at 80x24 its first ones
        and its head were above it with only the scroll bar's mark to show it, as if the
        list began there."""
        frame = self.query_one("#moves-box", VerticalScroll)
        up, down = ("Up", "Down") if gin_of(self.app).ascii_only else ("↑", "↓")
        frame.border_title = f"more above: {up}/PgUp" if frame.scroll_y > 0 else ""
        frame.border_subtitle = f"more below: {down}/PgDn" if frame.scroll_y < frame.max_scroll_y else ""

    async def _give_way_to_log(self) -> None:
        """Where the screen under the list shows the same turns beside it (the table and the
        end of a hand, from ``LOG_FROM`` columns), the list closes, and that screen says
        where they are as m does there: widened to 150 columns, the list stayed open over
        the hand, off-centre."""
        stack = self.app.screen_stack
        if len(stack) < 2 or stack[-1] is not self:
            return
        under = stack[-2]
        if under.has_class("-with-log"):
            self.dismiss()
            await under.run_action("moves")

    def on_view_changed(self, message: ViewChanged) -> None:
        self._follow()

    def _follow(self) -> None:
        """Show the hand as it stands now (unchanged: nothing to do)."""
        gin = gin_of(self.app)
        v = gin.session.view()
        key = (v.match_no, v.hand_no, len(v.history))
        if key == self.shown:
            return
        self.shown = key
        self.lines = log_text(
            v, short_name(gin.session.opponent_name), gin.ascii_only, gin.session.handovers(), say_none=True
        )
        self.query_one("#moves-lines", Static).update(self.lines)
        self.query_one("#moves-box", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss()
