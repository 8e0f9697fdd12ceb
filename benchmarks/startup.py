"""How fast gin-tui starts and answers keys, in a real pseudo-terminal.

    PYTHONPATH=. python benchmarks/startup.py [--runs N] [--installed]

1. Start-up: the time from starting gin-tui until its first full screen has
   been written (the prompt of the upcard offer is on it), and the same for a
   minimal Textual app that shows one line, in the same run, alternating.
   Prints both medians and their ratio (target: gin-tui <= 1.25x the minimal
   app), for the three ways gin-tui starts:
   - the very first start: an empty data directory (the directories are made,
     there is no settings file and no save yet), ``gin-tui --seed 1``;
   - a new match over a saved one: ``gin-tui --new --seed 1`` on a data
     directory that holds a saved match and its record (the save is set aside);
   - resuming the saved match: ``gin-tui`` with no options, how a player
     usually starts it.
   gin-tui runs as ``python -m ginrummy_tui`` (this checkout, with
   ``PYTHONPATH=.``), or as the installed command with ``--installed``.
2. Key latency: in a running gin-tui, the time from writing a key (the
   arrows, moving the selection) to the end of the frame it causes (the last
   byte before the output goes quiet).  Prints the median and the 90th
   percentile (target: median <= 50 ms).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

MINIMAL = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("minimal app ready")

Minimal().run()
"""

COLS, ROWS = 80, 24


def spawn(argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    """Start ``argv`` on a new pseudo-terminal of COLS x ROWS; returns the process and the master fd."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True, start_new_session=True
    )
    os.close(slave)
    return proc, master


def read_until(fd: int, marker: bytes, timeout: float = 30.0) -> float:
    """Read the terminal's output until ``marker`` shows; the time it showed."""
    buf = b""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            buf += chunk
            if marker in buf:
                return time.perf_counter()
    raise RuntimeError(f"{marker!r} never appeared; output ended with {buf[-400:]!r}")


def drain(fd: int, quiet: float = 0.15) -> None:
    """Read until the output has been quiet for ``quiet`` seconds."""
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            return
        try:
            os.read(fd, 65536)
        except OSError:
            return


def frame_after_key(fd: int, key: bytes, quiet: float = 0.03, timeout: float = 5.0) -> float:
    """Write ``key``; the seconds until the last byte of the frame it causes."""
    drain(fd)
    t0 = time.perf_counter()
    os.write(fd, key)
    last = None
    end = t0 + timeout
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], quiet if last is not None else timeout)
        if not r:
            break
        os.read(fd, 65536)
        last = time.perf_counter()
    if last is None:
        raise RuntimeError("no frame after the key")
    return last - t0


def stop(proc: subprocess.Popen, fd: int) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    os.close(fd)


def gin_tui_command(installed: bool) -> list[str]:
    if not installed:
        return [sys.executable, "-m", "ginrummy_tui"]
    here = Path(sys.executable).parent / "gin-tui"
    return [str(here) if here.exists() else (shutil.which("gin-tui") or "gin-tui")]


def base_env() -> dict[str, str]:
    # As on a player's machine: byte-code caching on (an installed package has
    # its .pyc files), so neither app pays for compiling its modules each run.
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("TEXTUAL_") and k not in ("NO_COLOR", "PYTHONDONTWRITEBYTECODE")
    }
    env.update(TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    return env


def time_start(argv: list[str], marker: bytes, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc, fd = spawn(argv, env)
    try:
        return read_until(fd, marker) - t0
    finally:
        stop(proc, fd)


def side_by_side(label: str, start_gin, env: dict[str, str], runs: int) -> float:
    """Start gin-tui (``start_gin()``, returning its time) and the minimal app
    alternately, ``runs`` times each after one warm-up round that fills the
    disk cache; print both medians and return their ratio."""
    gin_times, min_times = [], []
    for i in range(runs + 1):
        g = start_gin()
        m = time_start([sys.executable, "-c", MINIMAL], b"minimal app ready", env)
        if i:
            gin_times.append(g)
            min_times.append(m)
    g_med, m_med = statistics.median(gin_times), statistics.median(min_times)
    print(f"  {label:<22} median {g_med * 1000:7.1f} ms  (min {min(gin_times) * 1000:.1f})")
    print(f"  minimal Textual app    median {m_med * 1000:7.1f} ms  (min {min(min_times) * 1000:.1f})")
    return g_med / m_med


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="start-ups of each app (default 7)")
    parser.add_argument("--keys", type=int, default=40, help="key presses timed (default 40)")
    parser.add_argument("--installed", action="store_true", help="time the installed gin-tui command")
    opts = parser.parse_args()

    env = base_env()
    gin = gin_tui_command(opts.installed)
    marker = b"or pass (p)."
    with tempfile.TemporaryDirectory() as tmp:
        print(f"start-up to first full screen ({opts.runs} runs each, {COLS}x{ROWS} pty), against a minimal Textual app:")
        # The very first start: a fresh, empty data directory each run.
        homes = (os.path.join(tmp, f"home{i}") for i in range(opts.runs + 1))

        def first_start() -> float:
            return time_start([*gin, "--seed", "1"], marker, {**env, "GIN_TUI_HOME": next(homes)})

        print("the very first start (an empty data directory), gin-tui --seed 1:")
        first = side_by_side("gin-tui --seed 1", first_start, env, opts.runs)
        print(f"  ratio                  {first:.2f}x   (target <= 1.25x)")
        # A new match over a saved one (the save is set aside each time).
        home = {**env, "GIN_TUI_HOME": os.path.join(tmp, "saved")}
        time_start([*gin, "--seed", "2"], marker, home)  # a saved match and its record
        print("a new match over a saved one, gin-tui --new --seed 1:")
        new = side_by_side("gin-tui --new --seed 1", lambda: time_start([*gin, "--new", "--seed", "1"], marker, home), env, opts.runs)
        print(f"  ratio                  {new:.2f}x   (target <= 1.25x)")
        # A player's usual start: the saved match of the last run is resumed.
        print("resuming the saved match, gin-tui with no options:")
        resumed = side_by_side("gin-tui", lambda: time_start(gin, marker, home), env, opts.runs)
        print(f"  ratio                  {resumed:.2f}x   (target <= 1.25x)")

        proc, fd = spawn([*gin, "--seed", "1", "--pause", "0"], {**env, "GIN_TUI_HOME": os.path.join(tmp, "keys")})
        try:
            read_until(fd, b"or pass (p).")
            lat = [frame_after_key(fd, b"\x1b[C" if k % 2 == 0 else b"\x1b[D") for k in range(opts.keys)]
        finally:
            stop(proc, fd)
    lat.sort()
    p90 = lat[int(len(lat) * 0.9) - 1]
    print(f"key press (arrow, moving the selection) to the end of its frame ({len(lat)} presses):")
    print(
        f"  median {statistics.median(lat) * 1000:.1f} ms, 90th percentile {p90 * 1000:.1f} ms   (target median <= 50 ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
