"""The keeper's writes to the history database, in order, without ever making the game wait.

Each write is tried at once in the thread that asks for it (the app's: a
move, a hint), without waiting: it takes well under a millisecond.  Those
asked for before the database is open are left to the queue's thread, which
opens it (the keeper and the guest's records ask so), without waiting for
it either: opening one that another connection holds may wait.  While
another connection (another ``gin-tui``, ``gin-tui export``...) holds the
database's write lock, the write is not made then
(:class:`~ginrummy_tui.storage.history.Busy`): it waits in the queue, and a
thread of its own tries it again every :data:`RETRY` seconds until the
database is free, the writes asked for meanwhile behind it, in order.  No
lock of the history is held while it waits, so the app goes on reading it
and playing.  :meth:`RecordQueue.flush` waits, for a bounded time, for what
is left (at exit).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

RETRY = 0.1
"""Seconds between two tries of a write while the database is busy."""


@dataclass
class Write:
    """One write of the keeper, waiting for its turn."""

    what: str
    """What it records, as the notes say it: "this hand will be recorded"."""
    run: Callable[[], None]
    """Makes the write without waiting: raises ``Busy`` when the database is busy."""
    key: tuple | None = None
    """Writes with the same key (not None) record the same thing, each as
    much as the one before and more (a match's state after each move): one
    waiting behind the one being tried is replaced by the next."""


class RecordQueue:
    """The writes of one keeper, made in the order asked for, none twice.

    ``on_busy(what, reason)`` is called once when the database is found busy
    (``what``: the waiting write's :attr:`Write.what`), ``on_free()`` once
    the writes that waited are all made, ``on_error(exc)`` for a write that
    failed for another reason (it is dropped: the keeper says so).  They are
    called from the thread that made the write, the app's or the queue's own.
    """

    def __init__(
        self,
        *,
        on_busy: Callable[[str, str], None],
        on_free: Callable[[], None],
        on_error: Callable[[Exception], None],
        retry: float = RETRY,
    ) -> None:
        self.on_busy = on_busy
        self.on_free = on_free
        self.on_error = on_error
        self.retry = retry
        self._cond = threading.Condition()
        self._queue: deque[Write] = deque()
        """The writes not made yet; the first is being tried (by the asking thread or the queue's)."""
        self._thread: threading.Thread | None = None
        self._trying = False
        self._stopped = False
        self.busy: str | None = None
        """Why the database is busy, while a write waits for it (SQLite's words)."""

    def submit(self, write: Write, now: bool = True) -> bool:
        """Make ``write`` now if nothing waits and the database is free, else
        queue it behind the others (never waits).  With ``now=False`` it is
        left to the queue's thread even then: the asking thread does not
        touch the database at all.  True if it was made at once."""
        with self._cond:
            if self._stopped:
                return False
            if not now:
                self._queue.append(write)
                if self._thread is None and not self._trying:
                    self._start_thread()
                return False
            if self._queue:
                last = self._queue[-1]
                if len(self._queue) > 1 and write.key is not None and last.key == write.key:
                    self._queue[-1] = write  # it records all the one it replaces would have
                else:
                    self._queue.append(write)
                return False
            self._queue.append(write)
            self._trying = True
        made = self._try(write)
        with self._cond:
            if made:
                self._queue.popleft()
            self._trying = False
            more = bool(self._queue)
            self._cond.notify_all()
        if more:
            self._start_thread()
        return made

    def _try(self, write: Write) -> bool:
        """Make ``write``; False if the database is busy (it stays first in the queue)."""
        from ginrummy_tui.storage.history import Busy

        try:
            write.run()
        except Busy as busy:
            first = self.busy is None
            self.busy = str(busy)
            if first:
                self.on_busy(write.what, str(busy))
            return False
        except Exception as exc:  # recorded as failed; the game goes on
            self.on_error(exc)
        return True

    def _start_thread(self) -> None:
        with self._cond:
            if self._thread is not None or self._stopped:
                return
            self._thread = threading.Thread(target=self._work, name="gin-tui history writer", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        while True:
            with self._cond:
                if self._stopped or not self._queue or self._trying:  # trying: the asking thread has it
                    self._thread = None
                    self._cond.notify_all()
                    return
                write = self._queue[0]
                self._trying = True
            done = self._try(write)
            with self._cond:
                self._trying = False
                if done:
                    self._queue.popleft()
                    freed = not self._queue and self.busy is not None
                    if freed:
                        self.busy = None
                else:
                    freed = False
                self._cond.notify_all()
                if not done:
                    self._cond.wait(self.retry)  # woken at once by stop()
            if freed:
                self.on_free()

    def pending(self) -> list[str]:
        """What the writes not made yet record (:attr:`Write.what`), in order."""
        with self._cond:
            return [w.what for w in self._queue]

    def settle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the writes asked for so far to be
        made, without stopping (more may be asked for afterwards).  True if
        none is left."""
        with self._cond:
            self._wait(timeout, tries_too=True)
            return not self._queue

    def _wait(self, timeout: float, *, tries_too: bool) -> None:
        """Wait (holding the lock) up to ``timeout`` seconds while writes are
        queued (or, with ``tries_too``, one is being tried), starting the
        thread if it is not running."""
        deadline = time.monotonic() + timeout
        while (self._queue or (tries_too and self._trying)) and not self._stopped:
            if self._thread is None and not self._trying:
                self._start_thread()
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._cond.wait(min(left, self.retry))

    def flush(self, timeout: float) -> list[str]:
        """Wait up to ``timeout`` seconds for the writes not made yet, then
        stop: nothing is tried any more.  Returns what was left unwritten."""
        with self._cond:  # its lock is re-entrant: _start_thread takes it too
            self._wait(timeout, tries_too=False)
            self._stopped = True
            self._cond.notify_all()
            while self._trying:  # a try never waits for the database: it ends at once
                self._cond.wait()
            left_over = [w.what for w in self._queue]
            self._queue.clear()
            return left_over
