"""How the game's messages count things: "1 card", "2 cards"; and which of their words go
together on a line ("0.6 s", "hand 1", "gin-tui --data-dir /tmp/x")."""

from __future__ import annotations


def counted(n: int, what: str) -> str:
    """``n`` and ``what``, one or more of it: "1 decision", "300 hands", "2 matches"."""
    return f"{n} {what}" if n == 1 else f"{n} {what}es" if what.endswith("ch") else f"{n} {what}s"


GLUE = "\u00a0"
"""A space no line of the game's is broken at (a no-break space), between the words of
a group read as one (:func:`together`).  Neither Textual nor Rich keeps it (both break
at any Unicode space): the game's own wrapping does (``tui/kept_words.py`` on the screens,
``tui/note_text.py`` in the notes, ``textwrap`` in the terminal), and puts a plain space
in its place."""


def together(*words: str) -> str:
    """``words`` as one group, kept on one line where it fits one: a number and its unit
    ("0.6 s"), a word and its number ("hand 1", "You 0"), a command ("gin-tui --data-dir
    /tmp/x"); a line was broken inside them ("0.6" / "s", "gin-tui" / "--data-dir /tmp/x")."""
    return " ".join(words).replace(" ", GLUE)


def apart(text: str) -> str:
    """``text`` with the spaces of its groups (:func:`together`) plain spaces again."""
    return text.replace(GLUE, " ")
