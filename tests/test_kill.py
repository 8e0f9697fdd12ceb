"""Kill tests in a real terminal: gin-tui runs in tmux, a few moves are played,
the process is killed (kill -9, a hang-up as when an SSH connection drops,
SIGTERM, Ctrl+C), gin-tui is started again, and the same position is on screen."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from .tmux_socket import remove_socket

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"),
]

WIDTH, HEIGHT = 80, 24
TABLE_LINES = 17
"""The table (scores, the computer's hand, the piles, the last moves, the hand and
its deadwood) is drawn above this line; notifications appear below it."""


class Tmux:
    """A private tmux server (its own socket) running one window."""

    def __init__(self, home: Path) -> None:
        self.socket = f"gin-tui-kill-{uuid.uuid4().hex[:8]}"
        self.home = home

    def tmux(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20)
        if check and out.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)}: {out.stderr}")
        return out.stdout

    def start(self, *gin_args: str, session: str = "gin", setsid: bool = False) -> None:
        """Start gin-tui in a shell that reports its exit and the terminal's mode afterwards
        (``setsid``: in a session of its own, which no hang-up of the terminal signals)."""
        cmd = [*(["setsid", "-w"] if setsid else []), sys.executable, "-m", "ginrummy_tui", "--pause", "0", *gin_args]
        shell = (
            f"cd {Path(__file__).resolve().parent.parent}; "
            f"GIN_TUI_HOME={self.home} TERM=xterm-256color {' '.join(cmd)}; "
            "echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; "
            "echo MODES-END; sleep 60"
        )
        self.tmux("new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", str(HEIGHT), shell)

    def screen(self, session: str = "gin") -> str:
        return self.tmux("capture-pane", "-p", "-t", session, check=False)

    def wait_until(self, ok, what: str, timeout: float = 30.0, session: str = "gin") -> str:
        """The screen, once ``ok(screen)`` holds (the deadline only bounds a failure)."""
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen(session)
            if ok(screen):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{what} did not appear on screen:\n{screen}")

    def wait_for(self, *texts: str, timeout: float = 30.0, session: str = "gin") -> str:
        def found(screen: str) -> bool:
            return any(t.lower() in screen.lower() for t in texts)

        return self.wait_until(found, f"none of {texts!r}", timeout, session)

    def keys(self, *keys: str, session: str = "gin") -> None:
        self.tmux("send-keys", "-t", session, *keys)

    def game_pid(self) -> int:
        shell = int(self.tmux("display-message", "-p", "-t", "gin", "#{pane_pid}").strip())
        out = subprocess.run(["pgrep", "-P", str(shell)], capture_output=True, text=True)
        pids = [int(p) for p in out.stdout.split()]
        assert pids, "gin-tui is not running"
        return pids[0]

    def new_socket(self) -> None:
        """Go on with a fresh tmux server (the old one is ended)."""
        self.close()
        self.socket = f"gin-tui-kill-{uuid.uuid4().hex[:8]}"

    def close(self) -> None:
        self.tmux("kill-server", check=False)
        remove_socket(self.socket)


TOAST_LINES = range(1, 11)
TOAST_COLUMN = 44
"""Where a notification may show (app.tcss): on the table at 80×24 lines 3-10,
on other screens lines 1-10, from column 44 on."""


def table(screen: str) -> list[str]:
    """The table, without the place where a notification may cover it."""
    lines = screen.splitlines()[:TABLE_LINES]
    return [(line[:TOAST_COLUMN] if i in TOAST_LINES else line).rstrip() for i, line in enumerate(lines)]


def to_discard_from(cards: int):
    """Whether the whole table is on screen with the player to discard from
    ``cards`` cards: the row of their card tops, the prompt, the key bar."""

    def ok(screen: str) -> bool:
        tops = [line for line in screen.splitlines() if "┌1" in line]
        return bool(tops) and tops[0].count("┌") == cards and "discard a card" in screen.lower() and "q Quit" in screen

    return ok


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (killed, not yet reaped) is not running
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    except OSError:
        return True


def wait_dead(pid: int, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not alive(pid):
            return
        time.sleep(0.1)
    raise AssertionError(f"process {pid} is still running")


def wait_exists(path: Path, timeout: float = 10.0) -> None:
    """Wait until ``path`` exists (gin-tui writes its first save just after its first frame)."""
    end = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > end:
            raise AssertionError(f"{path} was never written")
        time.sleep(0.02)


@pytest.fixture
def term(tmp_path):
    t = Tmux(tmp_path / "home")
    yield t
    t.close()


def play_into_a_hand(term: Tmux, setsid: bool = False) -> str:
    """Pass on the upcard, draw, throw, draw again: the player holds 11 cards."""
    term.start("--seed", "5", setsid=setsid)
    term.wait_for("take the upcard")
    term.keys("p")
    term.wait_for("draw from the stock")
    term.keys("s")
    term.wait_for("discard a card")
    term.keys("Enter")
    term.wait_for("draw from the stock")
    term.keys("s")
    return term.wait_until(to_discard_from(11), "the hand of 11 cards to discard from")


def restart_and_compare(term: Tmux, before: str) -> None:
    term.new_socket()
    term.start()
    term.wait_for("Resumed your match")
    try:  # the whole table, once that note (over its top right corner) has gone
        term.wait_until(lambda s: table(s) == table(before), "the same position")
    except AssertionError:
        after = term.screen()
        raise AssertionError("\n".join(["before:", *table(before), "after:", *after.splitlines()])) from None


def test_kill_9_then_the_same_position(term):
    before = play_into_a_hand(term)
    pid = term.game_pid()
    os.kill(pid, signal.SIGKILL)
    wait_dead(pid)
    restart_and_compare(term, before)


def test_a_dropped_connection_sighup_then_the_same_position(term):
    before = play_into_a_hand(term)
    pid = term.game_pid()
    # what sshd does to the session when the network goes away
    os.kill(pid, signal.SIGHUP)
    wait_dead(pid)
    assert not (term.home / "current.json.lock").exists()  # it closed itself, releasing the match
    restart_and_compare(term, before)


def test_the_terminal_going_away_then_the_same_position(term):
    before = play_into_a_hand(term)
    pid = term.game_pid()
    term.tmux("kill-session", "-t", "gin")  # the terminal is gone: the process gets SIGHUP from it
    wait_dead(pid)
    restart_and_compare(term, before)


def game_of(term: Tmux) -> int:
    """The game's process, started by ``setsid -w`` in the pane's shell."""
    setsid = term.game_pid()
    out = subprocess.run(["pgrep", "-P", str(setsid)], capture_output=True, text=True)
    return int(out.stdout.split()[0]) if out.stdout.split() else setsid  # setsid may have become the game


@pytest.mark.skipif(shutil.which("setsid") is None, reason="setsid (util-linux) is not installed")
def test_the_terminal_going_away_closes_a_game_no_signal_reaches(term):
    """A game in a session of its own (``setsid``; or under a shell with job control that
    dies of the hang-up without passing it on): the terminal gone, no SIGHUP came, and the
    game stayed, its match locked, its reading of the terminal at its end of file spinning a
    core (found 100 minutes later at 80% of a core).  It sees the terminal gone, closes as on
    a hang-up, saved, and the next start resumes the same position."""
    before = play_into_a_hand(term, setsid=True)
    pid = game_of(term)
    term.tmux("kill-session", "-t", "gin")  # the terminal is gone; its hang-up signals the pane's shell only
    wait_dead(pid)
    assert not (term.home / "current.json.lock").exists()  # it closed itself, releasing the match
    restart_and_compare(term, before)


def test_sigterm_closes_cleanly_and_leaves_the_terminal_usable(term):
    before = play_into_a_hand(term)
    pid = term.game_pid()
    os.kill(pid, signal.SIGTERM)
    wait_dead(pid)
    after = term.wait_for("MODES-END")  # the exit status, then the terminal modes
    assert f"EXIT={128 + signal.SIGTERM}" in after
    modes = after.split("EXIT=")[1].split()
    assert "icanon" in modes and "echo" in modes, after  # the terminal is back in its normal mode
    assert not (term.home / "current.json.lock").exists()
    restart_and_compare(term, before)


def test_sigint_closes_cleanly_too(term):
    before = play_into_a_hand(term)
    os.kill(term.game_pid(), signal.SIGINT)
    after = term.wait_for("MODES-END")  # the exit status, then the terminal modes
    assert "EXIT=0" in after and "Traceback" not in after
    modes = after.split("EXIT=")[1].split()
    assert "icanon" in modes and "echo" in modes, after
    restart_and_compare(term, before)


def test_ctrl_c_quits_at_once_and_the_match_waits(term):
    before = play_into_a_hand(term)
    term.keys("C-c")
    after = term.wait_for("MODES-END")  # the exit status, then the terminal modes
    assert "EXIT=0" in after
    modes = after.split("EXIT=")[1].split()
    assert "icanon" in modes and "echo" in modes, after
    restart_and_compare(term, before)


def test_a_second_gin_tui_without_a_terminal_touches_nothing(term):
    term.start("--seed", "5")
    term.wait_for("take the upcard")
    second = subprocess.run(
        [sys.executable, "-m", "ginrummy_tui", "--pause", "0"],
        env={**os.environ, "GIN_TUI_HOME": str(term.home)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parent.parent,
    )
    # no terminal: one line and status 2, before looking at the saved match
    assert second.returncode == 2 and second.stdout == ""
    assert second.stderr.count("\n") == 1 and "not a terminal" in second.stderr
    # the first one plays on, its save untouched
    term.keys("p")
    term.wait_for("draw from the stock")


def test_in_a_terminal_the_second_gin_tui_offers_a_separate_match(term):
    term.start("--seed", "5")
    term.wait_for("take the upcard")
    term.start(session="two")
    asked = term.wait_for("Your choice [t/s/q, Enter: quit]", session="two")
    assert "open in another gin-tui" in asked and "start a separate match" in asked
    term.keys("s", "Enter", session="two")
    term.wait_for("take the upcard", "draw from the stock", session="two")
    wait_exists(term.home / "separate-1.json")
    # both play on
    term.keys("p")
    term.wait_for("draw from the stock")
    term.keys("q", session="two")
    term.wait_for("EXIT=0", "quit in the middle", session="two")


def test_in_a_terminal_the_second_gin_tui_can_take_the_match_over(term):
    """After a dropped SSH connection the old gin-tui may live on for a while:
    the new one offers to close it (it saves and closes on SIGTERM) and goes on
    with the same match, where it stood."""
    term.start("--seed", "5")
    term.wait_for("take the upcard")
    term.keys("p")
    before = term.wait_for("draw from the stock")
    first = term.game_pid()
    term.start(session="two")
    asked = term.wait_for("Your choice [t/s/q, Enter: quit]", session="two")
    assert f"process {first}" in asked and "take it over" in asked
    term.keys("t", "Enter", session="two")
    closed = term.wait_for("EXIT=")
    assert "EXIT=143" in closed  # the first one closed on SIGTERM, and says why
    assert "closed on request" in closed and "taken the match over" in " ".join(closed.split())
    assert all(len(line) <= 80 for line in closed.splitlines()), closed  # the 80 columns of the window
    # the whole table as it stood, once the note (over its top right corner) has gone
    term.wait_until(lambda s: table(s) == table(before), "the same position", session="two")
    assert not (term.home / "separate-1.json").exists()


def test_a_gin_tui_taken_over_with_new_before_any_move_is_not_told_its_match_was_abandoned(term):
    """The gin-tui closed by another started with --new said its match was set aside
    "(abandoned)" though its player had made no move in it: such a match counts as
    nothing, as the gin-tui taking it over says too."""
    term.start("--seed", "5")
    term.wait_for("take the upcard")
    term.start("--new", session="two")
    term.wait_for("Your choice [t/s/q, Enter: quit]", session="two")
    term.keys("t", "Enter", session="two")
    closed = " ".join(term.wait_for("EXIT=").split())
    assert "took this data directory over with --new, to start a new match in place of this one; you had made " \
        "no move in it, so it counts as nothing." in closed, closed
    assert "abandoned" not in closed
    term.wait_for("counts as nothing", session="two")


def test_ctrl_z_goes_back_to_the_shell_and_fg_comes_back_to_the_table(term):
    """In an interactive shell Ctrl+Z stops gin-tui as a job and ``fg`` resumes it
    where it stood; run by a shell without job control (this window's ``sh -c``,
    like ``ssh host gin-tui``) it says there is no shell to come back from."""
    # no job control: a message, and the game plays on
    term.start("--seed", "5")
    term.wait_for("take the upcard")
    term.keys("C-z")
    term.wait_for("no shell here")
    term.keys("p")
    term.wait_for("draw from the stock")
    term.keys("C-c")
    term.wait_for("EXIT=")
    # an interactive shell: Ctrl+Z stops it, fg brings it back where it stood
    repo = Path(__file__).resolve().parent.parent
    cmd = f"{sys.executable} -m ginrummy_tui --pause 0"
    term.tmux("new-session", "-d", "-s", "shell", "-x", str(WIDTH), "-y", str(HEIGHT), "bash --norc --noprofile -i")
    term.keys(f"cd {repo} && GIN_TUI_HOME={term.home} TERM=xterm-256color {cmd}", "Enter", session="shell")
    before = term.wait_for("draw from the stock", session="shell")
    term.keys("C-z", session="shell")
    term.wait_for("Stopped", session="shell")
    term.keys("echo SHELL-HERE", "Enter", session="shell")
    term.wait_for("SHELL-HERE\n", session="shell")
    term.keys("fg", "Enter", session="shell")
    term.wait_until(lambda s: table(s) == table(before), "the table as it stood", session="shell")
    term.keys("s", session="shell")
    term.wait_until(to_discard_from(11), "the game playing on", session="shell")


def stopped_from_outside(term, options: str, shown: str) -> str:
    """gin-tui with ``options`` started from an interactive shell in tmux, stopped from
    outside (``kill -STOP``: not Ctrl+Z, which the game sees coming) once ``shown`` is on the
    screen, and the shell saying so; the screen before the stop."""
    repo = Path(__file__).resolve().parent.parent
    cmd = f"{sys.executable} -m ginrummy_tui --pause 0 --seed 5 {options}"
    term.tmux("new-session", "-d", "-s", "gin", "-x", str(WIDTH), "-y", str(HEIGHT), "bash --norc --noprofile -i")
    term.keys(f"cd {repo} && GIN_TUI_HOME={term.home} TERM=xterm-256color {cmd}", "Enter")
    before = term.wait_for(shown)
    shell = int(term.tmux("display-message", "-p", "-t", "gin", "#{pane_pid}").strip())
    [pid] = [int(p) for p in subprocess.run(["pgrep", "-P", str(shell)], capture_output=True, text=True).stdout.split()]
    os.kill(pid, signal.SIGSTOP)
    term.wait_for("Stopped")
    return before


def plays_on_and_quits_saved(term) -> None:
    """The game at the upcard offer passes, draws, and quits, saying the match is saved."""
    term.keys("p")
    term.wait_for("draw from the stock")
    term.keys("s")
    term.wait_until(to_discard_from(11), "the game playing on")
    term.keys("q")
    term.wait_for("y Quit")
    term.keys("y")
    term.wait_for("the match is saved")


def test_a_stop_from_outside_and_fg_come_back_to_the_whole_table(term):
    """kill -STOP (not Ctrl+Z: the game cannot see it coming), then fg: the shell's
    "[1]+ Stopped ..." stayed over the table, never drawn again, and Textual took the
    terminal again over its running self (a second thread reading the keys). The table
    is drawn whole, and the game plays on and quits leaving the terminal as it was."""
    before = stopped_from_outside(term, "", "take the upcard")
    term.keys("fg", "Enter")
    term.wait_until(lambda s: table(s) == table(before) and "Stopped" not in s, "the whole table as it stood")
    plays_on_and_quits_saved(term)
    term.keys("echo SANE-$((6*7))", "Enter")  # typed and echoed as the shell had it: the terminal's modes back
    term.wait_for("SANE-$((6*7))\nSANE-42")


def test_a_stop_from_outside_does_not_run_out_the_move_clock(term):
    """kill -STOP for longer than the move timer, then fg: the clock had counted the
    whole stop at its next tick, and the match was lost on time the moment the game
    ran again. The stop's time does not count, as Ctrl+Z's time away does not."""
    stopped_from_outside(term, "--rule timer=12", "s to move")
    time.sleep(14)  # longer than the 12 s of the move
    term.keys("fg", "Enter")
    screen = term.wait_until(lambda s: "Stopped" not in s and "s to move" in s, "the table again, its clock running")
    assert "won the match" not in screen and "ran out" not in screen, screen
    plays_on_and_quits_saved(term)


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts the game's threads in /proc")
def test_stops_and_continues_in_a_quick_row_leave_the_game_playing(term):
    """Hundreds of kill -STOP / kill -CONT a few milliseconds apart (a job control tool, a
    debugger stepping): the handler of SIGCONT left and took the terminal again inside itself,
    and the next continue entered it half-way: the threads reading the keys and writing the
    screen doubled (9 to 15 threads for 5), the screen went blank, keys did nothing and q y did
    not quit.  The game still answers a move with the table drawn, has the threads it had, and
    quits leaving the terminal's modes as they were."""
    term.start("--seed", "5")
    before = term.wait_for("take the upcard")
    pid = term.game_pid()
    time.sleep(0.5)  # the start's work done: the threads the game keeps
    usual = threads(pid)
    for _ in range(400):
        os.kill(pid, signal.SIGSTOP)
        time.sleep(0.004)
        os.kill(pid, signal.SIGCONT)
        time.sleep(0.004)
    term.wait_until(lambda s: table(s) == table(before), "the whole table as it stood", timeout=15)
    time.sleep(0.5)
    assert threads(pid) == usual
    term.keys("p")
    term.wait_for("draw from the stock", timeout=15)
    term.keys("q")
    term.wait_for("y Quit", timeout=15)
    term.keys("y")
    screen = term.wait_for("MODES-END", timeout=15)
    modes = screen.split("EXIT=")[1].split()
    assert modes[0] == "0" and "icanon" in modes and "echo" in modes, screen
