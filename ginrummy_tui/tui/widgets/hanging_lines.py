"""Lines of text drawn with a hanging indent: a line too long for the width goes
on under its words, clear of what it starts with (the hand's log: a turn's
number and the player's name)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.measure import Measurement
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult


class HangingLines:
    """Lines of text, each wrapped to the width it is drawn at with its rows after
    the first under its text, past its first ``indent`` cells (a hanging indent: a
    turn of the hand's log goes on under its words, clear of its number and name)."""

    def __init__(self, rows: list[tuple[Text, int]]) -> None:
        self.rows = rows
        """Each line, with the cells its rows after the first leave blank."""

    @property
    def plain(self) -> str:
        """The lines, unwrapped, one a row."""
        return "\n".join(line.plain for line, _ in self.rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        out = Text(no_wrap=True, overflow="ignore")
        for n, (line, indent) in enumerate(self.rows):
            if n:
                out.append("\n")
            hang = indent if 0 < indent <= width // 2 else 0  # a narrow width: plain wrapping
            head, body = line.divide([hang]) if hang else (Text(), line)
            for i, row in enumerate(body.wrap(console, width - hang)):
                if i:
                    out.append("\n" + " " * hang)
                else:
                    out.append_text(head)
                out.append_text(row)
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((line.cell_len for line, _ in self.rows), default=0)
        return Measurement(min(widest, 1 + max((indent for _, indent in self.rows), default=0)), widest)


class HangingParts:
    """Parts of one line ("Melds [7♣ 8♣ 9♣] [Q♥ Q♦ Q♣]", "Deadwood A♠ A♥ 4♥ 3♣"), each with
    the cells of its label: on one row, ``gap`` cells apart, where they fit the width they
    are drawn at; else each part on its own rows, hanging under its words, clear of its
    label (its rows after the first never under another part's label, nor unlabelled at
    the left edge)."""

    def __init__(self, parts: list[tuple[Text, int]], gap: int = 2) -> None:
        self.parts = parts
        """Each part, with the cells of its label."""
        self.gap = gap

    def _whole(self) -> Text:
        out = Text(no_wrap=True, overflow="ignore")
        for n, (part, _indent) in enumerate(self.parts):
            if n:
                out.append(" " * self.gap)
            out.append_text(part)
        return out

    @property
    def plain(self) -> str:
        """The parts on one row."""
        return self._whole().plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = self._whole()
        if whole.cell_len <= options.max_width:
            yield whole
        else:
            yield HangingLines(self.parts)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = self._whole().cell_len
        return Measurement(min(widest, 1 + max((indent for _, indent in self.parts), default=0)), widest)


__all__ = ["HangingLines", "HangingParts"]
