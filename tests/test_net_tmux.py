"""A real terminal: `gin-tui host` in one tmux window, `gin-tui join` in another,
a pass, a draw and a discard seen on both screens."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid

import pytest

from .tmux_socket import remove_socket

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
        remove_socket(self.socket)


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
    # no move is made before the guest comes: no button offers one, and the
    # waiting line (what a host must read) is whole, not cut by the prompt after it
    screen = tmux.screen("host")
    assert "Pass (p)" not in screen and f"join code {code} ({address})" in screen and "…" not in screen
    tmux.start("join", f"{gin} join {address} --name Bob",
               {**base, "GIN_TUI_HOME": str(tmp_path / "bob"), "GIN_TUI_CODE": code})
    tmux.wait("join", r"Ann is to move")
    tmux.wait("host", r"Bob · 10 cards")
    assert "Waiting for" not in tmux.screen("host")
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


FINISH = "; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo MODES-END"
"""After the command: its exit status, then the terminal's modes (icanon and echo back once the app restored it)."""


def _pid_in(tmux: Tmux, window: str) -> int:
    """The gin-tui process running in ``window`` (the shell's child)."""
    shell = tmux.run("display-message", "-p", "-t", f"gin:{window}", "#{pane_pid}").strip()
    out = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True)
    pids = [int(p) for p in out.stdout.split()]
    assert pids, f"nothing runs in the {window} window"
    return pids[0]


def _closed_cleanly(tmux: Tmux, window: str, sig: int) -> str:
    after = tmux.wait(window, r"MODES-END").string
    assert f"EXIT={128 + sig}" in after and "Traceback" not in after, after
    modes = after.split("EXIT=")[1].split()
    assert "icanon" in modes and "echo" in modes, after  # the terminal is back in its normal mode
    return after


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["kill", "terminal-closed"])
async def test_kill_or_a_hang_up_closes_the_playing_host_cleanly(tmux, tmp_path, sig):
    from ginrummy_tui.net.client import GameClient

    base = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
    home = tmp_path / "ann"
    gin = f"{shlex.quote(sys.executable)} -m ginrummy_tui"
    tmux.start("host", f"{gin} host --port 0 --seed 3 --new --name Ann{FINISH}", {**base, "GIN_TUI_HOME": str(home)})
    m = tmux.wait("host", r"join code ([A-Z2-9]{4}-[A-Z2-9]{4}) \((127\.0\.0\.1):(\d+)\)")
    bob = GameClient(m.group(2), int(m.group(3)), m.group(1), "Bob", heartbeat=0)
    await bob.connect()
    tmux.wait("host", r"Bob · 10 cards")
    os.kill(_pid_in(tmux, "host"), sig)
    await bob.wait_for(lambda c: not c.open, timeout=15)
    assert bob.closed_reason == "the host stopped; the match is saved"  # told goodbye, as after the host's own quit
    after = _closed_cleanly(tmux, "host", sig)
    assert "the match is saved" in after
    assert not (home / "network.json.lock").exists()  # the next 'gin-tui host' starts without a stale lock
    await bob.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["kill", "terminal-closed"])
async def test_kill_or_a_hang_up_closes_join_cleanly(tmux, tmp_path, sig):
    from ginrummy_tui.engine import PRESETS, new_game
    from ginrummy_tui.net.client import GameClient
    from ginrummy_tui.net.server import MatchServer, ServerThread

    server = MatchServer(new_game(PRESETS["standard"], seed=3), codes={0: "AAAA-AAAA", 1: "BBBB-BBBB"},
                         names=("Ann", "Guest"), port=0)
    thread = ServerThread(server)
    host, port = thread.start()
    try:
        ann = GameClient(host, port, "AAAA-AAAA", "Ann", heartbeat=0)
        await ann.connect()
        base = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
        gin = f"{shlex.quote(sys.executable)} -m ginrummy_tui"
        tmux.start("host", f"{gin} join {host}:{port} --name Bob{FINISH}",
                   {**base, "GIN_TUI_HOME": str(tmp_path / "bob"), "GIN_TUI_CODE": "BBBB-BBBB"})
        await ann.wait_for(lambda c: c.connected[1], timeout=20)
        tmux.wait("host", r"Ann is to move")
        os.kill(_pid_in(tmux, "host"), sig)
        await ann.wait_for(lambda c: not c.connected[1], timeout=15)  # the seat is free to take back
        after = _closed_cleanly(tmux, "host", sig)
        # it says what closed it, as the host does ("closed on request (SIGTERM)")
        why = "closed on request (SIGTERM)" if sig == signal.SIGTERM else "closed with its terminal (SIGHUP)"
        assert f"gin-tui join: {why}: left the match" in " ".join(after.split()), after
        await ann.close()
    finally:
        thread.stop()


def test_with_ascii_the_host_writes_ascii_alone_in_its_terminal(tmux, tmp_path):
    """gin-tui --ascii host wrote "listening on ... — ..." with an em dash
    before its table, and its table's signs in ASCII: every line it leaves
    in the terminal is ASCII alone."""
    base = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
    gin = f"{shlex.quote(sys.executable)} -m ginrummy_tui"
    tmux.start("host", f"{gin} --ascii host --port 0 --seed 3 --new --name Ann{FINISH}",
               {**base, "GIN_TUI_HOME": str(tmp_path / "ann")})
    tmux.wait("host", r"join code [A-Z2-9]{4}-[A-Z2-9]{4}")
    assert tmux.screen("host").isascii(), tmux.screen("host")
    tmux.keys("host", "q")
    tmux.wait("host", r"Quit \(y\)")  # the question is up: y answers it
    tmux.keys("host", "y")
    after = tmux.wait("host", r"MODES-END").string
    assert "gin-tui host: listening on 127.0.0.1:" in after and after.isascii(), after
