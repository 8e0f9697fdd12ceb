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

from .tmux_socket import remove_socket

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
        remove_socket(self.socket)


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


@pytest.mark.parametrize("columns, lines", [(10, 5), (500, 300)])
def test_the_terminals_own_size_wins_over_columns_and_lines(home, columns, lines):
    """``COLUMNS=10 LINES=5 gin-tui`` in an 80x24 terminal said "Terminal too small: 10×5"
    for good, and ``COLUMNS=500 LINES=300`` laid the table out for 500x300 (key bars alone in
    sight); making the terminal larger or smaller changed nothing.  The table is laid out for
    the terminal's own size, at the start and on a resize."""
    env = {"GIN_TUI_HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}
    command = f"env -u NO_COLOR -u TEXTUAL_DRIVER COLUMNS={columns} LINES={lines} {_gin_tui()} --seed 1 --pause 0"
    t = Tmux(command, 80, 24, env)
    try:
        screen = t.wait_for("Take the upcard 9♦ (t) or pass (p).")
        assert "Terminal too small" not in screen, screen
        rows = screen.splitlines()
        assert len(rows) == 24 and rows[0].startswith("  gin-tui   Hand 1") and "Quit" in rows[-1], screen
        t.run("resize-window", "-t", "gin", "-x", "100", "-y", "30")
        end = time.monotonic() + 20
        while time.monotonic() < end:
            rows = t.screen().splitlines()
            if len(rows) == 30 and "Quit" in rows[-1] and rows[0].startswith("  gin-tui   Hand 1"):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("not laid out again at 100x30:\n" + "\n".join(rows))
        assert "Take the upcard 9♦ (t) or pass (p)." in "\n".join(rows)
    finally:
        t.close()


def test_256_colour_terminal_tells_suits_melds_and_selection_apart(home):
    """A terminal with 256 colours (no truecolor): the palette still tells red
    from black suits, melds from deadwood, and shows the selected card."""
    import re

    env = {"GIN_TUI_HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    command = f"env -u COLORTERM -u NO_COLOR TERM=xterm-256color {_gin_tui()} --seed 1 --pause 0"
    t = Tmux(command, 80, 24, env)
    try:
        t.wait_for("Take the upcard 9♦ (t) or pass (p).")
        raw = t.run("capture-pane", "-e", "-p", "-t", "gin")
    finally:
        t.close()
    assert "38;2;" not in raw and "48;2;" not in raw  # no truecolor codes were sent
    sgr = r"(?:\x1b\[[0-9;]*m)*"

    def colour_before(*parts: str) -> str:
        """The palette colour of the first of ``parts`` (which may be split by style changes)."""
        m = re.search(r"38;5;(\d+)[0-9;]*m" + sgr + sgr.join(re.escape(p) for p in parts), raw)
        assert m, f"no 256-colour foreground before {''.join(parts)!r}"
        return m.group(1)

    red, black = colour_before(" 6♥"), colour_before(" 3♣")
    assert red != black and colour_before(" 8♥") == red and colour_before(" 4♣") == black
    meld, plain = colour_before("╔", "4"), colour_before("┌", "2")  # K♥ is in the set of kings, 6♥ is deadwood
    assert meld != plain
    assert re.search(r"\x1b\[[0-9;]*7[0-9;]*m" + sgr + "╔1", raw)  # the selected card: reverse video
