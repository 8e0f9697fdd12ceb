"""A line of what the keys do on a screen ("⏎/Space: the next hand  ·  r: review your play"),
each part of which does what its key does when clicked, as the key bar's keys do."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widgets import Static

from .clicked_key import press_for_click

KeyPart = tuple[str, str | None]
"""A part of the line: its words, and the key a click on them presses (None: words alone,
such as whom the game waits for)."""


class KeysLine(Static):
    """The parts of :meth:`show`, one after another with a separator, or one a line; a click
    on a part presses its key (through the app, as the key bar does), and the part under
    the mouse is underlined, as a part that does something when clicked.  Its colour and
    weight are the screen's (the end of a hand's and the match result's style sheets)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._parts: list[KeyPart] = []
        self._joiner = ""
        self._hover: str | None = None
        self._style = ""

    def show(self, parts: Sequence[KeyPart], joiner: str, style: str = "") -> None:
        """Say ``parts`` joined by ``joiner`` ("  ·  ", or "\\n" for one a line), in ``style``
        over the line's own ("bold red": the match's result after ⏎ was refused)."""
        self._parts = list(parts)
        self._joiner = joiner
        self._style = style
        self._draw()

    @property
    def plain(self) -> str:
        """The line's words, without styles."""
        return self._joiner.join(words for words, _key in self._parts)

    def _draw(self) -> None:
        text = Text(style=self._style)
        for n, (words, key) in enumerate(self._parts):
            if n:
                text.append(self._joiner)
            if key is None:
                text.append(words)
            else:
                text.append(words, style=Style(underline=key == self._hover, meta={"key": key}))
        self.update(text)

    def key_at(self, event: events.MouseEvent) -> str | None:
        """The key of the part under the mouse, if any."""
        key = event.style.meta.get("key")
        return key if isinstance(key, str) else None

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event)
        if key is not None:
            event.stop()
            press_for_click(self.app, key)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self.key_at(event)
        if key != self._hover:
            self._hover = key
            self._draw()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self._draw()
