"""The stock: a face-down pile with its count; click it to draw."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import palette_of
from .cardfaces import back_lines, empty_lines


class StockPile(Widget):
    """The stock. Clicking it posts :class:`StockPile.Clicked`."""

    class Clicked(Message):
        """The stock was clicked."""

    ascii_only: reactive[bool] = reactive(False, layout=True)
    """Suits drawn as letters (S H D C) and plain borders; a change redraws the widget."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(StockPile.ascii_only, ascii_only)
        self.count = 31
        self.active = False
        self.big = False

    def set_state(self, count: int, active: bool) -> None:
        """``count`` cards; ``active`` when drawing from it is legal now."""
        self.count, self.active = count, active
        self.set_class(active, "-active")
        self.refresh()

    def set_big(self, big: bool) -> None:
        """Draw a big card (or a normal one)."""
        if big != self.big:
            self.big = big
            self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.card_size[1]

    def _side(self, rows: int) -> list[Text]:
        """The words right of the card, a line each: the title, the count, "s: draw" while
        drawing from it is legal, and blank lines to the card's height."""
        return [
            Text("Stock", style="bold"),
            Text(f"{self.count} card{'s' if self.count != 1 else ''}"),
            Text("s: draw" if self.active else "", style=f"bold {palette_of(self.app).gold}"),
        ] + [Text()] * (rows - 3)

    @property
    def card_size(self) -> tuple[int, int]:
        """The card's columns and rows: big (7x5) or not (5x3)."""
        return (7, 5) if self.big else (5, 3)

    def render(self) -> Group:
        w, h = self.card_size
        card = back_lines(w, self.ascii_only, h, palette_of(self.app)) if self.count else empty_lines(w, self.ascii_only, h)
        side = self._side(h)
        return Group(*(Text.assemble(card[n], " ", side[n]) for n in range(h)))

    def on_click(self, event: events.Click) -> None:
        """A click on the card or on the words beside it draws; one on the blank right of
        the words (the felt up to the discard pile) does nothing, as beside the pile: a
        click that just missed the pile drew a card from the stock, which cannot be undone."""
        event.stop()
        w, h = self.card_size
        if event.x < w or (event.y < h and 0 <= event.x - w - 1 < self._side(h)[event.y].cell_len):
            self.post_message(self.Clicked())
