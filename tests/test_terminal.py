"""A real terminal: tmux runs the installed ``gin-tui``, keys are sent, the screen is read back."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (.ci/run installs it)")


def _gin_tui() -> str:
    here = Path(sys.executable).parent / "gin-tui"
    return str(here) if here.exists() else (shutil.which("gin-tui") or "gin-tui")


class Tmux:
    """One tmux server of our own (its own socket), one window running the command."""

    def __init__(self, command: str, width: int, height: int, env: dict[str, str]) -> None:
        self.socket = f"gin-tui-test-{uuid.uuid4().hex[:8]}"
        self.env = {**os.environ, **env}
        self.run("new-session", "-d", "-s", "gin", "-x", str(width), "-y", str(height), command)

    def run(self, *args: str) -> str:
        out = subprocess.run(
            [TMUX, "-u", "-L", self.socket, *args], capture_output=True, text=True, env=self.env, timeout=20
        )
        return out.stdout

    def send(self, *keys: str) -> None:
        self.run("send-keys", "-t", "gin", *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "gin")

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def close(self) -> None:
        self.run("kill-server")


@pytest.fixture
def home(tmp_path):
    return str(tmp_path / "home")


def test_installed_gin_tui_in_tmux_upcard_draw_discard(home):
    """Seed 1 at 80×24: pass the upcard, watch the computer take it, draw from the stock, discard."""
    env = {"GIN_TUI_HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}
    for var in ("NO_COLOR", "TEXTUAL_DRIVER"):
        env[var] = ""
    t = Tmux(f"{_gin_tui()} --seed 1 --pause 0", 80, 24, {k: v for k, v in env.items() if v})
    try:
        screen = t.wait_for("Take the upcard 9♦ (t) or pass (p).")
        assert "K♠" in screen and "K♥" in screen and "K♦" in screen  # the hand, face up
        assert "Deadwood 41" in screen and "Discard pile · 1" in screen and "31 cards" in screen
        t.send("p")
        screen = t.wait_for("Draw from the stock (s) or the discard pile (d)")
        assert "took the upcard 9♦ and threw J♣" in screen
        t.send("s")
        screen = t.wait_for("Discard a card")
        assert "new" in screen and "30 cards" in screen
        t.send("Enter")
        screen = t.wait_for("Draw from the stock (s) or the discard pile (d)")
        assert "threw" in screen and "Computer (standard)" in screen
        assert "Deadwood" in screen and "K♠" in screen
        t.send("q")
        t.wait_for("Quit in the middle of the hand?")
        t.send("y")
        end = time.monotonic() + 10
        while time.monotonic() < end and "gin" in t.run("list-sessions"):
            time.sleep(0.1)
        assert "gin:" not in t.run("list-sessions")
    finally:
        t.close()
