"""Buttons for the moves that are not a click on a card or a pile (one light widget)."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ..palette import palette_of

BUTTONS = ("take", "pass", "stock", "pile", "discard", "knock", "gin", "big-gin")
"""Every button's name, in the order shown; Knock, Gin and Big Gin stand out."""

GAPS = (2, 1, 1, 1, 1, 1)
"""The spaces between two buttons at each step of :func:`shorter` (the first where they fit)."""


def shorter(label: str, step: int) -> str:
    """``label`` as the action bar draws it at ``step`` (0 to 5, each shorter or as short as the
    one before): the whole label at 0 and 1 (1 with less space between the buttons), then the
    key without its brackets ("Discard 2♥ ⏎"), without "with" ("Knock 2♠ k"), the discard's
    card and key alone ("2♥ ⏎"), and a knock or gin without its card ("Knock k": the deadwood
    line names the card that leaves least, and four buttons with tens, Big Gin's among them,
    need it at 46 columns)."""
    if step >= 2:
        label = re.sub(r" \((\S+)\)$", r" \1", label)
    if step >= 3:
        label = label.replace(" with ", " ")
    if step >= 4:
        label = label.removeprefix("Discard ")
    if step >= 5:
        label = re.sub(r"^(Knock|Gin) \S+ ", r"\1 ", label)
    return label


class ActionBar(Widget):
    """A row of buttons; only those of moves that are legal now are shown.
    Clicking one posts :class:`ActionBar.Pressed` with its name."""

    class Pressed(Message):
        """A button was clicked."""

        def __init__(self, button: str) -> None:
            super().__init__()
            self.button = button
            """The button's name (one of ``BUTTONS``)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.labels: dict[str, str] = {}
        """The buttons shown: name → label (drawn shorter where the whole ones do not fit)."""
        self._shown: dict[str, str] = {}
        self._spans: list[tuple[int, int, str]] = []
        self._hover: str | None = None

    def show(self, labels: dict[str, str]) -> None:
        """Show the buttons named in ``labels`` (name → label), in the usual order."""
        labels = {name: labels[name] for name in BUTTONS if name in labels}
        if labels != self.labels:
            self.labels = labels
            self.refresh()

    def span(self, name: str) -> tuple[int, int] | None:
        """Where the button ``name`` is drawn (first and last cell + 1), if shown."""
        self._layout()
        for start, end, n in self._spans:
            if n == name:
                return start, end
        return None

    def _layout(self) -> None:
        """The labels and places of the buttons at the first step of :func:`shorter` where they
        all fit in the bar's width; none where even the shortest do not (the key bar has their
        keys).  Before the bar is laid out (no width yet) the whole labels."""
        room = self.size.width
        self._spans, self._shown = [], {}
        for step, gap in enumerate(GAPS):
            shown = {name: shorter(label, step) for name, label in self.labels.items()}
            spans, x = [], 0
            for name, label in shown.items():
                width = cell_len(label) + 2
                spans.append((x, x + width, name))
                x += width + gap
            if not room or not spans or spans[-1][1] <= room:
                self._spans, self._shown = spans, shown
                return

    def render(self) -> Text:
        self._layout()
        c = palette_of(self.app)
        button = Style(color=c.button_text, bgcolor=c.button, bold=True)
        strong = Style(color=c.ink, bgcolor=c.green, bold=True)
        hover = Style(color=c.ink, bgcolor=c.gold, bold=True)
        text = Text(no_wrap=True, overflow="crop")
        x = 0
        for start, end, name in self._spans:
            text.append(" " * (start - x))
            style = hover if name == self._hover else strong if name in ("knock", "gin", "big-gin") else button
            text.append(f" {self._shown[name]} ", style=style)
            x = end
        return text

    def _name_at(self, x: int) -> str | None:
        for start, end, name in self._spans:
            if start <= x < end:
                return name
        return None

    def on_click(self, event: events.Click) -> None:
        name = self._name_at(event.x)
        if name is not None:
            event.stop()
            self.post_message(self.Pressed(name))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        name = self._name_at(event.x)
        if name != self._hover:
            self._hover = name
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()
