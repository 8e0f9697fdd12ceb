"""The move clock as the player sees it: fair against the computer, visible everywhere.

Rules with a move timer (``multiplayer-1.5``: 30 s a move) make a player who
runs out of time lose the match.  So that reading the rule sheet or the
scores never costs a match:

* **Against the computer** the clock counts only while the table is in front
  of the player: any screen over it (the rule sheet, the scores, the settings,
  the statistics, the quit question) stops it, and closing that screen starts
  it again where it stood (:class:`MoveClock`).  So does a terminal too small
  to show the table ("Terminal too small"), until the window is big enough,
  and so do Ctrl+Z and a stop from outside (``kill -STOP``), until ``fg``.
* **Over the network** the host's clock keeps running (the other player is
  waiting), so it stays on show over every screen (:class:`ClockBadge`), and
  on the player's own move it says so there at once ("⏱ 25 s for you — your
  move clock runs on while this is open": :func:`runs_on_line`).  A
  seat left empty (Ctrl+Z, a dropped connection) stops it, and so does a
  window too small to show the table: the app tells the host, which counts
  the seat as away until the window is big enough again.
* At 10 s and at 5 s left the line changes colour and the terminal bell rings
  once (:class:`Warnings`); from 5 s it says in words what is at stake ("⏱ 5 s
  left, or you lose the match"), which the colour alone did not (under NO_COLOR,
  nothing changed but the figure).

The time source is injectable (``now``), so tests drive the clock by hand.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.widgets import Static

from .palette import DEFAULT, Palette, readable_on

WARN_AT = (10, 5)
"""Seconds left at which the player is warned (colour and bell)."""


def calm_style(palette: Palette = DEFAULT) -> str:
    """The clock with time to spare (and stopped): gin-gold."""
    return f"bold {palette.gold}"


def warn_style(palette: Palette = DEFAULT) -> str:
    """The clock from 10 s left: gin-ink on gin-warn."""
    return f"bold {palette.ink} on {palette.warn}"


def urgent_style(palette: Palette = DEFAULT) -> str:
    """The clock from 5 s left: gin-urgent-text on gin-urgent."""
    return f"bold {palette.urgent_text} on {palette.urgent}"


WARN = warn_style()
URGENT = urgent_style()
"""The clock's styles with the default values of the theme variables."""


@dataclass(frozen=True)
class Reading:
    """The clock at one moment of the player's turn."""

    left: float
    """Seconds left (0 when the time is up)."""
    limit: int
    """Seconds a move."""
    running: bool
    """False while it is stopped (a screen covers the table in play against the computer)."""
    warn: int | None = None
    """The warning just reached (10 or 5), once; None otherwise."""

    @property
    def expired(self) -> bool:
        return self.left <= 0

    @property
    def seconds(self) -> int:
        """The whole seconds shown (rounded up: "1 s" until the very end)."""
        return max(0, math.ceil(self.left))


def clock_style(left: float, palette: Palette = DEFAULT) -> str:
    """The colour of the clock: calm, then a warning from 10 s, urgent from 5 s."""
    if left <= WARN_AT[1]:
        return urgent_style(palette)
    if left <= WARN_AT[0]:
        return warn_style(palette)
    return calm_style(palette)


class Warnings:
    """Which of the warnings (10 s, 5 s) a turn has had: each is given once."""

    def __init__(self) -> None:
        self.key: object = None
        self.given: set[int] = set()

    def reached(self, key: object, left: float, limit: int) -> int | None:
        """The warning reached now for the turn ``key`` (None if none is new)."""
        if key != self.key:
            self.key = key
            # a turn that starts below a mark (a short limit) is not warned for it
            self.given = {w for w in WARN_AT if w >= limit}
        new = [w for w in WARN_AT if left <= w and w not in self.given]
        self.given.update(new)
        return min(new) if new else None


class MoveClock:
    """The player's move clock in play against the computer.

    :meth:`update` is called often (four times a second) with the moment of
    the game (``key``: a new key is a new turn, with the full time), whether
    it is the player's turn, and whether a screen covers the table; the time
    counts only while it is the player's turn and nothing covers the table.
    """

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.key: object = None
        self.left = 0.0
        self._since: float | None = None
        self.warnings = Warnings()

    def update(self, key: object, limit: int | None, my_turn: bool, covered: bool) -> Reading | None:
        """The clock now (None when no clock runs: no timer, or not the player's turn).

        The time since the last update counts if the table was uncovered then;
        ``covered`` says how it is from now on."""
        if not limit or not my_turn:
            self.key = None
            self._since = None
            return None
        t = self.now()
        if key != self.key:
            self.key = key
            self.left = float(limit)
            self._since = None
        if self._since is not None:
            self.left -= t - self._since
        self._since = None if covered else t
        self.left = max(0.0, self.left)
        warn = self.warnings.reached(key, self.left, limit) if not covered else None
        return Reading(self.left, limit, running=not covered, warn=warn)

    def skip_time_away(self) -> None:
        """The game was stopped from outside (``kill -STOP``, a debugger) and is running
        again: the time since the last update, the stop's, does not count, as the time
        away after Ctrl+Z does not (the player could not move)."""
        if self._since is not None:
            self._since = self.now()

    def resume(self, key: object, left: float) -> None:
        """Carry on the turn ``key`` with ``left`` seconds: a resumed match's move
        has the time it had left when the player quit."""
        self.key = key
        self.left = left
        self._since = None

    def record(self, key: tuple[int, ...]) -> dict[str, Any] | None:
        """The time left of the turn ``key`` for the save (``{"turn": [...], "left": s}``),
        or None when the clock is not on that turn."""
        if key != self.key:
            return None
        return {"turn": list(key), "left": round(self.left, 1)}


def clock_text(reading: Reading, palette: Palette = DEFAULT) -> Text:
    """The clock as a line: "⏱ 12 s to move", coloured by how little is left; from the
    last warning (5 s) what running out costs: "⏱ 5 s left, or you lose the match"."""
    if not reading.running:
        return Text(f"⏸ {reading.seconds} s to move — the clock waits while this is open", style=calm_style(palette))
    if reading.left <= WARN_AT[1]:
        return Text(f"⏱ {reading.seconds} s left, or you lose the match", style=clock_style(reading.left, palette))
    return Text(f"⏱ {reading.seconds} s to move", style=clock_style(reading.left, palette))


BADGE_PADDING = 2
"""The columns of :class:`ClockBadge`'s padding, both sides together (``move_clock.tcss``)."""

RUNS_ON = "your move clock runs on while this is open"
"""What a screen over a network table says of the player's own move clock, which does not wait."""


def runs_on_line(left: float, room: int, ascii_only: bool = False) -> str:
    """The player's own move clock over the network, at the top of a screen that covers
    the table: the time left as the table's line says it ("⏱ 25 s for you"; from 5 s
    what is at stake), and that it runs on while the screen is open, the longest form
    that fits ``room`` columns (with ``ascii_only``, as ASCII shows it): down to 46
    columns the running on is said.  (Against the computer the clock waits instead:
    :func:`clock_text`.)"""
    from rich.cells import cell_len

    from .widgets.cardfaces import ascii_words

    seconds = int(left + 0.999)  # as the table's line says it
    if left <= WARN_AT[1]:
        forms = (
            f"⏱ {seconds} s for you, or you lose the match — {RUNS_ON}",
            f"⏱ {seconds} s for you, or you lose the match — it runs on while this is open",
            f"⏱ {seconds} s, or you lose the match — it runs on while this is open",
            f"⏱ {seconds} s, or you lose the match — it runs on",
        )
    else:
        forms = (
            f"⏱ {seconds} s for you — {RUNS_ON}",
            f"⏱ {seconds} s for you — it runs on while this is open",
            f"⏱ {seconds} s for you — runs on while this is open",
            f"⏱ {seconds} s for you — it runs on",
        )
    return next((form for form in forms if cell_len(ascii_words(form) if ascii_only else form) <= room), forms[-1])


def on_ground(line: Text, ground: str) -> Text:
    """``line`` with its colour readable on ``ground`` where it has no ground of its own (the calm
    and the stopped clock: gold on a light theme's ground was 1.1:1); the warnings keep theirs."""
    style = Style.parse(line.style) if isinstance(line.style, str) else line.style
    if style.color is None or style.bgcolor is not None or style.color.triplet is None:
        return line
    shown = line.copy()
    if Color.parse(ground).ansi is not None:
        # the terminal's own ground, light or dark as it pleases: the terminal's own text
        shown.style = style + Style(color="default")
    else:
        shown.style = style + Style(color=readable_on(style.color.triplet.hex, ground))
    return shown


class ClockBadge(Static):
    """The move clock (or the network line) at the top of a screen that covers the table
    (styled in ``move_clock.tcss`` beside this module, which the app loads)."""

    def __init__(self, line: Text | None = None) -> None:
        super().__init__(line or "")
        self.line = line or Text()
        self.text = self.line.plain
        """The text shown, without styles (for tests)."""

    def on_mount(self) -> None:
        self.show(self.line)  # in ASCII, where the app draws in ASCII
        # another theme, another ground: the line is coloured for it
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.show(self.line))

    def on_unmount(self) -> None:
        # the app's signal holds its subscribers until a theme is next picked: without
        # this, every screen closed with the clock at its top stayed in memory
        self.app.theme_changed_signal.unsubscribe(self)

    def show(self, line: Text) -> None:
        """Show ``line`` (hidden when it is empty); with ``--ascii`` in ASCII
        ("Paused 28 s to move - the clock waits...")."""
        from .host import gin_of
        from .widgets.cardfaces import ascii_text

        self.line = line
        if self.is_attached and gin_of(self.app).ascii_only:
            line = ascii_text(line)
        if self.is_attached:
            line = on_ground(line, self.app.theme_variables.get("background", "ansi_default"))
        self.text = line.plain
        self.update(line)
        self.display = bool(line.plain)


__all__ = [
    "BADGE_PADDING", "RUNS_ON", "WARN_AT", "ClockBadge", "MoveClock", "Reading", "Warnings", "clock_style", "clock_text", "runs_on_line",
]
