"""The prompt line: what to do now, or why the last move was refused."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from ..palette import palette_of
from .cardfaces import ascii_text

MOST_LINES = 3
"""The lines the prompt line may wrap onto before it has been laid out (a hint of 160
characters after the move clock, at 80 columns); after, as many as the table has below it."""


def refusal_text(reason: str, notice: bool = False) -> str:
    """A refused move's reason as the line shows it: ``"✗ You cannot knock: …. "``
    (a ``notice``, a key that did its work elsewhere, is marked ``→``: as wide)."""
    return f"{'→' if notice else '✗'} {reason[:1].upper()}{reason[1:]}. "


def cut_short(rows: list[Text], width: int, mark: str) -> Text:
    """``rows`` (the lines a text wraps onto, ``width`` columns, as many as there is room
    for) as one text whose last line ends with ``mark`` ("…"; "..." in ASCII), made room
    for: the rest of the text does not show."""
    last = rows[-1].copy()
    last.rstrip()
    if last.cell_len + len(mark) > width:
        last.truncate(max(0, width - len(mark)))
        last.rstrip()
    last.append(mark)
    return Text("\n").join([*rows[:-1], last])


class PromptLine(Static):
    """One line that always says what to do; a refusal shows its reason first."""

    def set_prompt(
        self,
        text: str | Text,
        refusal: str = "",
        *,
        status: str | Text = "",
        wrap: bool = False,
        status_refused: bool = False,
        ascii_only: bool = False,
        notice: bool = False,
        apart: bool = False,
    ) -> None:
        """Show ``status`` (the move clock, the connection; already coloured if a Text), then
        ``refusal`` (the reason a move was refused) if any, then ``text``; with ``wrap``
        (a hint, a reason too long for one line) the text wraps onto as many lines as it
        needs and the table has below it (:attr:`short_of` says how many it lacked; the last
        line shown then ends with "…", "..." with ``ascii_only``).
        ``status_refused``: a move was refused for what ``status`` says (a lost connection),
        so the status is marked as the reason, ``✗`` and red.  ``notice``: ``refusal`` is
        a notice, not a refusal (:meth:`GameScreen.refuse`), marked ``→`` in gold.  ``apart``
        (a hint, with ``wrap``): ``text`` starts a line of its own below the refusal.  With ``ascii_only`` (``--ascii``)
        the line has only ASCII: "Enter" for "⏎", "x" for "✗"... (:func:`.cardfaces.ascii_text`)."""
        colours = palette_of(self.app)
        out = Text()
        if status_refused:
            plain = status.plain if isinstance(status, Text) else status
            out.append(f"✗ {plain}", style=f"bold {colours.red}")
            out.append("  ")
        elif status:
            out.append_text(status.copy() if isinstance(status, Text) else Text(status, style=f"bold {colours.gold}"))
            out.append("  ")
        if refusal:
            told = refusal_text(refusal, notice)
            if apart and text:
                told = told.rstrip() + "\n"
            out.append(told, style=f"bold {colours.gold if notice else colours.red}")
        if (refusal and not notice) or status_refused:
            self.add_class("-refused")
        else:
            self.remove_class("-refused")
        out.append_text(text if isinstance(text, Text) else Text(text))
        out.rstrip()
        if ascii_only:
            out = ascii_text(out)
        if wrap:
            rows = out.wrap(self.app.console, self._width())
            self._set_lines(len(rows))
            if self.short_of:  # more than the table has rows for: its last row says it goes on
                out = cut_short(list(rows)[: self.lines], self._width(), "..." if ascii_only else "…")
        else:
            self._set_lines(1)
        self.plain = out.plain
        self.update(out)

    def _width(self) -> int:
        width = self.content_region.width
        return width if width > 0 else max(1, self.app.size.width - 4)

    def _rows(self) -> tuple[int, int]:
        """The rows the line may take: below its blank line above, and with that blank line
        too (it is the last part of the table, which has nothing else to give way)."""
        parent = self.parent
        if not self._dropped:
            self._margin = self.styles.margin.top  # the style sheet's (none on small screens)
        if not isinstance(parent, Widget) or not self.region.height:
            return MOST_LINES - self._margin, MOST_LINES
        # measured in the last layout, which may be older than the line's own height and margin:
        # the line starts (with no blank line above) below the last part above it, and the parts
        # count from the first one's row (centred on a tall screen, they stand lower while the
        # line is shorter than it will be)
        placed = [w.region for w in parent.children if w is not self and w.region.height]
        top = max((r.bottom for r in placed if r.y < self.region.y), default=parent.content_region.y)
        first = min((r.y for r in placed), default=parent.content_region.y)
        rows = max(1, parent.content_region.bottom - top + max(0, first - parent.content_region.y))
        return max(1, rows - self._margin), rows

    _dropped = False
    _margin = 1

    def _set_lines(self, needed: int) -> None:
        below, rows = self._rows()
        drop = needed > below
        lines = min(needed, rows if drop else below)
        self.short_of = needed - lines
        if (lines, drop) == (self.lines, self._dropped):
            return
        self.lines = lines
        self._dropped = drop
        styles = self.styles
        if lines > 1:
            styles.height = "auto"
            styles.max_height = lines
            styles.text_wrap = "wrap"
        else:
            styles.height = None
            styles.max_height = None
            styles.text_wrap = None
        # more lines than there are rows below the blank line above take that line too
        styles.margin = (0, 0, 0, 0) if drop else None

    short_of: int = 0
    """Lines the text needed and did not get (the table had no more rows below the line)."""

    lines: int = 1
    """How many lines the text takes (more than one only when it may wrap)."""

    plain: str = ""
    """The text shown, without styles."""
