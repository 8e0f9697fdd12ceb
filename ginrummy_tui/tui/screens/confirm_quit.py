"""Asking before quitting in the middle of a hand."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..host import gin_of
from ..widgets.cardfaces import ascii_words
from ..widgets.key_bar import KeyBar
from ..widgets.too_small import TooSmall


class ConfirmQuit(ModalScreen[bool]):
    """Quit now? y (or q again) quits, n or Escape goes back."""

    CSS_PATH = "confirm_quit.tcss"
    BINDINGS = [
        Binding("y,q", "answer(True)", "Quit", key_display="y"),
        Binding("n,escape", "answer(False)", "Back", key_display="n"),
    ]
    """y or q: quit; n or Escape: back to the game."""

    def __init__(self, note: str = "", question: str = "Quit in the middle of the hand?") -> None:
        super().__init__()
        self.note = note
        """What becomes of the match (e.g. that it is saved), under the question."""
        self.question = question
        """The question itself (a practice hand's is worded as one; a seat the host
        refused for good has no hand in play)."""

    def compose(self) -> ComposeResult:
        said = ascii_words if gin_of(self.app).ascii_only else str  # with ASCII suits, "-" for "·"
        yield TooSmall()
        with Vertical(id="confirm"):
            yield Static(said(self.question), id="confirm-text")
            if self.note:
                yield Static(said(self.note), id="confirm-note")
            with Horizontal(id="confirm-buttons"):
                yield Button("Quit (y)", id="yes", variant="error", compact=True)
                yield Button("Back to the game (n)", id="no", variant="primary", compact=True)
        yield KeyBar()  # its own keys, over the table's

    def on_mount(self) -> None:
        self.app.add_class("-asking")  # the notes are not drawn over the question (confirm_quit.tcss)

    def on_unmount(self) -> None:
        self.app.remove_class("-asking")

    def action_answer(self, yes: bool) -> None:
        """Close the question with the answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")
