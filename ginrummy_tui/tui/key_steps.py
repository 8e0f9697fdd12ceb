"""What a screen tells the key bar of its keys, mixed into the screen: the keys of every
step of a turn (:class:`TurnSteps`), so that the key bar says each key the same way at every
step, and the words of the keys where they depend on what the screen asks
(:class:`KeyWords`).  The key bar (``widgets/key_bar.py``) asks the screen it is on."""

from __future__ import annotations

from textual.binding import Binding


class TurnSteps:
    """Mixed into a screen whose keys change with the step of a turn (the table's
    moves) or with the field in hand (the settings' c and q, typed into a number):
    :meth:`turn_steps` tells the key bar the keys of every step, so that it says each
    key's word the same way, on as many rows, at every step while the width stays."""

    def turn_steps(self) -> tuple[frozenset[str], tuple[tuple[Binding, ...], ...]]:
        """The actions of the keys that change with the step, and the bindings of
        those shown at each step of a turn under the rules in play (none here)."""
        return frozenset(), ()


class KeyWords:
    """Mixed into a screen whose keys' words on the key bar depend on what it asks
    (a question's answers): :meth:`key_word` gives the word of a binding."""

    def key_word(self, binding: Binding) -> str:
        """The word the key bar says for ``binding`` (its description here)."""
        return binding.description
