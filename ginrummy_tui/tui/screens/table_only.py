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
anywhere, name it) and yields a :class:`~ginrummy_tui.tui.widgets.table_only_line.TableOnlyLine`
before its key bar (styled in ``widgets/table_only_line.tcss``, which the app loads).  Nothing
here holds the app's or the session's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.screen import Screen

from .. import table_text as tt
from ..host import gin_of
from ..widgets.hand import KEYS
from ..widgets.key_bar import KeyBar
from ..widgets.keys_line import KeysLine
from ..widgets.table_only_line import TableOnlyLine

if TYPE_CHECKING:
    from textual import events

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


__all__ = ["TABLE_KEYS", "TABLE_ONLY_BINDINGS", "TableOnly"]
