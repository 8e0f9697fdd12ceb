"""The master's worker process when the game that started it dies hard (``kill -9``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9 of a POSIX process")

GAME = textwrap.dedent(
    """
    import multiprocessing, os, sys, time
    from multiprocessing import resource_tracker
    from ginrummy_tui.ai.process import ProcessOpponent
    from ginrummy_tui.engine import new_game, view

    opponent = ProcessOpponent("master", "seed-1")
    state = new_game(seed=3)
    opponent.choose(view(state, state.current))  # the worker starts, as on the master's first move
    worker = opponent._pool.submit(os.getpid).result()
    print(worker, resource_tracker._resource_tracker._pid, flush=True)
    time.sleep(60)
    """
)


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie nobody reaped has ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return True  # no /proc: it answers, so it runs


def _gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _running(pid):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_worker_and_its_resource_tracker_end_when_the_game_is_killed():
    """After ``kill -9`` of the game the worker (~20 MB) and multiprocessing's
    resource tracker (~12 MB) lived on for good, reparented to pid 1: the worker
    read its call queue, whose writing end it held too, so it never saw the end."""
    _kill_a_game_with_a_worker()


def test_a_game_killed_with_a_worker_leaves_nothing_printed_in_its_terminal():
    """After ``kill -9`` of a game whose master had a worker (or a take-over of one stopped
    with Ctrl+Z, which kills it), multiprocessing's resource tracker, which shares the game's
    standard error (its terminal), removed the semaphores of the worker's queues and printed
    "resource_tracker: There appear to be 5 leaked semaphore objects to clean up at shutdown"
    and a ``warnings.warn`` line under the shell's "Killed".  Nothing is printed now."""
    printed = _kill_a_game_with_a_worker()
    assert printed == "", printed


def _kill_a_game_with_a_worker() -> str:
    """A game whose master has started its worker, killed with ``kill -9``: the worker and
    the resource tracker end within a few seconds; what the three printed on standard error
    (the terminal's, in a real game: the worker and the tracker share it)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    env.pop("PYTHONWARNINGS", None)
    game = subprocess.Popen(
        [sys.executable, "-c", GAME],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    pids: list[int] = []
    try:
        line = game.stdout.readline() if game.stdout else ""
        pids = [int(word) for word in line.split()]
        assert len(pids) == 2, line + (game.stderr.read() if game.stderr else "")
        worker, tracker = pids
        assert _running(worker) and _running(tracker)
        game.send_signal(signal.SIGKILL)
        game.wait(5)
        assert _gone(worker, 4.0), "the worker outlived the game"
        assert _gone(tracker, 4.0), "the resource tracker outlived the game"
        # every process holding the pipe has ended: it reads to its end
        return game.stderr.read() if game.stderr else ""
    finally:
        game.kill()
        game.wait(5)
        for pid in pids:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
