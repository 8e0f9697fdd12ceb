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
    """Quit now? y (or q again) quits, n or Escape goes back; with changes to
    the settings not saved, s saves them first (:attr:`save_first`)."""

    CSS_PATH = "confirm_quit.tcss"
    AUTO_FOCUS = "#no"
    """The answer that loses nothing has the focus first: Enter goes back, it does not quit (or leave)."""
    BINDINGS = [
        Binding("s", "save_and_quit", "Save and quit", key_display="s"),
        Binding("y,q", "answer(True)", "Quit", key_display="y"),
        Binding("n,escape", "answer(False)", "Back", key_display="n"),
    ]
    """s: save the settings' changes and quit (only while there are some); y or q:
    quit; n or Escape: back to the game (or to the settings)."""

    def __init__(
        self, note: str = "", question: str = "Quit in the middle of the hand?", *, settings_changed: bool = False
    ) -> None:
        super().__init__()
        self.note = note
        """What becomes of the match (e.g. that it is saved), under the question."""
        self.question = question
        """The question itself (a practice hand's is worded as one; a seat the host
        refused for good has no hand in play)."""
        self.settings_changed = settings_changed
        """The settings screen under the question holds changes not saved: the
        question offers to save them first (s), and n goes back to them."""
        self.save_first = False
        """True once the answer is "save the settings' changes, then quit" (s)."""

    def compose(self) -> ComposeResult:
        said = ascii_words if gin_of(self.app).ascii_only else str  # with ASCII suits, "-" for "·"
        yield TooSmall()
        with Vertical(id="confirm"):
            yield Static(said(self.question), id="confirm-text")
            if self.note:
                yield Static(said(self.note), id="confirm-note")
            with Horizontal(id="confirm-buttons", classes="-three" if self.settings_changed else ""):
                if self.settings_changed:
                    yield Button("Save and quit (s)", id="save", variant="warning", compact=True)
                yield Button("Quit (y)", id="yes", variant="error", compact=True)
                back = "Back (n)" if self.settings_changed else "Back to the game (n)"
                yield Button(back, id="no", variant="primary", compact=True)
        yield KeyBar()  # its own keys, over the table's

    def on_mount(self) -> None:
        self.app.add_class("-asking")  # the notes are not drawn over the question (confirm_quit.tcss)

    def on_unmount(self) -> None:
        self.app.remove_class("-asking")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """s is a key of the question only while there are settings to save."""
        return self.settings_changed if action == "save_and_quit" else True

    def action_answer(self, yes: bool) -> None:
        """Close the question with the answer."""
        self.dismiss(yes)

    def action_save_and_quit(self) -> None:
        """Quit once the settings' changes are saved (the app saves them; if they
        cannot be, the settings screen says why and the game goes on)."""
        self.save_first = True
        self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save_and_quit()
        else:
            self.dismiss(event.button.id == "yes")
