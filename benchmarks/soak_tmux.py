"""Memory over many matches, measured from outside: gin-tui in a real terminal (tmux).

    python benchmarks/soak_tmux.py [--matches N] [--size 80x24] [-- COMMAND...]

Starts ``gin-tui --pause 0 --ai standard --new`` (by default this checkout's,
``python -m ginrummy_tui``, on a fresh data directory) in a detached tmux
session of its own (its own server socket, killed at the end), and plays it as
a quick player would, reading the screen with ``capture-pane`` and answering
with ``send-keys``: pass the upcard, draw from the stock, knock or go gin when
the buttons offer it, else throw the card just drawn; ⏎ after each hand, ``n``
after each match.  Every key waits for the screen to change before the next.

It prints ``VmRSS`` of the gin-tui process (``/proc/<pid>/status``) at the
first frame and after each match, with the match's hands and seconds; at the
end, the last against the first match.  The same by hand::

    tmux new-session -d -s gin -x 80 -y 24 'exec gin-tui --pause 0 --ai standard'
    pid=$(tmux display -p -t gin '#{pane_pid}')
    tmux send-keys -t gin p        # ... play: p, s, Enter, k, n ...
    grep VmRSS /proc/$pid/status
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def vm_rss_kb(pid: int) -> int:
    """``VmRSS`` of process ``pid`` in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


class Tmux:
    """One detached tmux session on a server socket of its own."""

    def __init__(self, command: list[str], size: tuple[int, int], env: dict[str, str]) -> None:
        self.socket = f"gin-soak-{os.getpid()}"
        self.target = "soak"
        cols, rows = size
        line = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " exec " + shlex.join(command)
        self._tmux("new-session", "-d", "-s", self.target, "-x", str(cols), "-y", str(rows), line)
        self.pid = int(self._tmux("display", "-p", "-t", self.target, "#{pane_pid}").strip())

    def _tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True
        ).stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.target)

    def send(self, key: str) -> None:
        self._tmux("send-keys", "-t", self.target, key)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def next_key(screen: str) -> str | None:
    """The key a quick player presses on this screen (None: wait for the computer).

    On the table the buttons say what may be done now (the prompt line may be
    showing why a key was refused instead)."""
    if "play a new match" in screen or "⏎ New match" in screen:  # the line, or the key bar
        return "n"
    if "deal the next hand" in screen or "see the result of the match" in screen:
        return "Enter"
    for button, key in (("Pass (p)", "p"), ("Draw stock (s)", "s"), ("Gin with", "g"), ("Knock with", "k")):
        if button in screen:
            return key
    if "(⏎)" in screen and "Discard " in screen:
        return "Enter"
    return None


def wait_change(tmux: Tmux, before: str, timeout: float = 10.0) -> str:
    """The screen once it differs from ``before`` (or after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = tmux.screen()
        if now != before:
            return now
        time.sleep(0.01)
    return before


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--size", default="80x24")
    p.add_argument("command", nargs="*", help="the gin-tui command (default: this checkout's, --pause 0 --ai standard)")
    args = p.parse_args(argv)
    cols, rows = (int(x) for x in args.size.split("x"))
    with tempfile.TemporaryDirectory() as data:
        command = args.command or [
            sys.executable, "-m", "ginrummy_tui", "--pause", "0", "--ai", "standard", "--new", "--data-dir", data,
        ]
        env = {"PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "GIN_TUI_HOME": data}
        tmux = Tmux(command, (cols, rows), env)
        try:
            screen = ""
            start = time.monotonic()
            while next_key(screen) is None and time.monotonic() - start < 30:
                screen = wait_change(tmux, screen, 1.0)
            first = vm_rss_kb(tmux.pid)
            print(f"pid {tmux.pid}; RSS at the first frame {first / 1024:.1f} MB ({time.monotonic() - start:.1f} s)")
            print(f"{'match':>5} {'hands':>5} {'RSS MB':>7} {'s':>6}", flush=True)
            rss: list[int] = []
            hands = 0
            t_match = time.monotonic()
            idle_since = time.monotonic()
            stalls = 0
            while len(rss) < args.matches:
                key = next_key(screen)
                if key is None:
                    if time.monotonic() - idle_since > 60:
                        raise RuntimeError("the screen did not change for 60 s:\n" + screen)
                    screen = wait_change(tmux, screen, 0.5)
                    continue
                if key == "n":
                    rss.append(vm_rss_kb(tmux.pid))
                    print(f"{len(rss):5d} {hands:5d} {rss[-1] / 1024:7.1f} {time.monotonic() - t_match:6.1f}", flush=True)
                    hands = 0
                    t_match = time.monotonic()
                elif key == "Enter" and ("deal the next hand" in screen or "see the result" in screen):
                    hands += 1
                tmux.send(key)
                after = wait_change(tmux, screen)
                if key == "n":  # the match's end may take a frame or two to go: count it once
                    end = time.monotonic() + 10
                    while next_key(after) == "n" and time.monotonic() < end:
                        after = wait_change(tmux, after, 0.5)
                stalls = stalls + 1 if after == screen else 0
                if stalls >= 3:
                    raise RuntimeError(f"the key {key!r} changed nothing, three times:\n" + screen)
                screen = after
                idle_since = time.monotonic()
            print(
                f"RSS after match 1 {rss[0] / 1024:.1f} MB, after match {len(rss)} {rss[-1] / 1024:.1f} MB "
                f"({rss[-1] / rss[0]:.2f}x), peak {max(rss) / 1024:.1f} MB; {time.monotonic() - start:.0f} s in all"
            )
        finally:
            tmux.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
