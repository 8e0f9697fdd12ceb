"""A real terminal: `gin-tui host` in one tmux window, `gin-tui join` in another,
a pass, a draw and a discard seen on both screens."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    """A private tmux server (its own socket) for one test."""

    def __init__(self) -> None:
        self.socket = f"gin-net-{uuid.uuid4().hex[:8]}"

    def run(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10)
        return out.stdout

    def start(self, window: str, command: str, env: dict[str, str]) -> None:
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        shell = f"cd {shlex.quote(os.getcwd())} && env {exports} {command}; sleep 60"
        if window == "host":
            self.run("new-session", "-d", "-s", "gin", "-n", window, "-x", "100", "-y", "30", shell)
        else:
            self.run("new-window", "-t", "gin", "-n", window, shell)

    def screen(self, window: str) -> str:
        return self.run("capture-pane", "-p", "-t", f"gin:{window}")

    def keys(self, window: str, *keys: str) -> None:
        self.run("send-keys", "-t", f"gin:{window}", *keys)

    def wait(self, window: str, pattern: str, timeout: float = 20.0) -> re.Match:
        end = time.monotonic() + timeout
        text = ""
        while time.monotonic() < end:
            text = self.screen(window)
            m = re.search(pattern, text)
            if m:
                return m
            time.sleep(0.2)
        raise AssertionError(f"{pattern!r} never appeared in the {window} window:\n{text}")

    def kill(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)


@pytest.fixture
def tmux():
    t = Tmux()
    yield t
    t.kill()


def test_host_and_join_in_two_terminals(tmux, tmp_path):
    base = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
    gin = f"{shlex.quote(sys.executable)} -m ginrummy_tui"
    tmux.start("host", f"{gin} host --port 0 --seed 3 --new --name Ann",
               {**base, "GIN_TUI_HOME": str(tmp_path / "ann")})
    m = tmux.wait("host", r"join code ([A-Z2-9]{4}-[A-Z2-9]{4}) \((127\.0\.0\.1:\d+)\)")
    code, address = m.group(1), m.group(2)
    # the host may move before the guest comes: the buttons offer it, and the
    # waiting line (what a host must read) is whole, not cut by the prompt after it
    screen = tmux.screen("host")
    assert "Pass (p)" in screen and f"join code {code} ({address})" in screen and "…" not in screen
    tmux.start("join", f"{gin} join {address} --name Bob",
               {**base, "GIN_TUI_HOME": str(tmp_path / "bob"), "GIN_TUI_CODE": code})
    tmux.wait("join", r"Ann is to move")
    tmux.wait("host", r"Bob · 10 cards")
    assert "Waiting for opponent" not in tmux.screen("host")
    # Ann passes the upcard, Bob passes too: Ann must draw from the stock
    tmux.keys("host", "p")
    tmux.wait("join", r"Take the upcard")
    tmux.keys("join", "p")
    tmux.wait("host", r"draw from the stock")
    # Ann draws: both see the stock one card shorter
    tmux.keys("host", "s")
    tmux.wait("host", r"30 cards")
    tmux.wait("join", r"30 cards")
    # Ann discards the card she drew: both see it on the pile
    tmux.keys("host", "Enter")
    threw = tmux.wait("join", r"Ann drew from the stock and threw (\S+)\.").group(1)
    tmux.wait("join", r"Discard pile · 2")
    tmux.wait("host", r"Discard pile · 2")
    tmux.wait("host", r"Bob is to move")
    assert threw in tmux.screen("host")
    # Bob takes it from the pile: Ann sees that
    tmux.keys("join", "d")
    tmux.wait("host", rf"Bob took {re.escape(threw)} from the discard pile|Bob · 11 cards")
