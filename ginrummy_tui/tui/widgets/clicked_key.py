"""The key a click presses: the key bar's entries and the parts of a line of keys do what
their key does when clicked, through the app, as a key pressed there would."""

from __future__ import annotations

from textual import events
from textual.app import App


class ClickedKey(events.Key):
    """A key pressed by a click on its entry, not on the keyboard: where a screen says
    what happened to it, it says a click ("click again to go on", not "press ⏎ again")."""


ClickedKey.handler_name = events.Key.handler_name
"""Handled as a key (``on_key``), as the key pressed is: Textual names a message's handler
after its class ("on_clicked_key")."""


def press_for_click(app: App[object], key: str) -> None:
    """Press ``key`` for a click, as ``App.simulate_key`` presses it, marked as a click."""
    app.post_message(ClickedKey(key, None))
