"""An opponent that thinks in a separate process.

The master's search keeps the interpreter busy for up to a second or so; in
a thread of the app it would hold the GIL and starve the UI thread.
:class:`ProcessOpponent` sends each view to one worker process (started on
the first move, with ``spawn`` so that none of the app's threads or terminal
state is copied) and waits for the answer; the waiting thread holds nothing.
The worker keeps one opponent per (level, seed), so the opponent's choices
are the same as in this process.

A worker that dies (killed, or out of memory) is replaced by a new one for
the same view; if that one dies too, the opponent thinks in the calling
thread, so that the game goes on either way; so it does where no worker can
be started at all (a system without a working ``sem_open``).
"""

from __future__ import annotations

import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from typing import Any

from ginrummy_tui.engine import Action, PlayerView

_OPPONENTS: dict[tuple[str, Any], Any] = {}


def _choose(level: str, seed: Any, view: PlayerView) -> Action:
    """In the worker: the choice of the opponent of this level and seed."""
    key = (level, seed)
    opponent = _OPPONENTS.get(key)
    if opponent is None:
        from ginrummy_tui.ai import get_opponent

        opponent = _OPPONENTS[key] = get_opponent(level, seed)
    return opponent.choose(view)


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker with a real standard error.

    The tracker is handed ``sys.stderr.fileno()``; while a Textual app runs,
    ``sys.stderr`` is its print capture, whose ``fileno()`` is -1, and
    starting a process would fail ("bad value(s) in fds_to_keep").  So the
    process's own standard error stands in for the moment of the start."""
    err = sys.stderr
    try:
        usable = err is not None and err.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        resource_tracker.ensure_running()
        return
    sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = err


def _warm() -> None:
    """In the worker: import the opponents before the first move needs them."""
    import ginrummy_tui.ai.master  # noqa: F401


class ProcessOpponent:
    """``choose(view)`` of the opponent ``level`` with ``seed``, computed in a worker process."""

    def __init__(self, level: str, seed: Any = None) -> None:
        self.level = level
        self.seed = seed
        self._pool: ProcessPoolExecutor | None = None
        self._here: Any = None
        """The opponent in this process, once the worker could not be used."""
        self.closed = False
        """True once closed: it then thinks in the calling thread, never starting a worker again."""

    def start(self) -> None:
        """Start the worker now (otherwise the first move starts it)."""
        if self._pool is None:
            _start_tracker()
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            self._pool.submit(_warm)

    def choose(self, view: PlayerView) -> Action:
        """The opponent's action for ``view`` (blocks the calling thread, not the GIL).

        A worker that dies is replaced once; after a second death, or if no
        worker can be started, the opponent thinks here (the same choice: it is a function of its seed and the view);
        so it does once closed (a move asked for as it was being replaced)."""
        if self._here is None:
            for _ in range(2):
                if self.closed:
                    break
                try:
                    self.start()
                except (ImportError, OSError):
                    break  # no worker on this system (no working sem_open, no processes left)
                assert self._pool is not None
                try:
                    return self._pool.submit(_choose, self.level, self.seed, view).result()
                except BrokenProcessPool:
                    self._stop()
            from ginrummy_tui.ai import get_opponent

            self._here = get_opponent(self.level, self.seed)
        return self._here.choose(view)

    def close(self) -> None:
        """Stop the worker for good (a search under way is abandoned)."""
        self.closed = True
        self._stop()

    def _stop(self) -> None:
        """Stop the worker (a search under way is abandoned); the next move starts another."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
