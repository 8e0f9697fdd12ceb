"""The line of keys at the bottom: every key that works now, dimmed when its move is not legal.

A light replacement for Textual's ``Footer`` (one widget, one line of text,
redrawn when the screen's bindings change), so that the table starts fast.
Clicking a key does what pressing it does.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget

from ..key_steps import KeyWords, TurnSteps
from ..palette import palette_of
from .clicked_key import press_for_click
from .too_small import NORMAL_WIDTH

_WHOLE, _ROOMY, _ONE_SPACE, _SHORT = 0, 1, 8, 9
"""Levels of the key bar's words (:meth:`KeyBar.words`): whole; with
``ROOMY_DESCRIPTIONS``; then 2 to 7 with the first 1 to 6 of
``TWO_SPACE_DESCRIPTIONS`` too (two spaces between the keys, one below 80
columns); whole but one space between the keys; and that with
``SHORT_DESCRIPTIONS``."""


class KeyBar(Widget):
    """The keys of the current screen and of the app (those with ``show=True``).
    Styled in ``key_bar.tcss`` beside it, which the app loads (it is on every screen)."""

    FIRST_TO_GO = frozenset({"moves"})
    """Ids of bindings left out first when the line is short of room (before
    the keys that do nothing now): the rest are more often needed."""

    SHORT_DESCRIPTIONS = {"Big Gin": "Big"}
    """Descriptions said shorter where the line is short of room even with one space between
    the keys (beside "g Gin", "b Big" is plain): before any key is left out."""

    TWO_SPACE_DESCRIPTIONS = (
        ("Big Gin", "Big"),
        ("Scores", "Pts"),
        ("Moves", "Log"),
        ("Rules", "Help"),
        ("Hint", "Tip"),
        ("Discard", "Throw"),
    )
    """Descriptions said shorter, one after another (the least needed first), where the line
    has no room for its keys two spaces apart from 80 columns: the key stays, the word is
    shorter.  Only where all of them still leave no room are the keys one space apart (with
    their whole words).  The words are chosen for every step of a turn at once
    (:class:`TurnSteps`): a word is said shorter at every step where one step
    needs it, so that a key keeps its name from the draw to the discard while the
    width stays.  So at 80 columns, with Big Gin, every step of a turn says
    "b Big", "m Log" and "c Pts" (the discard step reads "⏎ Discard  k Knock  g Gin
    b Big  o Sort  m Log  h Hint  ? Rules  c Pts  q Quit"), and with --ascii too
    "h Tip", "? Help" and "Enter Throw"."""

    ROOMY_DESCRIPTIONS = {
        "Back to your match": "Your match",
        "Back to your practice": "Your practice",
        "Match result": "Result",
    }
    """Descriptions said shorter where the line has no room for them with the keys two spaces
    apart (or one, below 80 columns): the end of a practice hand at 80 columns reads
    "⏎/Space Your match  r Review  a Replay deal ..." (its line of what the keys do says
    "⏎/Space: your match's hand 2"), and the end of a match's last hand "⏎/Space Result  r
    Review ...  c Scores  q Quit", not every key squeezed one space apart, nor "c Pts" (inside
    a ``--hand`` practice, "Your practice")."""

    MOST_ROWS = 2
    """The rows the key bar may take below 80 columns, where its keys do not fit on one line even
    with the shorter words (at one step of a turn: then at every step): at 46x21 the table's
    step of a discard showed "⏎ Discard k Knock o Sort h Hint q Quit", ?, c and m left out.
    From 80 columns it takes one row."""

    class RowsChanged(Message):
        """The key bar takes another number of rows (its keys changed): the screen over it
        lays its parts out again."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, int, str]] = []  # row, first cell, last cell + 1, key
        self._rows = 1

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen) -> None:
        width = self.size.width
        if width:
            self._note_rows(self.rows_at(width))
        self.refresh()

    def _note_rows(self, rows: int) -> None:
        if rows != self._rows:
            self._rows = rows
            self.refresh(layout=True)
            self.post_message(self.RowsChanged())

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = self.rows_at(width)
        self._note_rows(rows)
        return rows

    def rows_at(self, width: int) -> int:
        """The rows the key bar takes at ``width`` columns with the keys of its screen now
        (over another screen, at least as many as that one's key bar: its keys do not show
        above these)."""
        return max(len(self.key_rows(width)[0]) if width else 1, self._rows_under())

    def _rows_under(self) -> int:
        """The rows of the key bar of the screen under this one's, if this one is over it (a
        modal screen: the score table, the quit question): 1 where there is none."""
        screen = self.screen
        stack = self.app.screen_stack
        if not isinstance(screen, ModalScreen) or screen not in stack:
            return 1
        index = stack.index(screen)
        if index == 0:
            return 1
        bars = stack[index - 1].query(KeyBar)
        return bars.first()._rows if bars else 1

    def words(self, pairs: list[tuple[str, str]], level: int, width: int) -> tuple[list[tuple[str, str]], str]:
        """``pairs`` (key display, description) with their words at ``level``
        (:data:`_WHOLE` to :data:`_SHORT`), and the gap between the keys then."""
        gap = " " if width < NORMAL_WIDTH else "  "
        if level >= _ROOMY:
            pairs = [(d, self.ROOMY_DESCRIPTIONS.get(t, t)) for d, t in pairs]
        if _ROOMY < level < _ONE_SPACE:
            shorter = dict(self.TWO_SPACE_DESCRIPTIONS[: level - _ROOMY])
            pairs = [(d, shorter.get(t, t)) for d, t in pairs]
        if level >= _ONE_SPACE:
            gap = " "
        if level >= _SHORT:
            pairs = [(d, self.SHORT_DESCRIPTIONS.get(t, t)) for d, t in pairs]
        return pairs, gap

    @staticmethod
    def _needed(pairs: list[tuple[str, str]], gap: str) -> int:
        return 1 + sum(cell_len(d) + 1 + cell_len(t) + len(gap) for d, t in pairs)

    def _split(self, pairs: list[tuple[str, str]], gap: str, width: int, rows: int) -> list[int] | None:
        """How many of ``pairs`` each of ``rows`` rows takes (each row starts with a space), the
        rows as even as they can be (at every step of a turn the bar keeps its rows, and its
        keys do not crowd the first); None where they do not fit on that many."""
        if rows == 1 or len(pairs) < 2:
            return [len(pairs)] if self._needed(pairs, gap) <= width + len(gap) else None
        best: tuple[int, int] | None = None  # the wider row's cells, the first row's keys
        for first in range(1, len(pairs)):
            wider = max(self._needed(pairs[:first], gap), self._needed(pairs[first:], gap))
            if wider <= width + len(gap) and (best is None or wider < best[0]):
                best = (wider, first)
        return None if best is None else [best[1], len(pairs) - best[1]]

    def _fits(self, pairs: list[tuple[str, str]], gap: str, width: int, rows: int) -> bool:
        return self._split(pairs, gap, width, rows) is not None

    @staticmethod
    def _levels(width: int) -> tuple[int, ...]:
        """The levels of words tried in turn at ``width``: below 80 columns the keys are one space
        apart at every level (two once the level and the rows are chosen, where they fit so:
        :meth:`key_rows`), and the shorter words come before a key is left out."""
        shorter = tuple(range(_ROOMY + 1, _ROOMY + 1 + len(KeyBar.TWO_SPACE_DESCRIPTIONS)))
        if width < NORMAL_WIDTH:
            return (_WHOLE, _ROOMY, *shorter)
        return (_WHOLE, _ROOMY, *shorter, _ONE_SPACE)

    def level(self, pairs: list[tuple[str, str]], width: int, rows: int = 1) -> int | None:
        """The first level of words (:meth:`words`) at which ``pairs`` fit ``width`` on ``rows``
        rows: whole words, then the roomy ones, then one shorter word after another (with two
        spaces between the keys from 80 columns, then whole words one space apart); None
        where none fits."""
        for level in self._levels(width):
            said, gap = self.words(pairs, level, width)
            if self._fits(said, gap, width, rows):
                return level
        return None

    def _entries(self) -> tuple[list[tuple[str, str, bool, str]], list[str], set[str]]:
        """The keys shown (key display, description, enabled, key), each one's action, and
        the keys of those that go first."""
        entries: list[tuple[str, str, bool, str]] = []
        actions: list[str] = []
        optional: set[str] = set()
        seen_actions: set[str] = set()
        seen_displays: set[str] = set()
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.show or binding.action in seen_actions:
                continue
            display = self.app.get_key_display(binding)
            if display in seen_displays:
                # another key shown as this one (F2 shown as "esc"), whose first key
                # does something else now (Escape closes an open list): said once, by what it does
                continue
            seen_actions.add(binding.action)
            seen_displays.add(display)
            word = self.screen.key_word(binding) if isinstance(self.screen, KeyWords) else binding.description
            entries.append((display, word, active.enabled, key))
            actions.append(binding.action)
            if binding.id in self.FIRST_TO_GO:
                optional.add(key)
        return entries, actions, optional

    def key_rows(self, width: int) -> tuple[list[list[tuple[str, str, bool, str]]], str]:
        """The keys shown at ``width`` columns, row by row (key display, description, enabled,
        key), and the gap between them."""
        entries, actions, optional = self._entries()
        gap = " " if width < NORMAL_WIDTH else "  "
        if not width:
            return [entries], gap
        # the words at the first level where the keys of this step, and of every other
        # step of the turn (TurnSteps), fit: a word said shorter at one step is said so
        # at all of them; one space between the keys on a narrow terminal, or where two
        # would leave one out even with the least needed words said shorter.  Below 80
        # columns, where no level fits them on one row, they take two (at every step), and
        # the keys stand two spaces apart where they fit so at every step on as many rows
        pairs = [(d, t) for d, t, _e, _k in entries]
        steps = [pairs]
        if isinstance(self.screen, TurnSteps):
            moving, per_step = self.screen.turn_steps()
            common = [pair for pair, action in zip(pairs, actions, strict=True) if action not in moving]
            for step in per_step:
                steps.append(common + [(self.app.get_key_display(b), b.description) for b in step])
        most = 1 if width >= NORMAL_WIDTH else self.MOST_ROWS
        last = _SHORT if width >= NORMAL_WIDTH else self._levels(width)[-1]
        level, rows = last, most
        for tried in range(1, most + 1):
            levels = [self.level(step, width, tried) for step in steps]
            if all(found is not None for found in levels):
                level, rows = max(found for found in levels if found is not None), tried
                break
        said, gap = self.words(pairs, level, width)
        if not self._fits(said, gap, width, rows):
            said, gap = self.words(pairs, last, width)
        elif gap == " " and level < _ONE_SPACE and all(
            self._fits(self.words(step, level, width)[0], "  ", width, rows) for step in steps
        ):
            gap = "  "
        entries = [(d, t, e, k) for (d, t), (_d, _t, e, k) in zip(said, entries, strict=True)]

        def fits() -> bool:
            return self._fits([(d, t) for d, t, _e, _k in entries], gap, width, rows)

        # Too little room: leave out the keys that can go first, those that
        # do nothing now, then the ones before the last (Quit), so that
        # Quit is always shown.
        while not fits() and any(k in optional for _d, _t, _e, k in entries):
            del entries[max(i for i, (_d, _t, _e, k) in enumerate(entries) if k in optional)]
        while not fits() and any(not e for _d, _t, e, _k in entries):
            last_dimmed = max(i for i, (_d, _t, e, _k) in enumerate(entries) if not e)
            del entries[last_dimmed]
        while not fits() and len(entries) > 1:
            del entries[-2]
        counts = self._split([(d, t) for d, t, _e, _k in entries], gap, width, rows)
        if counts is None or len(counts) == 1:
            return [entries], gap
        out: list[list[tuple[str, str, bool, str]]] = []
        for count in counts:
            out.append(entries[:count])
            entries = entries[count:]
        return out, gap

    def render(self) -> Text:
        rows, gap = self.key_rows(self.size.width)
        rows = [[] for _ in range(self._rows_under() - len(rows))] + rows  # blank above: the keys stay at the bottom
        colours = palette_of(self.app)
        key_style, dimmed = Style(color=colours.key, bold=True), Style(color=colours.dimmed)
        lines: list[Text] = []
        spans: list[tuple[int, int, int, str]] = []
        for y, entries in enumerate(rows):
            text = Text(no_wrap=True, overflow="crop")
            text.append(" ")
            for display, description, enabled, key in entries:
                start = len(text)
                text.append(display, style=key_style if enabled else dimmed)
                text.append(" ")
                text.append(description, style=None if enabled else dimmed)
                spans.append((y, start, len(text), key))
                text.append(gap)
            lines.append(text)
        self._spans = spans
        out = Text("\n", no_wrap=True, overflow="crop").join(lines)
        return out

    def span(self, key: str) -> tuple[int, int] | None:
        """Where the entry of ``key`` is drawn in its row (first cell, last cell + 1), if shown."""
        self.render()
        for _y, start, end, k in self._spans:
            if k == key:
                return start, end
        return None

    def row_of(self, key: str) -> int | None:
        """The row (from the key bar's top) of the entry of ``key``, if shown."""
        self.render()
        for y, _start, _end, k in self._spans:
            if k == key:
                return y
        return None

    def on_click(self, event: events.Click) -> None:
        for y, start, end, key in self._spans:
            if y == event.y and start <= event.x < end:
                event.stop()
                press_for_click(self.app, key)
                return
