"""Asking before quitting in the middle of a hand."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..host import gin_of
from ..kept_words import KeptWords
from ..key_steps import KeyWords
from ..widgets.cardfaces import ascii_words
from ..widgets.even_lines import EvenLines
from ..widgets.key_bar import KeyBar
from ..widgets.too_small import TooSmall
from .question import SaysUnusedKeys
from .styled_once import StyledOnce

MID_HAND = "Quit in the middle of the hand?"
"""The question asked while a hand is in play."""

BACK_TO_GAME = "Back to the game (n)"
"""The answer n over the table: where it goes back to (over another screen, the
question names that one: "Back to the settings (n)", "Back to the scores (n)")."""


class ConfirmQuit(StyledOnce, SaysUnusedKeys, KeyWords, ModalScreen[bool]):
    """Quit now? y (or q again) quits, n or Escape goes back; with changes to
    the settings not saved, s saves them first (:attr:`save_first`); in a
    practice hand of the match in play, m leaves it for the match (:attr:`to_match`)."""

    CSS_PATH = "confirm_quit.tcss"
    AUTO_FOCUS = "#no"
    """The answer that loses nothing has the focus first: Enter goes back, it does not quit (or leave)."""
    BINDINGS = [
        Binding("s", "save_and_quit", "Save and quit", key_display="s"),
        Binding("y,q", "answer(True)", "Quit", key_display="y"),
        Binding("m", "back_to_match", "Match", key_display="m"),
        Binding("n,escape", "answer(False)", "Back", key_display="n"),
    ]
    """s: save the settings' changes and quit (only while there are some); y or q:
    quit; m: leave the practice hand for the match (only in one); n or Escape:
    back to the screen under the question (its button says which)."""

    def __init__(
        self,
        note: str = "",
        question: str = MID_HAND,
        *,
        settings_changed: bool = False,
        practice: bool = False,
        back: str = BACK_TO_GAME,
        home: str = "your match",
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
        self.practice = practice
        """The question is asked in a practice hand of the match in play: it offers
        to leave the practice for the match (m), and says that y quits gin-tui and
        n keeps playing the practice hand."""
        self.home = home
        """What m goes back to in a practice hand, in the player's words: "your match", or
        inside a ``gin-tui --seed N --hand K`` practice, which is no match, "your practice"."""
        self.to_match = False
        """True once the answer is "back to the match" (m): not quitting (the question
        is dismissed with False), the app leaves the practice hand."""
        self.back = back
        """The words of n's button: where n goes back to, the screen the question is
        asked over ("Back to the settings (n)" over the settings: it said "Back to the
        game (n)" there).  With three answers, "Back (n)", which fits beside them."""

    def compose(self) -> ComposeResult:
        said = ascii_words if gin_of(self.app).ascii_only else str  # with ASCII suits, "-" for "·"
        yield TooSmall()
        with Vertical(id="confirm"):
            # on lines of even length, centred: at 46 columns a word stood alone on the last line
            with Center():
                yield EvenLines(said(self.question), id="confirm-text")
            if self.note:
                with Center():
                    # its groups whole ("after hand 1", "gin-tui --data-dir D"): "hand" / "1" were apart
                    yield EvenLines(KeptWords(said(self.note)), id="confirm-note")
            buttons: Vertical | Horizontal
            if self.practice:  # one answer a line: too many, and too long, for one
                buttons = Vertical(id="confirm-buttons", classes="-column")
            else:
                buttons = Horizontal(id="confirm-buttons", classes="-three" if self.settings_changed else "")
            with buttons:
                if self.settings_changed:
                    yield Button("Save and quit (s)", id="save", variant="warning", compact=True)
                quit_words = "Quit gin-tui (y)" if self.practice else "Quit (y)"
                yield Button(quit_words, id="yes", variant="error", compact=True)
                if self.practice:
                    yield Button(f"Back to {self.home} (m)", id="match", variant="warning", compact=True)
                if self.practice:
                    back = "Keep playing this hand (n)"
                else:
                    back = "Back (n)" if self.settings_changed else self.back
                yield Button(back, id="no", variant="primary", compact=True)
            yield Static(id="unused-key")
        yield KeyBar()  # its own keys, over the table's

    def answer_keys(self) -> str:
        """The keys that answer, as a key with no use here names them ("y quits, n goes back")."""
        if self.practice:
            keys = ["y quits gin-tui", f"m goes back to {self.home}", "n keeps playing this hand"]
        else:
            keys = ["y quits", "n goes back"]
        if self.settings_changed:
            keys.insert(0, "s saves the settings and quits")
        return ", ".join(keys)

    def retell(self, question: str, note: str) -> None:
        """Ask ``question`` now, with ``note`` under it: the hand the question spoke of
        ended behind it (the other player's move), so "in the middle of the hand" is no
        longer true."""
        said = ascii_words if gin_of(self.app).ascii_only else str
        self.question = question
        self.query_one("#confirm-text", Static).update(said(question))
        if self.note and note:
            self.query_one("#confirm-note", Static).update(KeptWords(said(note)))
        self.note = note if self.note else self.note

    def on_mount(self) -> None:
        self.app.add_class("-asking")  # the notes are not drawn over the question (confirm_quit.tcss)

    def on_unmount(self) -> None:
        self.app.remove_class("-asking")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """s is a key of the question only while there are settings to save."""
        if action == "save_and_quit":
            return self.settings_changed
        if action == "back_to_match":
            return self.practice
        return True

    def key_word(self, binding: Binding) -> str:
        """n is said as its button says it: "Keep playing" in a practice hand, "Back" otherwise;
        m as what it goes back to: "Match", or in a ``--hand`` practice "Practice"."""
        if binding.action == "answer(False)" and self.practice:
            return "Keep playing"
        if binding.action == "back_to_match" and self.home != "your match":
            return "Practice"
        return binding.description

    def action_answer(self, yes: bool) -> None:
        """Close the question with the answer."""
        self.dismiss(yes)

    def action_save_and_quit(self) -> None:
        """Quit once the settings' changes are saved (the app saves them; if they
        cannot be, the settings screen says why and the game goes on)."""
        self.save_first = True
        self.dismiss(True)

    def action_back_to_match(self) -> None:
        """Leave the practice hand for the match (the app does it): not a quit."""
        self.to_match = True
        self.dismiss(False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save_and_quit()
        elif event.button.id == "match":
            self.action_back_to_match()
        else:
            self.dismiss(event.button.id == "yes")
