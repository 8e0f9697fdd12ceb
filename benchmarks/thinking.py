"""Key to frame while the master searches, in a real pseudo-terminal.

    python benchmarks/thinking.py [--keys N] [--think SECONDS]

The app runs in a pseudo-terminal (80x24) against an opponent that, on its
first move, does the master's search over and over for ``--think`` seconds
(the master's own search, on the fixed positions of
``benchmarks/master_positions.py``) before it answers, so that the search is
surely under way while keys are timed.  The player passes the upcard (p);
while the prompt says the computer is thinking, arrow keys (moving the
selection) are written one after the other and the time from each key to
the end of the frame it causes is measured, as ``benchmarks/startup.py``
does.  Twice: with the search in the app's thread worker (how every level
thought before), and in a worker process (how the app runs the master).
Prints the median and the 90th percentile of each, and of the same keys on
the player's own turn just before, with nothing searching, as the floor of
the machine at that moment (target: median <= 50 ms during the search).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.startup import base_env, frame_after_key, read_until, spawn, stop  # noqa: E402


def search_for(seconds: float, view):
    """The master's search, repeated on fixed positions for ``seconds``; then its choice for ``view``."""
    from benchmarks.master_positions import positions
    from ginrummy_tui.ai import get_opponent

    master = get_opponent("master", 1)
    spots = positions(12)
    end = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < end:
        master.choose(spots[i % len(spots)])
        i += 1
    return master.choose(view)


class SearchingOpponent:
    """Searches for ``seconds`` on its first move, in this thread or in a worker process."""

    level = "master"

    def __init__(self, seconds: float, in_process: bool) -> None:
        self.seconds = seconds
        self.pool = None
        if in_process:
            import multiprocessing

            from ginrummy_tui.ai.process import _start_tracker

            _start_tracker()
            self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        self.first = True

    def choose(self, view):
        seconds = self.seconds if self.first else 0.0
        self.first = False
        if self.pool is None:
            return search_for(seconds, view)
        return self.pool.submit(search_for, seconds, view).result()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)


def child(mode: str, seconds: float) -> None:
    """The app, as the pseudo-terminal runs it."""
    from ginrummy_tui.tui.app import make_app

    opponent = SearchingOpponent(seconds, in_process=mode == "process")
    make_app(seed=1, pause=0, opponent=opponent).run()


def measure(mode: str, keys: int, seconds: float, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Key to frame on the player's own turn (nothing searching), then during the search."""
    proc, fd = spawn([sys.executable, __file__, "--child", mode, "--think", str(seconds)], env)
    try:
        read_until(fd, b"or pass (p).")
        idle = [frame_after_key(fd, b"\x1b[C" if k % 2 == 0 else b"\x1b[D") for k in range(keys)]
        os.write(fd, b"p")
        read_until(fd, b"thinking")
        end = time.perf_counter() + seconds * 0.8
        lat = []
        while len(lat) < keys and time.perf_counter() < end:
            lat.append(frame_after_key(fd, b"\x1b[C" if len(lat) % 2 == 0 else b"\x1b[D"))
        # the search really ran and answered: the player is asked to draw next
        read_until(fd, b"from the stock (s", timeout=seconds + 30)
        return idle, lat
    finally:
        stop(proc, fd)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=30, help="key presses timed in each mode (default 30)")
    parser.add_argument("--think", type=float, default=8.0, help="seconds the search lasts (default 8)")
    parser.add_argument("--child", choices=("thread", "process"), help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.child:
        child(opts.child, opts.think)
        return 0
    env = base_env()
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(Path(__file__).resolve().parent.parent), env.get("PYTHONPATH")) if p)
    print(f"key press (arrow) to the end of its frame while the master searches ({opts.think:.0f} s search):")
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("thread", "process"):
            idle, lat = measure(mode, opts.keys, opts.think, {**env, "GIN_TUI_HOME": os.path.join(tmp, mode)})
            for label, xs in ((f"search in a {mode}", lat), ("  nothing searching", idle)):
                xs.sort()
                p90 = xs[max(0, int(len(xs) * 0.9) - 1)]
                print(
                    f"  {label:19}: median {statistics.median(xs) * 1000:6.1f} ms, "
                    f"90th percentile {p90 * 1000:6.1f} ms, {len(xs)} presses"
                )
    print("  (target: median <= 50 ms while the master searches)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
