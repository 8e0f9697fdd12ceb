"""The question asked when the settings saved change the rules or the opponent during a
match: start a new match with them now, or keep playing this one (they are used from the
next match).  Styled by the question's ``question.tcss``, as every :class:`Question`."""

from __future__ import annotations

from textual.binding import Binding

from .question import Question


class NewMatchQuestion(Question, inherit_bindings=False):
    """The rules or the opponent changed during a match: start a new match now, or
    keep playing this one?  Asked before anything is saved: y and n save the
    settings, Escape goes back to the form with nothing saved (dismissed with None;
    the key bar says "esc Back")."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", key_display="y"),
        Binding("n", "answer(False)", "No", key_display="n"),
        Binding("escape", "back", "Back", key_display="esc"),
    ]

    def __init__(self, changed: list[str]) -> None:
        what = " and ".join(changed)
        if len(changed) > 1:
            kept = "Neither changes"
        else:  # "The rules never change", "The opponent never changes"
            kept = what[:1].upper() + what[1:] + (" never change" if what == "the rules" else " never changes")
        super().__init__(
            f"You changed {what}. {kept} under a match in progress.\n\n"
            "Start a new match with the new settings now (this match is abandoned), "
            "or keep playing this one and use them from your next match?",
            "New match (y)",
            "Keep playing (n)",
            answers="y starts a new match, n keeps playing this one, Esc goes back",
        )
        self.what = what
        """What changed: "the rules", "the opponent", or both."""

    def action_back(self) -> None:
        """Back to the form, nothing saved."""
        self.dismiss(None)
