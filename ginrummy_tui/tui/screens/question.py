"""A question with two answers: y (or its button) says yes; n, Escape (or the other button) say no."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets.key_bar import KeyBar, KeyWords


class Question(KeyWords, ModalScreen[bool]):
    """Asks ``text``; dismissed with True for yes, False for no.  The key bar says
    each key with its button's words ("y New match  n Keep playing")."""

    CSS_PATH = "question.tcss"
    AUTO_FOCUS = "#no"
    """The answer that loses nothing has the focus first: Enter goes back, it does not quit (or leave)."""
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", key_display="y"),
        Binding("n,escape", "answer(False)", "No", key_display="n"),
    ]
    """y: yes; n or Escape: no."""

    def __init__(self, text: str, yes: str, no: str) -> None:
        super().__init__()
        self.text = text
        """The question."""
        self.labels = (yes, no)
        """The buttons' labels, e.g. "New match (y)" and "Keep playing (n)"."""

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Static(self.text, id="question-text")
            with Horizontal(id="question-buttons"):
                yield Button(self.labels[0], id="yes", variant="warning", compact=True)
                yield Button(self.labels[1], id="no", variant="primary", compact=True)
        yield KeyBar()  # its own keys, over the table's

    def key_word(self, binding: Binding) -> str:
        """y and n are said with their buttons' words, less the key ("Leave (y)": "Leave")."""
        if binding.action in ("answer(True)", "answer(False)"):
            label = self.labels[0 if binding.action == "answer(True)" else 1]
            return label.removesuffix(f" ({binding.key_display})")
        return binding.description

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")
