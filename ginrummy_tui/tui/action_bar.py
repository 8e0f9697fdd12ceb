"""Buttons for the moves that are not a click on a card or a pile."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button

BUTTONS = (
    ("take", "Take"),
    ("pass", "Pass (p)"),
    ("stock", "Draw stock (s)"),
    ("pile", "Take from pile (d)"),
    ("discard", "Discard (⏎)"),
    ("knock", "Knock (k)"),
    ("gin", "Gin (g)"),
    ("big-gin", "Big Gin (b)"),
)
"""Every button: its id and default label."""


class ActionBar(Horizontal):
    """A row of buttons; only those of moves that are legal now are shown."""

    def compose(self) -> ComposeResult:
        for name, label in BUTTONS:
            b = Button(label, id=f"act-{name}", compact=True)
            b.can_focus = False
            b.display = False
            yield b

    def show(self, labels: dict[str, str]) -> None:
        """Show the buttons named in ``labels`` (name → label), hide the others."""
        for name, _ in BUTTONS:
            b = self.query_one(f"#act-{name}", Button)
            if name in labels:
                if str(b.label) != labels[name]:
                    b.label = labels[name]
                b.display = True
            else:
                b.display = False
