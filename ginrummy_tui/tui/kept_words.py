"""Words on a screen broken into lines at their spaces, never inside a group of them
(:func:`~ginrummy_tui.engine.words.together`: "0.6 s", "hand 1", "gin-tui --data-dir
/tmp/x"): Textual breaks a line at any space, a no-break space too, and left "0.6" at
the end of a line, "s" at the start of the next."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.content import Content

from ginrummy_tui.engine.words import GLUE, apart

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.content import _FormattedLine
    from textual.css.styles import RulesMap
    from textual.css.types import TextAlign, TextOverflow
    from textual.selection import Selection
    from textual.style import Style

_WORD = re.compile(rf"[^ {GLUE}\n]+")
"""A word: what runs between spaces, plain or of a group."""


def line_breaks(text: str, width: int) -> list[int]:
    """Where ``text`` goes on to a new line at ``width`` cells: the index of each space a
    line ends at.  A group whole on a line where it fits one (a new line where the rest of
    the line is too short), else broken between its words as any words; a word longer
    than a line is left to be folded."""
    breaks: list[int] = []
    room = max(1, width)
    start = 0  # the index the line begins at
    words = list(_WORD.finditer(text))
    n = 0
    while n < len(words):
        first = words[n]
        if text[first.start() - 1 : first.start()] == "\n":
            start = first.start()
        # the group: the words joined by no-break spaces, n to m
        m = n
        while m + 1 < len(words) and text[words[m].end() : words[m + 1].start()] == GLUE:
            m += 1
        group = (first.start(), words[m].end())
        pieces = [group] if cell_len(text[slice(*group)]) <= room else [word.span() for word in words[n : m + 1]]
        for begin, end in pieces:
            if begin > start and cell_len(text[start:end]) > room:
                breaks.append(begin - 1)
                start = begin
        n = m + 1
    return breaks


def kept_lines(text: str, width: int) -> str:
    """``text`` with a new line at each of its :func:`line_breaks` at ``width`` cells, and
    the spaces of its groups plain spaces: as long, character for character."""
    chars = list(text)
    for at in line_breaks(text, width):
        chars[at] = "\n"
    return apart("".join(chars))


class KeptWords(Content):
    """Words for a ``Static`` (a question's note, a line of the settings form), broken
    into lines between the groups they hold, never inside one where it fits a line;
    otherwise as Textual lays out a text (its alignment, its style).  As text (``str``)
    its groups' spaces are plain spaces."""

    def _broken(self, width: int) -> Content:
        return Content(kept_lines(self.plain, width), list(self.spans), strip_control_codes=False)

    def __str__(self) -> str:
        return apart(self.plain)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._broken(width - rules.get("line_pad", 0) * 2).get_height(rules, width)

    def _wrap_and_format(
        self,
        width: int,
        align: TextAlign = "left",
        overflow: TextOverflow = "fold",
        no_wrap: bool = False,
        line_pad: int = 0,
        tab_size: int = 8,
        selection: Selection | None = None,
        selection_style: Style | None = None,
        post_style: Style | None = None,
        get_style: Callable[[str | Style], Style] | None = None,
    ) -> list[_FormattedLine]:
        broken = self._broken(width - line_pad * 2)
        extra = {} if get_style is None else {"get_style": get_style}
        return broken._wrap_and_format(
            width,
            align=align,
            overflow=overflow,
            no_wrap=no_wrap,
            line_pad=line_pad,
            tab_size=tab_size,
            selection=selection,
            selection_style=selection_style,
            post_style=post_style,
            **extra,
        )


__all__ = ["KeptWords", "kept_lines", "line_breaks"]
