"""The discard pile: its top card face up, and the whole pile on request."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from .cardfaces import cards_text, empty_lines, face_lines


class DiscardPile(Widget):
    """The discard pile. Clicking it posts :class:`DiscardPile.Clicked`;
    ``expanded`` also lists the cards under the top one."""

    class Clicked(Message):
        """The discard pile was clicked."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        self.cards: tuple = ()
        self.active = False
        self.hint = ""
        self.expanded = False

    def set_state(self, cards, active: bool, hint: str = "") -> None:
        """The pile (top card last); ``active`` when taking its top card is legal now."""
        self.cards, self.active, self.hint = tuple(cards), active, hint
        self.set_class(active, "-active")
        self.refresh(layout=True)

    def toggle(self) -> None:
        """Show or hide the list of the cards under the top card."""
        self.expanded = not self.expanded
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 3 + (self._list_lines(width) if self.expanded else 0)

    def _list_lines(self, width: int) -> int:
        under = max(0, len(self.cards) - 1)
        per = max(1, (width - 2) // 4)
        return 1 + (under + per - 1) // per if under else 1

    def render(self) -> Group:
        top = self.cards[-1] if self.cards else None
        card = face_lines(top, ascii_only=self.ascii_only) if top is not None else empty_lines(5, self.ascii_only)
        side = [
            Text(f"Discard pile · {len(self.cards)}", style="bold"),
            Text(self.hint, style="italic"),
            Text("l: hide the pile" if self.expanded else "l: show the pile", style="dim"),
        ]
        lines = [card[n] + Text(" ") + side[n] for n in range(3)]
        if self.expanded:
            under = self.cards[:-1]
            if under:
                t = Text("Under it, newest first: ", style="dim")
                t.append_text(cards_text(reversed(under), self.ascii_only))
                lines.append(t)
            else:
                lines.append(Text("Nothing under the top card.", style="dim"))
        return Group(*lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if (event.y == 2 and event.x >= 6) or event.y >= 3:
            # the "show the pile" line and the list itself only show or hide the list
            self.toggle()
            return
        self.post_message(self.Clicked())
