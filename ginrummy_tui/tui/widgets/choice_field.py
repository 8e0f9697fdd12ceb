"""A choice in the settings (a compact ``Select``), whose arrow is ASCII with ASCII suits.

While its list is open the mouse wheel over it scrolls the list or nothing: the
wheel the list cannot take (at its top or bottom, or a list that fits) went on
to the form under it, which scrolled the open list out of sight.

Textual draws a ``Select``'s arrow as ``▼`` (``▲`` while its list is open); with
``--ascii`` they are ``v`` and ``^``, as the rest of the form is ASCII then.

A choice picked from the list is told (:class:`ChoiceField.Picked`) also when it
is the one the field had, for which ``Select.Changed`` never comes: choosing the
preset given with ``--rules`` on the settings form is a choice of the player's.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.message import Message
from textual.widgets import Select, Static

ASCII_ARROWS = ((".down-arrow", "v"), (".up-arrow", "^"))
"""Textual's classes of a ``Select``'s two arrows, and what each shows with ASCII suits."""


class ChoiceField(Select[str]):
    """A compact ``Select`` with a value always chosen; its arrows in ASCII with ``ascii_only``."""

    class Picked(Message):
        """The player picked a choice from the field's list, a new one or the one it had
        (posted before the field's ``Select.Changed``, if any; its value is set by then)."""

        def __init__(self, field: ChoiceField) -> None:
            super().__init__()
            self.field = field

        @property
        def control(self) -> ChoiceField:
            return self.field

    def __init__(self, options: Iterable[tuple[str, str]], value: str, *, ascii_only: bool = False, id: str) -> None:
        super().__init__(options, value=value, allow_blank=False, compact=True, id=id)
        self.ascii_only = ascii_only

    def open_list(self) -> None:
        """Open the list, the focus in it at once: the ``Select`` gives it the focus only at the
        app's next turn, and keys typed with the ⏎ or Space that opened it, in one read of
        the terminal, went to the form (⏎ ↓ ⏎ on the preset moved to the next field, the
        list never seen, the preset left as it was)."""
        self.action_show_overlay()
        self.screen.set_focus(self.query_one("SelectOverlay"), scroll_visible=False)  # the list, Textual's

    def on_mount(self) -> None:
        if self.ascii_only:
            for arrow, glyph in ASCII_ARROWS:
                self.query_one(arrow, Static).update(glyph)

    def on_select_overlay_update_selection(self, event: Message) -> None:
        """A choice picked from the open list (by a click or Enter): the ``Select`` sets
        its value once this returns, and the message posted here comes after that."""
        self.post_message(self.Picked(self))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.expanded:
            event.stop()  # the list has scrolled if it could: the form under it stays

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.expanded:
            event.stop()
