"""A question with two answers: y (or its button) says yes; n, Escape (or the other button) say no."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from .. import table_text as tt
from ..host import gin_of
from ..key_steps import KeyWords
from ..widgets.key_bar import KeyBar
from .styled_once import StyledOnce


class SaysUnusedKeys:
    """A question's word on a key it has no use for: that it does nothing here, and the keys
    that answer ("'x' does nothing here: y quits, n goes back."), in the line ``#unused-key``
    of its box.  Such a key did nothing and said nothing (Esc and s run together over the
    settings with changes asked whether to leave them, then dropped the s unsaid), where
    every other screen says so."""

    def answer_keys(self) -> str:
        """The keys that answer, and what each does ("y quits, n goes back")."""
        raise NotImplementedError

    def answer_of(self, key: str) -> str | None:
        """The action of the answer ``key`` gives now (its binding in the question's own
        ``BINDINGS``, enabled); None for any other key, Tab and Shift+Tab too, and the keys
        Textual gives every screen (:meth:`GinApp._answer_now` takes the answers as it reads
        them)."""
        assert isinstance(self, Screen)
        active = self.active_bindings.get(key)
        if active is None or active.node is not self or not active.enabled:
            return None
        own = {
            binding.action
            for kind in type(self).__mro__
            if issubclass(kind, SaysUnusedKeys)
            for binding in kind.__dict__.get("BINDINGS", ())
            if isinstance(binding, Binding)
        }
        return active.binding.action if active.binding.action in own else None

    def on_key(self, event: events.Key) -> None:
        assert isinstance(self, Screen)
        # Tab and Shift+Tab answer nothing either: they moved the focus to the other answer,
        # shown only by its label, and ⏎ then left (or quit) where it had gone back
        enabled = {key for key, active in self.active_bindings.items() if active.enabled} - {"tab", "shift+tab"}
        if event.key in enabled:
            return
        unused = tt.unused_key(event.key, event.character, enabled, gin_of(self.app).ascii_only)
        if unused is None:
            return
        event.stop()
        event.prevent_default()
        name, lower = unused
        words = tt.does_nothing(name, lower=lower) if lower else f"{name} does nothing here: {self.answer_keys()}"
        line = self.query_one("#unused-key", Static)
        line.update(words + ".")
        line.add_class("-shown")


class Question(StyledOnce, SaysUnusedKeys, KeyWords, ModalScreen[bool]):
    """Asks ``text``; dismissed with True for yes, False for no.  The key bar says
    each key with its button's words ("y New match  n Keep playing"); a key with no use
    here says so, naming the keys that answer (``answers``: "y leaves without saving, n goes
    back to the settings, where Ctrl+S saves")."""

    CSS_PATH = "question.tcss"
    AUTO_FOCUS = "#no"
    """The answer that loses nothing has the focus first: Enter goes back, it does not quit (or leave)."""
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", key_display="y"),
        Binding("n,escape", "answer(False)", "No", key_display="n"),
    ]
    """y: yes; n or Escape: no."""

    def __init__(self, text: str, yes: str, no: str, *, answers: str = "y or n answers") -> None:
        super().__init__()
        self.text = text
        """The question."""
        self.labels = (yes, no)
        """The buttons' labels, e.g. "New match (y)" and "Keep playing (n)"."""
        self.answers = answers
        """The keys that answer, in words, as a key with no use here names them ("y starts a
        new match, n keeps playing this one, Esc goes back")."""

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Static(self.text, id="question-text")
            with Horizontal(id="question-buttons"):
                yield Button(self.labels[0], id="yes", variant="warning", compact=True)
                yield Button(self.labels[1], id="no", variant="primary", compact=True)
            yield Static(id="unused-key")
        yield KeyBar()  # its own keys, over the table's

    def answer_keys(self) -> str:
        return self.answers

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
