"""The table's keys on a screen shown over it that has no use for them (the score
table, the rule sheet, the statistics, the review of a hand, the list of its turns):
instead of doing nothing, silently, they say so and how to go back, in a line of
the screen's own (:class:`TableOnlyLine`, above its key bar).  The keys that work
from anywhere work there too: q asks whether to quit, F2 and F3 open the settings
and the statistics in the screen's place.

A screen lists :data:`TABLE_ONLY_BINDINGS` at the end of its ``BINDINGS`` (its own
keys come first, and win: ``k`` still scrolls the rule sheet, ``m`` still closes the
list of turns), takes :class:`TableOnly` among its bases for the action, names
where it is in its ``PLACE`` (what the table's keys say there, and a key with no use
anywhere, name it), yields a :class:`TableOnlyLine`
before its key bar and lists ``table_only.tcss`` in its ``CSS_PATH``.  Nothing
here holds the app's or the session's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from .. import table_text as tt
from ..host import gin_of
from ..widgets.hand import KEYS
from ..widgets.key_bar import KeyBar
from ..widgets.keys_line import KeysLine

if TYPE_CHECKING:
    from textual import events
    from textual.geometry import Size
    from textual.timer import Timer

TABLE_KEYS = ",".join(
    (
        "t,p,s,d,enter,k,g,b",  # the moves
        "h,l,m,o,r,a",  # a hint, the pile, the turns, the sort; the review and replay of a hand
        "n,space",  # the end of a hand's "go on" (with Enter), for a screen opened over it
        "question_mark,f1,c",  # the rule sheet and the score table, opened from the table alone
        "left,right,shift+left,shift+right,less_than_sign,greater_than_sign,comma,full_stop",  # the selection
        ",".join(KEYS),  # a card by its place
    )
)
"""The table's keys (see :class:`~.game_screen.GameScreen`'s bindings), but for Escape."""

TABLE_ONLY_BINDINGS = [
    Binding(TABLE_KEYS, "table_only", show=False),
    Binding("tab,shift+tab", "table_only", show=False),
    Binding("q", "app.quit_game", show=False),
    Binding("f2", "instead('settings')", show=False),
    Binding("f3", "instead('statistics')", show=False),
]
"""The table's keys, to say why they do nothing (see :meth:`TableOnly.action_table_only`),
and Tab and Shift+Tab with them (they moved the focus off the screen's frame or table, where
nothing showed it, and ↑ ↓ no longer scrolled it or picked a hand, said nothing);
and the keys that work from anywhere, as on the table: q asks whether to quit (as
Ctrl+Q does), F2 and F3 open the settings and the statistics in this screen's place
(:meth:`TableOnly.action_instead`)."""

BACK_LINE = "Esc: back"
"""The last line of every screen shown over the table that has one (the score table, the
list of turns, the statistics, the review of a hand, the rule sheet): one wording of
what Escape does, as its key bar says it ("esc Back", :data:`BACK`); a click on it
goes back too (:func:`back_line`)."""



def back_line(id: str) -> KeysLine:
    """The screen's last line, :data:`BACK_LINE`, which goes back when clicked, as Escape does."""
    line = KeysLine(id=id)
    line.show([(BACK_LINE, "escape")], "")
    return line


BACK = "Back"
"""The key bar's word for Escape on those screens."""

BACK_WORDS = "Esc goes back"
"""What the line says to press to go back, after a key that does nothing there."""

SHOWN_FOR = 4.0
"""Seconds the line saying why stays up (unless a key that does something comes first)."""


class TableOnlyLine(Static):
    """Why the table's keys do nothing on this screen: a line of its own above the key
    bar, clear of the screen's content (a toast, at the top right, covered it), until
    :data:`SHOWN_FOR` seconds pass or a key does something.  Hidden until then; styled
    in ``table_only.tcss``."""

    def __init__(self) -> None:
        super().__init__("", id="table-only")
        self._timer: Timer | None = None
        self._held: list[Widget] = []
        """The screen's boxes held where they were while the line shows (:meth:`_hold_boxes`)."""
        self._held_at: Size | None = None
        """The screen's size when they were held."""

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self._resized)

    def _resized(self, _screen: object) -> None:
        """The screen resized: a box held in place for the line is centred anew (above the line)."""
        if self._held and self.app.size != self._held_at:
            self.release_boxes()

    def say(self, words: str) -> None:
        """Show ``words``, for :data:`SHOWN_FOR` seconds from now, right above the key bar
        (on two rows at 46x21: the line's last row was under its first)."""
        self.update(words)
        self.place()
        if not self.shown:
            self._hold_boxes(words)
        self.add_class("-shown")
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(SHOWN_FOR, self.clear)

    def place(self) -> None:
        """Stand right above the key bar, as many rows up as it takes now (again when it
        takes another number of rows: a resize from 80x24 to 46x21 left the line's last
        row under the key bar's first)."""
        bars = self.screen.query(KeyBar)
        width = self.app.size.width
        self.styles.margin = (0, 0, bars.first().rows_at(width) if bars and width else 1, 0)

    def _hold_boxes(self, words: str) -> None:
        """The screen's box, centred in the rows above the key bar, keeps its place when the line
        comes, where the rows under it leave the line room: centred anew in the rows the line
        leaves, it moved up a row or so, and over the match's result uncovered the result's own
        row of the hand picked under it, a stray copy of the box's row.  A box that needs the
        line's rows gives them up, as before (it is laid out above the line)."""
        screen = self.screen
        if screen.styles.align_vertical != "middle":
            return
        width, height = self.app.size
        bars = screen.query(KeyBar)
        area = height - (bars.first().rows_at(width) if bars and width else 1)  # the rows above the key bar
        rows = len(Text(words).wrap(self.app.console, max(1, width - 2)))  # the line's, within its padding
        for box in screen.children:
            if box is self or not box.display or box.styles.dock != "none" or box.styles.has_rule("layer"):
                continue
            top, tall = box.region.y, box.outer_size.height
            if not tall or tall > area - rows:
                continue  # not laid out, or it needs the line's rows
            moved = (area - tall) // 2 - (area - rows - tall) // 2  # how far it moves up as centred anew
            room = area - rows - tall - (top - moved)  # rows the line leaves under it once it moved
            down = max(0, min(moved, room))
            if down:
                box.styles.offset = (0, down)
                self._held.append(box)
                self._held_at = self.app.size

    def release_boxes(self) -> None:
        """The boxes held in place go where the layout puts them (the line gone, or the screen resized)."""
        for box in self._held:
            box.styles.offset = (0, 0)
        self._held = []

    def clear(self) -> None:
        """Take the line away."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.release_boxes()
        self.remove_class("-shown")

    @property
    def shown(self) -> bool:
        """True while the line is up."""
        return self.has_class("-shown")


class TableOnly:
    """The action of :data:`TABLE_ONLY_BINDINGS`, for a screen over the table."""

    QUIT_BACK: ClassVar[str] = "Back (n)"
    """The quit question's answer n, opened over this screen: where it goes back to."""
    PLACE: ClassVar[str] = "here"
    """Where a key with no use on this screen, nor on the table, does nothing ("in the list of
    turns"), as the line says it: "'x' does nothing in the list of turns: Esc goes back.",
    and the table's keys: "The table's keys do nothing in the list of turns: Esc goes back."."""
    TABLE_WHY: ClassVar[str] = ""
    """Why the table's keys do nothing here, where the place does not say it ("the hand is
    over; ", in the review)."""

    @property
    def table_only_words(self) -> str:
        """What the table's keys say on this screen, from :attr:`PLACE`."""
        return f"The table's keys do nothing {self.PLACE}: {self.TABLE_WHY}{BACK_WORDS}."

    def action_table_only(self) -> None:
        """One of the table's keys: say why it does nothing here, in the screen's line."""
        assert isinstance(self, Screen)
        self.query_one(TableOnlyLine).say(self.table_only_words)

    async def action_instead(self, action: str) -> None:
        """F2 or F3: the app's ``action`` (its settings, its statistics) opens in
        this screen's place (so Esc there goes back to what was under it)."""
        assert isinstance(self, Screen)
        app = self.app
        self.dismiss()
        await app.run_action(action)

    def action_close(self) -> None:
        """Back to what is under this screen (each screen says how)."""
        raise NotImplementedError

    async def on_click(self, event: events.Click) -> None:
        """A click outside the screen's box (the list, the sheet, the figures) goes back, as
        Escape does, as a panel over an app's window closes: a click inside the box does
        what it does there (scrolls, picks a hand; on the rule sheet's F2 and F3, opens the
        settings or the statistics in the screen's place, as the keys do), and one on the key
        bar presses its key."""
        assert isinstance(self, Screen)
        instead = event.style.meta.get("instead")
        if isinstance(instead, str):  # words that open another screen in this one's place
            event.stop()
            await self.action_instead(instead)
            return
        widget, _region = self.get_widget_at(event.screen_x, event.screen_y)
        if widget is self:
            event.stop()
            self.action_close()

    def on_key_bar_rows_changed(self, message: KeyBar.RowsChanged) -> None:
        """The key bar takes another number of rows (a resize): the line stands above it again."""
        assert isinstance(self, Screen)
        message.stop()
        for line in self.query(TableOnlyLine).results(TableOnlyLine):
            line.place()

    def on_key(self, event: events.Key) -> None:
        """A key that does something here (scrolls, closes, opens) takes the line away:
        what it said is no longer news.  (Keys reach the screen before its bindings.)"""
        assert isinstance(self, Screen)
        active = self.active_bindings.get(event.key)
        if active is None:
            self._refuse_unused(event)
            return
        if not active.enabled or active.binding.action == "table_only":
            return
        for line in self.query(TableOnlyLine).results(TableOnlyLine):
            line.clear()

    def _refuse_unused(self, event: events.Key) -> None:
        """A key with no use here, nor on the table (x, Backspace, F5, Ctrl+A): the line says
        it does nothing and how to go back, as the table's keys do (it did nothing, silently,
        where t said "The table's keys do nothing in the list of turns: Esc goes back.").  A
        capital letter whose small one is a key of this screen says that keys are lower case."""
        assert isinstance(self, Screen)
        own = {key for key, active in self.active_bindings.items() if active.binding.action != "table_only"}
        unused = tt.unused_key(event.key, event.character, own, gin_of(self.app).ascii_only)
        if unused is None:
            return
        event.stop()
        event.prevent_default()
        name, lower = unused
        words = tt.does_nothing(name, lower=lower) if lower else f"{name} does nothing {self.PLACE}: {BACK_WORDS}"
        self.query_one(TableOnlyLine).say(words + ".")


__all__ = ["SHOWN_FOR", "TABLE_KEYS", "TABLE_ONLY_BINDINGS", "TableOnly", "TableOnlyLine"]
