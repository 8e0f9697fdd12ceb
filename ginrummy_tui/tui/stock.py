"""The stock: a face-down pile with its count; click it to draw."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from .cardfaces import back_lines, empty_lines


class StockPile(Widget):
    """The stock. Clicking it posts :class:`StockPile.Clicked`."""

    class Clicked(Message):
        """The stock was clicked."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        self.count = 31
        self.active = False

    def set_state(self, count: int, active: bool) -> None:
        """``count`` cards; ``active`` when drawing from it is legal now."""
        self.count, self.active = count, active
        self.set_class(active, "-active")
        self.refresh()

    def render(self) -> Group:
        card = back_lines(5, self.ascii_only) if self.count else empty_lines(5, self.ascii_only)
        side = [
            Text("Stock", style="bold"),
            Text(f"{self.count} card{'s' if self.count != 1 else ''}"),
            Text("s: draw" if self.active else "", style="italic"),
        ]
        return Group(*(card[n] + Text(" ") + side[n] for n in range(3)))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked())
