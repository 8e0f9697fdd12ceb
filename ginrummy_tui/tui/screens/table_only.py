"""The table's keys on a screen shown over it that has no use for them (the score
table, the rule sheet, the statistics, the review of a hand, the list of its turns):
instead of doing nothing, silently, they say so and how to go back.

A screen lists :data:`TABLE_ONLY_BINDINGS` at the end of its ``BINDINGS`` (its own
keys come first, and win: ``k`` still scrolls the rule sheet, ``m`` still closes the
list of turns), takes :class:`TableOnly` among its bases for the action, and names
what the keys say there in its ``TABLE_ONLY``.  Nothing here holds the app's or the
session's state.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding
from textual.screen import Screen

from ..widgets.hand import KEYS

TABLE_KEYS = ",".join(
    (
        "t,p,s,d,enter,k,g,b",  # the moves
        "h,l,m,o,r,a",  # a hint, the pile, the turns, the sort; the review and replay of a hand
        "left,right,shift+left,shift+right,less_than_sign,greater_than_sign,comma,full_stop",  # the selection
        ",".join(KEYS),  # a card by its place
    )
)
"""The table's keys (see :class:`~.game_screen.GameScreen`'s bindings), but for Escape."""

TABLE_ONLY_BINDINGS = [Binding(TABLE_KEYS, "table_only", show=False)]
"""The table's keys, to say why they do nothing (see :meth:`TableOnly.action_table_only`)."""


class TableOnly:
    """The action of :data:`TABLE_ONLY_BINDINGS`, for a screen over the table."""

    TABLE_ONLY: ClassVar[str] = "The table's keys do nothing here: Esc goes back."
    """What the table's keys say on this screen."""

    def action_table_only(self) -> None:
        """One of the table's keys: say why it does nothing here."""
        assert isinstance(self, Screen)
        self.notify(self.TABLE_ONLY, timeout=4)


__all__ = ["TABLE_KEYS", "TABLE_ONLY_BINDINGS", "TableOnly"]
