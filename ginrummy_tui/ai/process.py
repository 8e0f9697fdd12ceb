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

The worker ends by itself as soon as the app's process is gone, however it
went (``kill -9``, out of memory, a crash: nothing in the app runs then to
stop it): a thread of the worker waits on the pipe that ``spawn`` leaves
between the two, whose end the app alone holds, and ends the process when
the pipe closes (:func:`_watch_parent`).  Otherwise it would wait for work
for good, on a queue whose writing end it holds itself, and so would
multiprocessing's resource tracker, which ends once neither holds its pipe.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from concurrent.futures import CancelledError, ProcessPoolExecutor
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


PARENT_POLL = 0.5
"""Seconds between two looks at the worker's parent, where no pipe to it can be waited on."""


def _watch_parent(parent_pid: int) -> None:
    """In the worker, as its pool starts it: end this process as soon as the
    app's process (``parent_pid``) is gone, in a thread that waits for it."""
    threading.Thread(target=_end_with_parent, args=(parent_pid,), name="gin-tui-parent-watch", daemon=True).start()


def _end_with_parent(parent_pid: int) -> None:
    """Wait until the app's process ``parent_pid`` is gone, then end this
    worker at once (a search under way is abandoned: nobody waits for it).
    ``spawn`` gives the worker the reading end of a pipe whose writing end the
    app alone holds: it reads as closed the moment the app is gone, however it
    went.  Without one, the worker's parent is looked at every
    :data:`PARENT_POLL` seconds (an orphan is given another parent)."""
    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None
    if sentinel is not None:
        multiprocessing.connection.wait([sentinel])
    else:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_POLL)
    os._exit(0)


def _warm() -> None:
    """In the worker: import the opponents before the first move needs them."""
    import ginrummy_tui.ai.master  # noqa: F401


class ProcessOpponent:
    """``choose(view)`` of the opponent ``level`` with ``seed``, computed in a worker process."""

    def __init__(self, level: str, seed: Any = None) -> None:
        self.level = level
        self.seed = seed
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        """Guards ``_pool`` and ``closed``: a move is asked for in a worker
        thread while the app may close the opponent (a new match replaces it)."""
        self._here: Any = None
        """The opponent in this process, once the worker could not be used."""
        self.closed = False
        """True once closed: it then thinks in the calling thread, never starting a worker again."""

    def _pool_for_move(self) -> ProcessPoolExecutor | None:
        """The worker's pool, started if there is none; None once closed (also
        when closed while it was being started: that pool is stopped at once).
        Raises ``ImportError`` or ``OSError`` when no worker can be started."""
        with self._lock:
            if self.closed or self._pool is not None:
                return None if self.closed else self._pool
        _start_tracker()  # starting a process takes a moment: not under the lock
        pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )
        with self._lock:
            keep = not self.closed and self._pool is None
            if keep:
                self._pool = pool
            current = None if self.closed else self._pool
        if not keep:
            pool.shutdown(wait=False, cancel_futures=True)
            return current
        try:
            pool.submit(_warm)
        except RuntimeError:
            if not self.closed:
                raise
            return None  # closed just now, its pool stopped before the warm-up was handed to it
        return current

    def choose(self, view: PlayerView) -> Action:
        """The opponent's action for ``view`` (blocks the calling thread, not the GIL).

        A worker that dies is replaced once; after a second death, or if no
        worker can be started, the opponent thinks here (the same choice: it is a function of its seed and the view);
        so it does once closed (a move asked for as it was being replaced)."""
        if self._here is None:
            for _ in range(2):
                try:
                    pool = self._pool_for_move()
                except (ImportError, OSError):
                    break  # no worker on this system (no working sem_open, no processes left)
                if pool is None:
                    break  # closed
                try:
                    return pool.submit(_choose, self.level, self.seed, view).result()
                except BrokenProcessPool:
                    self._stop(pool)
                except (RuntimeError, CancelledError):
                    if not self.closed:
                        raise
                    # closed just now: its pool takes no more work, or dropped the move
                    # still waiting for the worker, so the move is thought here
            from ginrummy_tui.ai import get_opponent

            self._here = get_opponent(self.level, self.seed)
        return self._here.choose(view)

    def close(self) -> None:
        """Stop the worker for good (a search under way is abandoned)."""
        with self._lock:
            self.closed = True
        self._stop()

    def _stop(self, pool: ProcessPoolExecutor | None = None) -> None:
        """Stop the worker (a search under way is abandoned); the next move
        starts another.  With ``pool``: only if that is still the worker's."""
        with self._lock:
            current = self._pool
            if current is None or (pool is not None and current is not pool):
                return
            self._pool = None
        current.shutdown(wait=False, cancel_futures=True)
