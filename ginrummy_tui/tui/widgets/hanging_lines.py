"""Lines of text drawn with a hanging indent: a line too long for the width goes
on under its words, clear of what it starts with (the hand's log: a turn's
number and the player's name)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.measure import Measurement
from rich.text import Text

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeAlias

    from rich.console import Console, ConsoleOptions, RenderResult

    # a line of HangingLines or a part of HangingParts: a text, broken at its spaces where
    # it is too long for a row, or its pieces, broken only between them
    Line: TypeAlias = Text | Sequence[Text]


def line_text(line: Text | Sequence[Text]) -> Text:
    """The line on one row: its pieces one space apart."""
    return line if isinstance(line, Text) else Text(" ").join(line)


class HangingLines:
    """Lines of text, each wrapped to the width it is drawn at with its rows after
    the first under its text, past its first ``indent`` cells (a hanging indent: a
    turn of the hand's log goes on under its words, clear of its number and name)."""

    def __init__(self, rows: Sequence[tuple[Line, int]]) -> None:
        self.rows = rows
        """Each line, with the cells its rows after the first leave blank: a text, wrapped at
        its spaces, or its pieces, one space apart, each kept whole on a row where it fits one
        (a meld is not broken between its cards), the first its label when it hangs."""

    @property
    def plain(self) -> str:
        """The lines, unwrapped, one a row."""
        return "\n".join(line_text(line).plain for line, _ in self.rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        out = Text(no_wrap=True, overflow="ignore")
        for n, (line, indent) in enumerate(self.rows):
            if n:
                out.append("\n")
            hang = indent if 0 < indent <= width // 2 else 0  # a narrow width: plain wrapping
            rows: list[Text]
            if isinstance(line, Text):
                head, body = line.divide([hang]) if hang else (Text(), line)
                rows = list(body.wrap(console, width - hang))
            elif hang and line:  # the label, then the pieces after it under their first
                head = line[0] + Text(" " * max(1, hang - line[0].cell_len))
                rows = WholeParts(list(line[1:])).rows(console, width - hang) or [Text()]
            else:
                head, rows = Text(), WholeParts(list(line)).rows(console, width) or [Text()]
            for i, row in enumerate(rows):
                if i:
                    out.append("\n" + " " * hang)
                else:
                    out.append_text(head)
                out.append_text(row)
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((line_text(line).cell_len for line, _ in self.rows), default=0)
        return Measurement(min(widest, 1 + max((indent for _, indent in self.rows), default=0)), widest)


class HangingParts:
    """Parts of one line ("Melds [7♣ 8♣ 9♣] [Q♥ Q♦ Q♣]", "Deadwood A♠ A♥ 4♥ 3♣"), each with
    the cells of its label: on one row, ``gap`` cells apart, where they fit the width they
    are drawn at; else each part on its own rows, hanging under its words, clear of its
    label (its rows after the first never under another part's label, nor unlabelled at
    the left edge)."""

    def __init__(self, parts: Sequence[tuple[Line, int]], gap: int = 2) -> None:
        self.parts = parts
        """Each part (a text, or its pieces kept whole: :class:`HangingLines`), with the cells of its label."""
        self.gap = gap

    def _whole(self) -> Text:
        out = Text(no_wrap=True, overflow="ignore")
        for n, (part, _indent) in enumerate(self.parts):
            if n:
                out.append(" " * self.gap)
            out.append_text(line_text(part))
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


class WholeParts:
    """Parts of a line ("You", "held", "[3♣ 4♣ 5♣ 6♣]", "[7♠ 7♥ 7♦]", "2♦", ...) laid out
    on rows of the width they are drawn at, one space apart, each part whole on one row
    where it fits one: the rows break between the parts, never inside one, where Rich's
    wrapping at spaces broke a meld between its cards ("[3♣ 4♣" / "5♣ 6♣]").  A part
    wider than the width is folded at its spaces, alone on its rows."""

    def __init__(self, parts: list[Text]) -> None:
        self.parts = parts

    @property
    def plain(self) -> str:
        """The parts on one row."""
        return " ".join(part.plain for part in self.parts)

    def rows(self, console: Console, width: int) -> list[Text]:
        """The rows of the parts at ``width`` cells."""
        width = max(1, width)
        rows: list[Text] = []
        row: Text | None = None
        for part in self.parts:
            if part.cell_len > width:  # too wide for any row: on rows of its own
                if row is not None:
                    rows.append(row)
                *whole, row = part.wrap(console, width)
                rows.extend(whole)
            elif row is None:
                row = part.copy()
            elif row.cell_len + 1 + part.cell_len <= width:
                row.append(" ")
                row.append_text(part)
            else:
                rows.append(row)
                row = part.copy()
        if row is not None:
            rows.append(row)
        return rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n", no_wrap=True, overflow="ignore").join(self.rows(console, options.max_width))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((part.cell_len for part in self.parts), default=0)
        return Measurement(widest, sum(part.cell_len for part in self.parts) + max(0, len(self.parts) - 1))


__all__ = ["HangingLines", "HangingParts", "WholeParts"]
