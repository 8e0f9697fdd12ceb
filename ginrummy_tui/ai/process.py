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
be started at all (no processes left, or none allowed).

The worker ends by itself as soon as the app's process is gone, however it
went (``kill -9``, out of memory, a crash: nothing in the app runs then to
stop it): a thread of the worker waits on the pipe that ``spawn`` leaves
between the two, whose end the app alone holds, and ends the process when
the pipe closes (:func:`_watch_parent`).  Otherwise it could wait for work
for good, and so would multiprocessing's resource tracker, which ends once
neither holds its pipe.

The work goes to the worker and its answers come back through a pipe
(:class:`WorkerPool`), not through multiprocessing's queues, as a
``ProcessPoolExecutor``'s did: their locks are named semaphores, which
multiprocessing's resource tracker keeps a list of, and a game killed
(``kill -9``, a take-over of a game stopped with Ctrl+Z) left five of them,
which the tracker removed printing "resource_tracker: There appear to be 5
leaked semaphore objects to clean up at shutdown" and a ``warnings.warn``
line into the player's terminal.  A pipe holds no semaphore: the tracker has
nothing to clean up, and says nothing.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from multiprocessing.context import SpawnContext
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


def _serve(connection: multiprocessing.connection.Connection, initializer: Callable[..., None], initargs: tuple) -> None:
    """The worker process: ``initializer(*initargs)``, then each call read from
    ``connection`` answered on it, ``(True, result)`` or ``(False, exception)``,
    until the app's end of the pipe closes."""
    initializer(*initargs)
    while True:
        try:
            fn, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, fn(*args))
        except Exception as error:  # handed to the app's caller, as a pool's future would
            answer = (False, error)
        try:
            connection.send(answer)
        except (EOFError, OSError):
            return
        except Exception as error:  # an answer that cannot be sent (not picklable)
            connection.send((False, RuntimeError(f"the worker's answer could not be sent: {error!r}")))


class WorkerPool:
    """One worker process, handed one call at a time through a pipe: what
    :class:`ProcessOpponent` needs of a ``ProcessPoolExecutor`` (``submit``, which gives a
    future, and ``shutdown``) without its queues, whose named semaphores a killed game left
    to the resource tracker, which printed a warning about them into the terminal.

    A thread of the app hands the calls over in turn and waits for each answer or the
    worker's end: a worker gone (killed, out of memory) fails the call under way and those
    waiting with ``BrokenProcessPool``, and a pool that is broken takes no more; a pool
    shut down takes no more (``RuntimeError``), its waiting calls cancelled, its worker
    ended at once (a search under way is abandoned: its call raises ``CancelledError``)."""

    def __init__(self, context: SpawnContext, initializer: Callable[..., None], initargs: tuple) -> None:
        self._calls: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._shut = False
        self._broken = False
        here, there = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(there, initializer, initargs), name="gin-tui-worker", daemon=True
        )
        try:
            self._process.start()
        except BaseException:
            here.close()
            raise
        finally:
            there.close()  # the worker's end, which it alone holds from now on
        self._connection = here
        threading.Thread(target=self._hand_over, name="gin-tui-worker-calls", daemon=True).start()

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """``fn(*args)`` in the worker, once the calls before it are answered."""
        with self._lock:
            if self._broken:
                raise BrokenProcessPool("the worker process has ended")
            if self._shut:
                raise RuntimeError("cannot schedule new futures after shutdown")
            future: Future[Any] = Future()
            self._calls.put((future, fn, args))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more calls and end the worker (a search under way is abandoned); with
        ``cancel_futures`` the calls still waiting are cancelled (else they fail as the
        worker is gone); with ``wait``, return once the worker has ended."""
        with self._lock:
            self._shut = True
        if cancel_futures:
            for future in self._waiting():
                future.cancel()
        self._calls.put(None)
        if self._process.is_alive():
            self._process.kill()
        if wait:
            self._process.join()

    def _waiting(self) -> list[Future[Any]]:
        """The calls not yet handed to the worker, taken out of the line."""
        taken: list[Future[Any]] = []
        while True:
            try:
                item = self._calls.get_nowait()
            except queue.Empty:
                return taken
            if item is not None:
                taken.append(item[0])

    def _hand_over(self) -> None:
        """The app's thread of the pool: each call handed to the worker in turn, its answer
        (or the worker's end) set on its future; the worker reaped at the end."""
        try:
            while True:
                item = self._calls.get()
                if item is None:
                    return
                future, fn, args = item
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    answered, value = self._call(fn, args)
                except (EOFError, OSError):  # the worker has ended
                    with self._lock:
                        shut = self._shut
                        self._broken = not shut
                    if shut:
                        future.set_exception(CancelledError())
                        return
                    broken = BrokenProcessPool("the worker process ended while it was thinking")
                    future.set_exception(broken)
                    for waiting in self._waiting():
                        if waiting.set_running_or_notify_cancel():
                            waiting.set_exception(broken)
                    return
                except Exception as error:  # the call could not be sent (not picklable)
                    future.set_exception(error)
                    continue
                if answered:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        finally:
            self._connection.close()
            if self._process.is_alive():
                self._process.kill()
            self._process.join()

    def _call(self, fn: Callable[..., Any], args: tuple) -> tuple[bool, Any]:
        """``(True, result)`` or ``(False, exception)`` of ``fn(*args)`` in the worker;
        ``EOFError`` when the worker ends first."""
        self._connection.send((fn, args))
        ready = multiprocessing.connection.wait([self._connection, self._process.sentinel])
        if self._connection not in ready:
            raise EOFError("the worker process has ended")
        answer: tuple[bool, Any] = self._connection.recv()
        return answer


class ProcessOpponent:
    """``choose(view)`` of the opponent ``level`` with ``seed``, computed in a worker process."""

    def __init__(self, level: str, seed: Any = None) -> None:
        self.level = level
        self.seed = seed
        self._pool: WorkerPool | None = None
        self._lock = threading.Lock()
        """Guards ``_pool`` and ``closed``: a move is asked for in a worker
        thread while the app may close the opponent (a new match replaces it)."""
        self._here: Any = None
        """The opponent in this process, once the worker could not be used."""
        self.closed = False
        """True once closed: it then thinks in the calling thread, never starting a worker again."""

    def _pool_for_move(self) -> WorkerPool | None:
        """The worker's pool, started if there is none; None once closed (also
        when closed while it was being started: that pool is stopped at once).
        Raises ``ImportError`` or ``OSError`` when no worker can be started."""
        with self._lock:
            if self.closed or self._pool is not None:
                return None if self.closed else self._pool
        _start_tracker()  # starting a process takes a moment: not under the lock
        pool = WorkerPool(multiprocessing.get_context("spawn"), initializer=_watch_parent, initargs=(os.getpid(),))
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
                    break  # no worker on this system (no processes left, or none allowed)
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

    def _stop(self, pool: WorkerPool | None = None) -> None:
        """Stop the worker (a search under way is abandoned); the next move
        starts another.  With ``pool``: only if that is still the worker's."""
        with self._lock:
            current = self._pool
            if current is None or (pool is not None and current is not pool):
                return
            self._pool = None
        current.shutdown(wait=False, cancel_futures=True)
