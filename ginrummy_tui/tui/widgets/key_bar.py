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
from textual.binding import Binding
from textual.widget import Widget

from ..palette import palette_of
from .too_small import NORMAL_WIDTH


class TurnSteps:
    """Mixed into a screen whose moves' keys change with the step of a turn (the
    table): :meth:`turn_steps` tells the key bar the keys of every step, so that
    it says each key's word the same way at every step while the width stays."""

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


_WHOLE, _ROOMY, _ONE_SPACE, _SHORT = 0, 1, 8, 9
"""Levels of the key bar's words (:meth:`KeyBar.words`): whole; with
``ROOMY_DESCRIPTIONS``; then 2 to 7 with the first 1 to 6 of
``TWO_SPACE_DESCRIPTIONS`` too (two spaces between the keys); whole but one
space between the keys; and that with ``SHORT_DESCRIPTIONS``."""


class KeyBar(Widget):
    """The keys of the current screen and of the app (those with ``show=True``).
    Styled in ``app.tcss`` (it is on every screen)."""

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

    ROOMY_DESCRIPTIONS = {"Back to your match": "Your match"}
    """Descriptions said shorter where the line has no room for them with the keys two spaces
    apart (or one, below 80 columns): the end of a practice hand at 80 columns reads
    "⏎ Your match  r Review  a Replay deal ..." (its line of what the keys do says
    "⏎: your match's hand 2"), not every key squeezed one space apart."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen) -> None:
        self.refresh()

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

    def level(self, pairs: list[tuple[str, str]], width: int) -> int:
        """The first level of words (:meth:`words`) at which ``pairs`` fit ``width``:
        whole words, then the roomy ones, then (with two spaces between the keys,
        from 80 columns) one shorter word after another, then whole words one
        space apart, then the short ones; :data:`_SHORT` where none fits."""
        two = [] if width < NORMAL_WIDTH else list(range(_ROOMY + 1, _ROOMY + 1 + len(self.TWO_SPACE_DESCRIPTIONS)))
        for level in (_WHOLE, _ROOMY, *two, _ONE_SPACE):
            said, gap = self.words(pairs, level, width)
            if self._needed(said, gap) <= width + len(gap):
                return level
        return _SHORT

    def render(self) -> Text:
        width = self.size.width
        entries: list[tuple[str, str, bool, str]] = []  # key display, description, enabled, key
        actions: list[str] = []  # each entry's action
        optional: set[str] = set()  # keys of the entries that go first
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

        def needed() -> int:
            return self._needed([(d, t) for d, t, _e, _k in entries], gap)

        # the words at the first level where the keys of this step, and of every other
        # step of the turn (TurnSteps), fit: a word said shorter at one step is said so
        # at all of them; one space between the keys on a narrow terminal, or where two
        # would leave one out even with the least needed words said shorter
        gap = " " if width < NORMAL_WIDTH else "  "
        if width:
            pairs = [(d, t) for d, t, _e, _k in entries]
            steps = [pairs]
            if isinstance(self.screen, TurnSteps):
                moving, per_step = self.screen.turn_steps()
                common = [pair for pair, action in zip(pairs, actions, strict=True) if action not in moving]
                for step in per_step:
                    steps.append(common + [(self.app.get_key_display(b), b.description) for b in step])
            level = max(self.level(step, width) for step in steps)
            said, gap = self.words(pairs, level, width)
            if level >= _ONE_SPACE and self._needed(said, gap) > width + len(gap):
                said, gap = self.words(pairs, _SHORT, width)
            entries = [(d, t, e, k) for (d, t), (_d, _t, e, k) in zip(said, entries, strict=True)]
        if width:
            # Too little room: leave out the keys that can go first, those that
            # do nothing now, then the ones before the last (Quit), so that
            # Quit is always shown.
            while needed() > width + len(gap) and any(k in optional for _d, _t, _e, k in entries):
                del entries[max(i for i, (_d, _t, _e, k) in enumerate(entries) if k in optional)]
            while needed() > width + len(gap) and any(not e for _d, _t, e, _k in entries):
                last_dimmed = max(i for i, (_d, _t, e, _k) in enumerate(entries) if not e)
                del entries[last_dimmed]
            while needed() > width + len(gap) and len(entries) > 1:
                del entries[-2]

        colours = palette_of(self.app)
        key_style, dimmed = Style(color=colours.key, bold=True), Style(color=colours.dimmed)
        text = Text(no_wrap=True, overflow="crop")
        text.append(" ")
        spans: list[tuple[int, int, str]] = []
        for display, description, enabled, key in entries:
            start = len(text)
            text.append(display, style=key_style if enabled else dimmed)
            text.append(" ")
            text.append(description, style=None if enabled else dimmed)
            spans.append((start, len(text), key))
            text.append(gap)
        self._spans = spans
        return text

    def span(self, key: str) -> tuple[int, int] | None:
        """Where the entry of ``key`` is drawn (first cell, last cell + 1), if shown."""
        self.render()
        for start, end, k in self._spans:
            if k == key:
                return start, end
        return None

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
