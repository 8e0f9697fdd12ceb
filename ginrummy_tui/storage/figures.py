"""The statistics screen's figures, worked out ahead of time.

F3 should only have to draw: the figures (the record per opponent level and
preset, the last matches, the trend per level) take tens of milliseconds of
SQL on a long history, so they are worked out in a background thread once the
app is up and again after each recorded hand, and kept.

They are kept on a connection of their own (the one the start-up upkeep
checked and imported on, once it is done with it), which then only reads: SQLite's
``PRAGMA data_version`` on it changes whenever any other connection (the
game's recording, the start-up import, another ``gin-tui``) has committed, so
kept figures are used only while nothing has been written since they were
worked out, and otherwise worked out again at once — F3 never shows stale
figures.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ginrummy_tui.storage.files import way_out
from ginrummy_tui.storage.history import History, SharedHistory, db_path, open_history
from ginrummy_tui.storage.stats import Stats

TREND_MATCHES = 30
"""How many of the last matches against each level the trend shows."""
RECENT_MATCHES = 5
"""How many of the last matches are listed."""
CLOSE_WAIT = 0.5
"""Seconds :meth:`ReadyFigures.close` waits for figures being worked out before it leaves
their connection to the thread working them out."""
READER_CACHE_KB = 256
"""The page cache of the connection that works the figures out."""


@dataclass
class Figures:
    """What the statistics screen shows of the history."""

    stats: Stats = field(default_factory=Stats)
    recent: list[dict[str, Any]] = field(default_factory=list)
    """The last matches, newest first (short summaries)."""
    trend: dict[str, list[tuple[int, bool]]] = field(default_factory=dict)
    """Per opponent level, ``(margin, won)`` of its last finished matches, oldest first."""
    unusable: str | None = None
    """Why the history cannot be used, if it cannot (a directory in its place...): nothing is shown."""
    read_only: str | None = None
    """Why the history could only be read, if so ("its folder is read-only"):
    nothing can be recorded in it.  With :attr:`unusable`, why even reading
    it failed and what to do, in a clause."""


def work_out(hist: History) -> Figures:
    """The figures of ``hist`` now (raises :class:`~ginrummy_tui.storage.history.Damaged`)."""
    figures = Figures(hist.stats(), hist.recent(RECENT_MATCHES), hist.trend(TREND_MATCHES))
    figures.stats.left_out = [str(bad) for bad in hist.left_out.values()]  # (the last matches' too)
    return figures


def read_only_figures(root: Path, unusable: str | None) -> Figures:
    """The figures of the history of ``root``, which the game could not open
    to record in it (``unusable``, why; None if there is none yet): read from
    it alone where it cannot be written here (a read-only folder or file, a
    backup copy), as ``gin-tui stats`` reads it; else why it cannot be shown
    and what to do."""
    opening = open_history(root, create=False, reading=True)
    hist = opening.history
    if hist is None:
        if opening.read_only is not None and opening.unusable is not None:
            return Figures(unusable=f"{opening.unusable}; {way_out(opening.path)}", read_only=opening.read_only)
        return Figures(unusable=opening.unusable or (unusable if os.path.lexists(opening.path) else None))
    try:
        figures = work_out(hist)
    finally:
        hist.close()
    figures.read_only = opening.read_only
    return figures


class ReadyFigures:
    """The figures of one data directory's history (``shared``'s), kept up
    to date ahead of time (see the module's description).  Safe to use from
    any thread."""

    def __init__(self, shared: SharedHistory) -> None:
        self.shared = shared
        self.root = shared.root
        self._generation = shared.generation
        self.lock = threading.Lock()
        """Held while figures are worked out (one at a time)."""
        self._flags = threading.Lock()
        """Held only to look at and set :attr:`_scheduled` (never for long: the recording calls in)."""
        self._reader: History | None = None
        self._figures: Figures | None = None
        self._version: int | None = None
        self._scheduled = False
        self._closed = False
        self.worked_out = 0
        """How many times the figures were worked out (for the tests)."""

    def _connection(self) -> History | None:
        if self._generation != self.shared.generation:  # the database was set aside
            self._forget()
            self._generation = self.shared.generation
        if self._reader is None and not self._closed and db_path(self.root).exists():
            self._use(History.connect(self.root))
        return self._reader

    def _use(self, reader: History) -> None:
        # A small page cache: the aggregates read few pages, as quickly
        # from the system's file cache, and the app stays small.
        reader.read(f"PRAGMA cache_size = -{READER_CACHE_KB}")
        self._reader = reader

    def adopt(self, hist: History, generation: int) -> bool:
        """Work the figures out on ``hist`` from now on, a connection opened (to
        the database of the shared history's ``generation``) by the start-up
        upkeep, which is done with it, rather than on one more.  False, and
        ``hist`` is not taken, when there is a connection already, the figures
        are closed, or that database has been set aside since."""
        with self.lock:
            if self._reader is not None or self._closed or generation != self.shared.generation:
                return False
            self._generation = generation
            self._use(hist)
            return True

    def _data_version(self, reader: History) -> int:
        return int(reader.read("PRAGMA data_version")[0][0])

    def ready(self) -> Figures | None:
        """The kept figures if nothing was written since they were worked out
        (a quick look), else None.  Waits while figures are being worked out."""
        with self.lock:
            reader = self._reader
            if reader is None or self._figures is None or self._generation != self.shared.generation:
                return None
            return self._figures if self._data_version(reader) == self._version else None

    def get(self) -> Figures | None:
        """The figures now: the kept ones if still current, else worked out
        at once (and kept).  None when there is no history database.  Raises
        :class:`~ginrummy_tui.storage.history.Damaged` on a damaged one, and
        what opening it raises."""
        with self.lock:
            try:
                reader = self._connection()
                if reader is None:
                    return None
                version = self._data_version(reader)  # before: a write while working out makes them stale
                if self._figures is None or version != self._version:
                    self._figures, self._version = work_out(reader), version
                    self.worked_out += 1
                return self._figures
            finally:
                if self._closed:  # closed meanwhile, not waiting for this (see close)
                    self._forget()

    def refresh_soon(self, delay: float = 0.0) -> None:
        """Bring the figures up to date in a background thread, after ``delay``
        seconds (a recorded hand is often followed by the match's end: one
        thread does both).  Nothing is done if one is already waiting."""
        with self._flags:
            if self._scheduled or self._closed:
                return
            self._scheduled = True
        threading.Thread(target=self._refresh, args=(delay,), name="gin-tui statistics", daemon=True).start()

    def _refresh(self, delay: float) -> None:
        if delay:
            time.sleep(delay)
        with self._flags:
            self._scheduled = False
        with contextlib.suppress(Exception):  # F3 works them out itself, and reports what is wrong
            self.get()

    def _forget(self) -> None:
        if self._reader is not None:
            self._reader.close()
        self._reader, self._figures, self._version = None, None, None

    def close(self) -> None:
        """Close the connection; nothing is worked out any more.  Figures being worked out
        on a history another program holds wait SQLite's busy timeout (10 s): gin-tui's exit
        does not wait for them, whose thread closes the connection once done."""
        with self._flags:
            self._closed = True
        if self.lock.acquire(timeout=CLOSE_WAIT):
            try:
                self._forget()
            finally:
                self.lock.release()
