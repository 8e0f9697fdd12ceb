"""Escape and a key typed right after it, as Textual reads them from the terminal.

A terminal sends Alt and a key as Escape then the key, so Escape pressed and a key within
the escape delay after it reach the game as one key.  Textual names Escape and a letter
"alt+s", which the app takes as Escape then s (``app.py``'s ``escaped_key``); the others it
names as no key pressed:

- Escape and a digit, ``-`` or ``=`` are a Mac's Option characters ("£" for Escape then 3,
  "∞" for 5, "º" for 0, "–" for ``-``, "≠" for ``=``: WezTerm sends its Option+digit so);
- Escape and ⏎, Space or a sign other than those (``<``, ``,``, ``?``...) are the key alone,
  the Escape dropped.

:func:`install` hooks Textual's reading of the terminal once per process so that every one
of them is named "alt+" and the key ("alt+3", "alt+minus", "alt+enter", "alt+space",
"alt+less_than_sign"), as a letter is: the app then takes it as Escape then the key, and a
"£" or a "<" typed alone stays what it is.

This relies on Textual's internals, as pinned (textual<9): ``XTermParser`` turning an escape
sequence it does not know into keys with ``_sequence_to_key_events(sequence, alt=True)``, one
character at a time, and its table of sequences, ``ANSI_SEQUENCES_KEYS``, where the Option
characters are.  ``tests/test_fast_keys.py`` feeds the parser to check both.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._xterm_parser import XTermParser

ESC = "\x1b"


def option_sequence(sequence: str) -> bool:
    """Whether ``sequence`` is Escape and a key that Textual reads as a Mac's Option character
    ("\\x1b3", which it gives as "£")."""
    return len(sequence) == 2 and sequence[0] == ESC and isinstance(ANSI_SEQUENCES_KEYS.get(sequence), str)


def with_alt(key: events.Key) -> events.Key:
    """``key`` named as pressed with Alt ("alt+enter"), where its name does not say so already."""
    return key if key.key.startswith("alt+") else events.Key(f"alt+{key.key}", key.character)


_installed = False


def install() -> None:
    """Hook Textual's reading of the terminal (once per process): Escape and a key run together
    are named "alt+" and the key, where ``XTermParser._sequence_to_key_events`` reads them with
    Alt (the sequence not known as a whole) or as an Option character of Textual's table (read
    again here as its second character, with Alt)."""
    global _installed
    if _installed:
        return
    _installed = True
    read = XTermParser._sequence_to_key_events

    def sequence_to_key_events(self: XTermParser, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if option_sequence(sequence):
            sequence, alt = sequence[1], True
        for key in read(self, sequence, alt=alt):
            yield with_alt(key) if alt else key

    XTermParser._sequence_to_key_events = sequence_to_key_events  # type: ignore[method-assign]
