"""Leaving the settings with changes not saved: the question, y or n."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class LeaveSettings(ModalScreen[bool]):
    """The settings were changed and not saved: leave without them?"""

    CSS_PATH = "leave_settings.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Leave", key_display="y"),
        Binding("n,escape", "answer(False)", "Back to the settings", key_display="n"),
    ]
    """y: leave, the changes are lost; n or Escape: back to the form as it was."""

    def compose(self) -> ComposeResult:
        with Vertical(id="leave"):
            yield Static("Your changes to the settings are not saved.\n\nLeave without saving them?")
            with Horizontal(id="leave-buttons"):
                yield Button("Leave (y)", id="leave-yes", variant="warning", compact=True)
                yield Button("Back (n)", id="leave-no", variant="primary", compact=True)

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "leave-yes")
