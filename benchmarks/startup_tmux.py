"""Start-up measured from outside, in a real terminal (tmux): the time from
launching gin-tui until its first full table is on the screen.

    python benchmarks/startup_tmux.py [--runs N] [--size 80x24] [--installed | --checkout DIR]

For each of the three ways gin-tui starts, it launches gin-tui in a detached
tmux session (one tmux server of its own for the whole run) and polls the
screen with ``capture-pane`` until the whole table is there: the hand's ten
card tops, the prompt of the upcard offer and the key bar at the bottom.  In
the same run, alternating with it, it launches a minimal Textual app (one
line) the same way and waits for that line.  A warm-up round of each (not
counted) fills the disk cache; the checkout's byte-code is written before
(as installing the package writes it), and each app gets only the same few
environment variables (the terminal's, the locale, the path).  It prints both
medians and their ratio (target: gin-tui <= 1.25x the minimal app):

- the very first start: a data directory that does not exist yet (gin-tui
  makes the directories; no settings, no save), ``gin-tui --seed 1``;
- a new match over a saved one: ``gin-tui --new --seed 1`` on a data
  directory holding a saved match (set aside each time);
- resuming the saved match: ``gin-tui`` with no options, how a player
  usually starts it.

gin-tui runs as ``python -m ginrummy_tui`` from this checkout, or from the
checkout ``--checkout DIR`` (to compare two versions in turn), or as the
installed command with ``--installed``.  Each gin-tui is ended with a
hang-up (its tmux session killed: it saves and exits) and the next launch
waits until it is gone.  The screen is read with one ``tmux capture-pane``
after another, 5 ms apart; that resolution and cost are the same for both
apps.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MINIMAL = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("minimal app ready")

Minimal().run()
"""


POLL = 0.005
"""Seconds between two looks at the screen (each look is a tmux client started:
without a pause the looking would take a core of the two the apps share)."""

CARD_TOP = re.compile(r"[┌╔][1-9\-0][─═]")


def full_table(screen: str) -> bool:
    """The whole first table of a match at the upcard offer is on screen."""
    tops = len(CARD_TOP.findall(screen))  # the hand's cards, each with its key (melded ones doubly outlined)
    return tops == 10 and "or pass (p)" in screen and "q Quit" in screen


def minimal_ready(screen: str) -> bool:
    return "minimal app ready" in screen


class Terminal:
    """A tmux server of its own; each launch is a new detached session on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.socket = f"gin-startup-{os.getpid()}"
        self.size = size
        self.runs = 0
        self._tmux("new-session", "-d", "-s", "idle", "-x", str(size[0]), "-y", str(size[1]), "sleep 100000")

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def time_start(self, argv: list[str], env: dict[str, str], ready: Callable[[str], bool], timeout: float = 60.0) -> float:
        """Launch ``argv``; the seconds until ``ready(screen)`` holds.  The app is then ended."""
        self.runs += 1
        target = f"run{self.runs}"
        # only ``env``: the tmux server holds the environment it was started
        # from, which must not reach either app (PYTHONDONTWRITEBYTECODE, for
        # one, would make gin-tui compile its changed modules on every start)
        line = "exec env -i " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + shlex.join(argv)
        cols, rows = self.size
        capture = ["tmux", "-L", self.socket, "capture-pane", "-p", "-t", target]
        t0 = time.perf_counter()
        self._tmux("new-session", "-d", "-s", target, "-x", str(cols), "-y", str(rows), line)
        try:
            while True:
                screen = subprocess.run(capture, capture_output=True, text=True).stdout
                now = time.perf_counter()
                if ready(screen):
                    return now - t0
                if now - t0 > timeout:
                    raise RuntimeError(f"{argv} showed no full screen in {timeout} s:\n{screen}")
                time.sleep(POLL)
        finally:
            self.end(target)

    def end(self, target: str) -> None:
        pid = int(self._tmux("display", "-p", "-t", target, "#{pane_pid}").strip())
        self._tmux("kill-session", "-t", target)  # a hang-up: gin-tui saves and exits
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
            time.sleep(0.01)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        (folder / self.socket).unlink(missing_ok=True)  # the server leaves its socket file behind


def base_env() -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
    env.update(TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    return env


def side_by_side(term: Terminal, label: str, start_gin: Callable[[], float], env: dict[str, str], runs: int) -> float:
    """gin-tui (``start_gin()``) and the minimal app alternately, ``runs``
    times each after one warm-up round; prints both medians, returns their ratio."""
    gin_times, min_times = [], []
    for i in range(runs + 1):
        g = start_gin()
        m = term.time_start([sys.executable, "-c", MINIMAL], env, minimal_ready)
        if i:
            gin_times.append(g)
            min_times.append(m)
    g_med, m_med = statistics.median(gin_times), statistics.median(min_times)
    ratio = g_med / m_med
    print(f"  {label:<26} median {g_med * 1000:7.1f} ms  (min {min(gin_times) * 1000:.1f})")
    print(f"  {'minimal Textual app':<26} median {m_med * 1000:7.1f} ms  (min {min(min_times) * 1000:.1f})")
    print(f"  {'ratio':<26} {ratio:.2f}x   (target <= 1.25x)")
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="start-ups of each app in each case (default 7)")
    parser.add_argument("--size", default="80x24", help="terminal size (default 80x24)")
    parser.add_argument("--installed", action="store_true", help="time the installed gin-tui command")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="run gin-tui from this checkout (default: this one)")
    opts = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed", file=sys.stderr)
        return 2
    cols, rows = (int(x) for x in opts.size.split("x"))
    env = base_env()
    if opts.installed:
        here = Path(sys.executable).parent / "gin-tui"
        gin = [str(here) if here.exists() else (shutil.which("gin-tui") or "gin-tui")]
    else:
        gin = [sys.executable, "-m", "ginrummy_tui"]
        env["PYTHONPATH"] = str(opts.checkout.resolve())
        # the byte-code, as installing the package writes it
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(opts.checkout.resolve() / "ginrummy_tui")], check=True)
    term = Terminal((cols, rows))
    ratios = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            print(f"start-up to the first full table, from outside in tmux ({opts.runs} runs each, {cols}x{rows}):")
            homes = (os.path.join(tmp, f"first{i}") for i in range(opts.runs + 1))

            def first_start() -> float:
                return term.time_start([*gin, "--seed", "1"], {**env, "GIN_TUI_HOME": next(homes)}, full_table)

            print("the very first start (no data directory yet), gin-tui --seed 1:")
            ratios["first start"] = side_by_side(term, "gin-tui --seed 1", first_start, env, opts.runs)

            saved = {**env, "GIN_TUI_HOME": os.path.join(tmp, "saved")}
            term.time_start([*gin, "--seed", "2"], saved, full_table)  # a saved match (saved at the hang-up)
            print("a new match over a saved one, gin-tui --new --seed 1:")
            ratios["new match"] = side_by_side(
                term, "gin-tui --new --seed 1", lambda: term.time_start([*gin, "--new", "--seed", "1"], saved, full_table), env, opts.runs
            )
            print("resuming the saved match, gin-tui with no options:")
            ratios["resumed"] = side_by_side(
                term, "gin-tui", lambda: term.time_start(gin, saved, full_table), env, opts.runs
            )
    finally:
        term.close()
    print("summary: " + ", ".join(f"{k} {v:.2f}x" for k, v in ratios.items()) + "   (target <= 1.25x each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
