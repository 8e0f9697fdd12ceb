"""A real ``gin-tui host --server-only`` process under hostile clients: idle
strangers crowding it while a player with the code joins, and a flood of bad
lines against its log."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy_tui.net import protocol as P
from ginrummy_tui.net.client import GameClient
from ginrummy_tui.net.hostlog import BURST, LOG_CAP

ROOT = Path(__file__).resolve().parents[1]
STRANGERS = 20
REJOINS = 10


def _as_in_a_terminal() -> None:
    """Ctrl+C as in a terminal's foreground, whoever ran the tests: a shell
    that starts a job in the background has its children ignore SIGINT, and
    the host, like any program, keeps an ignored Ctrl+C ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class HostProcess:
    """``gin-tui host --server-only --port 0`` in its own process, on a data directory."""

    def __init__(self, data: Path, *extra: str, port: str | None = "0") -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        env.pop("GIN_TUI_HOME", None)
        self.data = data
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ginrummy_tui", "host", "--server-only", *(["--port", port] if port else []),
             "--data-dir", str(data), *extra],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
            preexec_fn=_as_in_a_terminal,
        )
        self.out: list[str] = []
        self.host = ""
        self.port = 0
        self.join_code = ""
        self.host_code = ""

    def wait_serving(self) -> None:
        """Read its first lines until it says it serves (the address and both codes)."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.out.append(line)
            if m := re.search(r"listening on \[?([\d.:a-f]+?)\]?:(\d+) ", line):
                self.host, self.port = m.group(1), int(m.group(2))
            elif line.startswith("Player 2's join code: "):
                self.join_code = line.split(": ", 1)[1].strip()
            elif line.startswith("Player 1's join code: "):
                self.host_code = line.split(": ", 1)[1].strip()
            elif line.startswith("Serving"):
                break
        assert self.port and self.join_code and self.host_code, "".join(self.out) + self.stderr()

    def stderr(self) -> str:
        if self.proc.poll() is None or self.proc.stderr is None:
            return ""
        return self.proc.stderr.read()

    def stop(self, sig: signal.Signals = signal.SIGINT) -> int:
        """Ctrl+C, as its player would (or another signal); returns the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


@pytest.fixture
def host_process(tmp_path):
    started: list[HostProcess] = []

    def start(*extra: str, port: str | None = "0") -> HostProcess:
        h = HostProcess(tmp_path / "data", *extra, port=port)
        started.append(h)
        h.wait_serving()
        return h

    yield start
    for h in started:
        h.stop()


class Crowd:
    """Strangers without a code: each holds an idle connection and opens a new
    one as soon as the host drops it."""

    def __init__(self, host: str, port: int, n: int) -> None:
        self.host, self.port = host, port
        self.connected = 0
        self.dropped = 0
        self.tasks = [asyncio.create_task(self._stranger()) for _ in range(n)]
        self.changed = asyncio.Event()

    async def _stranger(self) -> None:
        while True:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
            except OSError:
                continue
            self.connected += 1
            try:
                await reader.read()  # idle until the host drops us
            except OSError:
                pass
            writer.close()
            self.dropped += 1
            self.changed.set()

    async def until(self, predicate, timeout: float = 20.0) -> None:
        async def wait() -> None:
            while not predicate():
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(wait(), timeout)

    async def stop(self) -> None:
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def test_idle_strangers_never_lock_out_a_player_with_the_code(host_process):
    h = host_process()
    crowd = Crowd(h.host, h.port, STRANGERS)
    clients: list[GameClient] = []
    try:
        # every stranger is in, and they are being dropped and coming back
        await crowd.until(lambda: crowd.connected >= STRANGERS and crowd.dropped >= STRANGERS)
        ann = GameClient(h.host, h.port, h.host_code, "Ann", heartbeat=0)
        clients.append(ann)
        await ann.connect()
        assert ann.seat == 0
        times, attempts = [], []
        for _ in range(REJOINS):
            bob = GameClient(h.host, h.port, h.join_code, "Bob", heartbeat=0)
            clients.append(bob)
            t0 = time.perf_counter()
            await bob.connect()
            times.append(time.perf_counter() - t0)
            attempts.append(bob.attempts)
            assert bob.seat == 1 and bob.view is not None
            await ann.wait_for(lambda c: c.connected == [True, True])
            await bob.close()
            await ann.wait_for(lambda c: c.connected == [True, False])
        churn = crowd.dropped
        print(
            f"\n{REJOINS} joins with the code among {STRANGERS} idle strangers ({churn} stranger connections dropped): "
            f"median {statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms, "
            f"connections per join: {max(attempts)} at most"
        )
    finally:
        for c in clients:
            await c.close()
        await crowd.stop()
    assert h.stop() == 130
    log = (h.data / "host.log").read_text()
    assert "too many connections waiting to say hello" in log  # the host can see it happening


async def test_a_flood_of_bad_lines_leaves_the_log_small(host_process):
    h = host_process()
    refused = 0

    async def flooder(rounds: int) -> None:
        nonlocal refused
        for _ in range(rounds):
            reader, writer = await asyncio.open_connection(h.host, h.port)
            writer.write(b"{}\n" * 25)
            while line := await reader.readline():
                refused += P.decode(line).get("code") in (P.E_MALFORMED, P.E_TOO_MANY_ERRORS)
            writer.close()

    await asyncio.wait_for(asyncio.gather(*(flooder(40) for _ in range(8))), 120)
    assert h.stop() == 130
    logs = sorted(h.data.glob("host.log*"))
    total = sum(p.stat().st_size for p in logs)
    text = "".join(p.read_text() for p in logs)
    print(f"\n{refused} refused messages from 320 connections: {total} bytes of log in {len(logs)} file(s)")
    assert refused >= 320 * 21
    assert total <= LOG_CAP
    # repeated lines are let through a few at a time, and the rest counted
    logged = len(re.findall(r"INFO refused a message from \d", text))
    left_out = [int(n) for n in re.findall(r"\((\d+) more lines like this were left out: refused a message", text)]
    assert logged <= BURST
    assert logged + sum(left_out) == refused  # each refusal is logged or counted


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["kill", "terminal-closed"])
async def test_kill_or_a_closed_terminal_stops_the_host_cleanly(host_process, sig):
    h = host_process()
    bob = GameClient(h.host, h.port, h.join_code, "Bob", heartbeat=0)
    await bob.connect()
    status = await asyncio.to_thread(h.stop, sig)
    await bob.wait_for(lambda c: not c.open)
    assert status == 128 + sig, h.stderr()  # as a shell gives (143, 129), as a playing host ends: it was 0
    assert bob.closed_reason == "the host stopped; the match is saved"  # told goodbye, not dropped
    assert not (h.data / "network.json.lock").exists()  # the next 'gin-tui host' starts without a stale lock
    assert (h.data / "network.json").is_file()
    assert f"stopped ({sig.name})" in h.proc.stdout.read()
    await bob.close()


def test_the_suggested_join_command_carries_no_code(host_process):
    import shlex

    from ginrummy_tui.cli import build_parser

    h = host_process()
    said = "".join(h.out)
    # nobody plays at the server: it speaks of two players who join, not of "the other player"
    # and the "Host's own seat code"
    assert "other player" not in said and "Host" not in said
    runs = next(i for i, line in enumerate(h.out) if line.startswith("Each player runs this"))
    suggested = h.out[runs + 1]  # the command on a line of its own, to be copied whole
    code = h.join_code
    for form in (code, code.replace("-", ""), code.lower()):
        assert form not in suggested
    assert "--code" not in suggested
    command = shlex.split(suggested)
    assert command[:2] == ["gin-tui", "join"]
    args = build_parser().parse_args(command[1:])
    assert args.code is None and args.address == f"{h.host}:{h.port}"
    assert f"Player 2's join code: {code}" in said  # shown to the host, to pass on by word of mouth
    assert f"Player 1's join code: {h.host_code}" in said


def test_a_server_started_again_gives_both_players_the_same_codes(tmp_path):
    """gin-tui host --server-only started again kept Player 2's code but gave Player 1 a new
    one: the first player's game could not take its seat back."""
    first = HostProcess(tmp_path / "data")
    try:
        first.wait_serving()
    finally:
        assert first.stop() == 130
    again = HostProcess(tmp_path / "data")
    try:
        again.wait_serving()
        assert (again.host_code, again.join_code) == (first.host_code, first.join_code)
    finally:
        again.stop()


# ---------------------------------------------------------------- hostile disks


async def join_once(h: HostProcess) -> None:
    """A player joins with the code and leaves: the host serves."""
    bob = GameClient(h.host, h.port, h.join_code, "Bob", heartbeat=0)
    await bob.connect()
    assert bob.seat == 1
    await bob.close()


async def test_links_in_the_data_directory_are_moved_aside_never_written_through(tmp_path, host_process):
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    targets = {}
    for name in ("network.json.lock", "host.log", "network.json"):
        target = tmp_path / f"target-of-{name}"
        target.write_text("keep me")
        (data / name).symlink_to(target)
        targets[name] = target
    h = host_process()
    await join_once(h)
    assert h.stop() == 130
    err = h.stderr()
    for name, target in targets.items():
        assert target.read_text() == "keep me", name
        assert (data / name).is_file() or name == "network.json.lock"  # the lock is removed at exit
        assert not (data / name).is_symlink()
        moved = [p for p in data.iterdir() if re.fullmatch(re.escape(name) + r"\.(link|damaged)-[\d-]+", p.name)]
        assert all(p.is_symlink() for p in moved)
        assert len(moved) == 1, (name, sorted(p.name for p in data.iterdir()))
    assert "network.json.lock was a symbolic link" in err and "host.log was a symbolic link" in err
    assert "symbolic link" in "".join(h.out)  # the save's own message, as for a damaged save
    assert "connection from" in (data / "host.log").read_text()


async def test_the_data_directory_is_created_private(tmp_path, host_process):
    h = host_process()
    assert h.data.stat().st_mode & 0o777 == 0o700
    assert (h.data / "host.log").stat().st_mode & 0o777 == 0o600
    h.stop()


@pytest.mark.parametrize("server_only", [True, False], ids=["--server-only", "playing"])
def test_an_unusable_data_directory_is_refused_before_serving_in_one_line(tmp_path, server_only, capsys, monkeypatch):
    """It served, saying "the match cannot be saved: ...; it is played unsaved.", where --data-dir -
    is refused as a hosted match is saved: the same, with the reason, exit status 1."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import main
    from ginrummy_tui.net.server import ServerThread

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setattr(ServerThread, "start", lambda self: pytest.fail("it served"))
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    argv = ["host", "--port", "0", "--data-dir", str(blocker / "data")] + (["--server-only"] if server_only else [])
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"gin-tui host: the match cannot be saved: the data directory {blocker / 'data'} is not usable (Not a directory); "
        "a hosted match is saved, to be resumed with its join code: give a directory that can be used (--data-dir DIR)\n")
    assert blocker.read_text() == "not a directory"


class _Terminal(io.StringIO):
    """What the player types at the question, as from a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_second_host_says_how_to_stop_the_first_and_in_a_terminal_takes_the_match_over(host_process, capsys):
    """It said only "another 'gin-tui host' is running with this match (process N, since 16:47)"
    and exited 1: no take-over as the game's t, no word of what to do."""
    from ginrummy_tui.cli.host import SAVE_NAME, take_over_host
    from ginrummy_tui.storage.store import Store

    first = host_process()
    store = Store(first.data, SAVE_NAME)
    notes: list[str] = []
    assert not store.lock.acquire()
    # not a terminal: how to stop it, and where the take-over is offered
    assert take_over_host(store, notes, io.StringIO("t\n")) == 1
    said = " ".join(capsys.readouterr().err.split())
    assert f"another 'gin-tui host' is running with this match (process {first.proc.pid}, since " in said
    assert (f"Stop it first (Ctrl+C in its terminal, or kill {first.proc.pid}), then start 'gin-tui host' again: "
            "the match is saved after every move and goes on with the same join code.") in said
    assert "Run 'gin-tui host' in a terminal to be offered to take it over." in said
    # in a terminal: Enter quits, saying so; the first host serves on
    shown = io.StringIO()
    assert take_over_host(store, notes, _Terminal("\n"), shown) == 0
    assert "  t  take it over: that host saves, says goodbye to its players and closes" in shown.getvalue()
    assert shown.getvalue().endswith(
        "Your choice [t/q, Enter: quit]: Quit: nothing was started; the match is still hosted by the other "
        "'gin-tui host'.\n"
    )
    assert first.proc.poll() is None and not notes
    # t: the first host saves and closes, and the lock is held here
    try:
        assert take_over_host(store, notes, _Terminal("t\n"), io.StringIO()) is None
        assert first.proc.wait(15) == 143 and "stopped (SIGTERM)" in first.proc.stdout.read()
        assert len(notes) == 1 and notes[0].endswith("), which has closed.")
        assert notes[0].startswith(f"the match was taken over from the other 'gin-tui host' (process {first.proc.pid}, ")
        assert (first.data / SAVE_NAME).is_file()
    finally:
        store.lock.release()


def _until(check, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_host_whose_lock_file_is_removed_makes_it_again_and_a_second_host_is_refused(host_process):
    """``rm network.json.lock`` while a host served let a second ``gin-tui host``
    take the same match: the game made its lock file again, the host did not."""
    from ginrummy_tui.cli.host import SAVE_NAME
    from ginrummy_tui.storage.lock import Lock

    first = host_process()
    path = first.data / (SAVE_NAME + ".lock")
    owner = Lock(path).owner()
    assert owner is not None and owner.pid == first.proc.pid
    path.unlink()

    def remade() -> bool:
        again = Lock(path).owner()
        return again is not None and again.pid == first.proc.pid and again.since == owner.since

    assert _until(remade), "the host did not make its lock file again"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("GIN_TUI_HOME", None)
    second = subprocess.run(
        [sys.executable, "-m", "ginrummy_tui", "host", "--server-only", "--port", "0", "--data-dir", str(first.data)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )
    said = " ".join(second.stderr.split())
    assert second.returncode == 1, said
    assert f"another 'gin-tui host' is running with this match (process {first.proc.pid}, since " in said
    assert first.proc.poll() is None and first.stop() == 130
    assert not path.exists()  # given up as it closed


def test_a_second_host_started_before_the_removed_lock_file_is_made_again_is_refused(host_process):
    """The first host stopped (SIGSTOP) cannot make its removed lock file again:
    a second ``gin-tui host`` took the match then; it finds the first host's lock
    by the file's second name and is refused."""
    from ginrummy_tui.cli.host import SAVE_NAME

    first = host_process()
    path = first.data / (SAVE_NAME + ".lock")
    first.proc.send_signal(signal.SIGSTOP)
    try:
        path.unlink()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("GIN_TUI_HOME", None)
        try:
            second = subprocess.run(
                [sys.executable, "-m", "ginrummy_tui", "host", "--server-only", "--port", "0", "--data-dir",
                 str(first.data)],
                stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, cwd=ROOT, timeout=20,
            )
        except subprocess.TimeoutExpired:  # it serves the match (killed by run)
            pytest.fail("the second host took the match")
    finally:
        first.proc.send_signal(signal.SIGCONT)
    said = " ".join(second.stderr.split())
    assert second.returncode == 1, said
    assert f"another 'gin-tui host' is running with this match (process {first.proc.pid}, since " in said
    assert first.stop() == 130
    assert not path.exists() and not path.with_name("." + path.name).exists()


def test_a_host_started_again_without_port_listens_where_the_match_was_hosted(host_process):
    # A host started again (or taking the match over) without --port listened on the
    # default port, while the other player's game kept rejoining the old one; one given
    # another port said nothing of it.
    first = host_process()
    assert first.stop() == 130
    again = host_process(port=None)  # the same command without --port
    assert again.port == first.port and again.join_code == first.join_code
    assert again.stop() == 130
    assert "is now on port" not in again.stderr()
    alone = host_process()  # --port 0: another port, asked for; nobody had joined: no game tries the old port
    assert alone.port != first.port and alone.stop() == 130
    assert "is now on port" not in alone.stderr() and "leave it (q)" not in alone.stderr()
    _seated(alone.data, [True, False])  # a player had been at the table (the first seat, as --server-only has it)
    moved = host_process()
    assert moved.port != alone.port
    assert moved.stop() == 130
    said = " ".join(moved.stderr().split())
    first = alone
    # --server-only: both players join, and both their games try the old port
    assert (f"the match was hosted on port {first.port} and is now on port {moved.port}. Both players' games go on "
            f"trying port {first.port}: each player should leave it (q) and join the new address, gin-tui join "
            f"127.0.0.1:{moved.port}, with the same code.") in said


def test_a_host_started_again_without_bind_listens_on_the_address_the_match_was_hosted_on(host_process):
    # A host started again without --bind listened on 127.0.0.1, whatever address the match was
    # hosted on, where the other player's game (on another machine) kept rejoining in vain; one
    # given another address with --bind said nothing of it.
    first = host_process("--bind", "127.0.0.2")
    assert first.host == "127.0.0.2"
    assert first.stop() == 130
    again = host_process(port=None)  # the command it printed to resume the match: neither --bind nor --port
    assert (again.host, again.port, again.join_code) == ("127.0.0.2", first.port, first.join_code)
    assert again.stop() == 130
    assert "is now on" not in again.stderr()
    assert again.proc.stdout is not None
    assert "--bind 127.0.0.2" in again.proc.stdout.read()  # the command that resumes it names the address
    _seated(again.data, [True, False])  # a player had been at the table: their game rejoins 127.0.0.2
    moved = host_process("--bind", "127.0.0.1", port=None)
    assert (moved.host, moved.port) == ("127.0.0.1", first.port)
    assert moved.stop() == 130
    said = " ".join(moved.stderr().split())
    assert (f"the match was hosted on 127.0.0.2:{first.port} and is now on 127.0.0.1:{first.port}. Both players' "
            f"games go on trying 127.0.0.2:{first.port}: each player should leave it (q) and join the new address, "
            f"gin-tui join 127.0.0.1:{first.port}, with the same code.") in said
    wider = host_process("--bind", "0.0.0.0", port=None)  # every IPv4 address: 127.0.0.1 is still reached
    assert (wider.host, wider.port) == ("0.0.0.0", first.port) and wider.stop() == 130
    assert "is now on" not in wider.stderr()
    assert json.loads((wider.data / "network.json").read_text())["settings"]["bind"] == "0.0.0.0"


def test_a_host_listening_on_every_address_says_what_this_machine_stands_for(host_process):
    # "gin-tui join THIS-MACHINE:7537" was printed alone: typed as it is, "no such host".
    everywhere = host_process("--bind", "0.0.0.0")
    said = " ".join("".join(everywhere.out).split())
    assert f"gin-tui join THIS-MACHINE:{everywhere.port} (THIS-MACHINE stands for this machine's name or address, " \
        "as the other player's machine reaches it: typed as it is, it is no such host)" in said
    assert everywhere.stop() == 130
    loopback = host_process("--bind", "127.0.0.1")  # (left out, the saved match's address is 0.0.0.0)
    assert "THIS-MACHINE" not in "".join(loopback.out)


def test_a_new_match_is_hosted_on_the_saved_match_s_port_or_says_it_moved(host_process):
    # With --new and without --port the new match listened on the default port, saying
    # nothing, while the other player's game kept rejoining the old one "to reconnect".
    first = host_process()
    assert first.stop() == 130
    new = host_process("--new", port=None)  # where the old guest's game rejoins, and is told of the new match
    assert new.port == first.port and new.join_code != first.join_code
    assert new.stop() == 130
    assert "port" not in new.stderr()
    alone = host_process("--new")  # --port 0: another port, asked for; nobody had joined: nobody to tell
    assert alone.port != first.port and alone.stop() == 130
    assert "the new match is on port" not in alone.stderr()
    first = alone
    _seated(alone.data, [False, True])
    moved = host_process("--new")
    assert moved.port != first.port
    assert moved.stop() == 130
    said = " ".join(moved.stderr().split())
    # --server-only: it said "the other player must join ...", but both players join, each with a new code;
    # and their games, which cannot be told of the new match, were left "reconnecting" with no word of them
    assert (f"the match given up was hosted on port {first.port}; the new match is on port {moved.port}. Both "
            f"players' games go on trying port {first.port} and cannot be told of the new match: each player should "
            f"leave it (q) and join the new address, gin-tui join 127.0.0.1:{moved.port}, with their new join code.") in said


def _seated(data, seated: list[bool]) -> None:
    """The hosted match saved in ``data`` as if a player had been at the table in each seat ``seated`` says."""
    from ginrummy_tui.cli.host import SAVE_NAME

    path = data / SAVE_NAME
    saved = json.loads(path.read_text())
    saved["ui"]["seated"] = seated
    path.write_text(json.dumps(saved))


def test_a_hosted_match_moved_to_another_port_tells_the_host_s_player_what_the_guest_should_do():
    from ginrummy_tui.cli.host import moved_note

    assert moved_note(7742, 7743, "127.0.0.1:7743", new=True) == (
        "the match given up was hosted on port 7742; the new match is on port 7743. The other player's game goes on "
        "trying port 7742 and cannot be told of the new match: they should leave it (q) and join the new address, "
        "gin-tui join 127.0.0.1:7743, with the new join code.")
    assert moved_note(7742, 7743, "127.0.0.1:7743") == (
        "the match was hosted on port 7742 and is now on port 7743. The other player's game goes on trying port "
        "7742: they should leave it (q) and join the new address, gin-tui join 127.0.0.1:7743, with the same code.")
    # listening on another address, the note names it, where the note spoke of a port changed alone
    assert moved_note(7531, 7531, "10.77.0.1:7531", kept_bind="127.0.0.1", bind="10.77.0.1") == (
        "the match was hosted on 127.0.0.1:7531 and is now on 10.77.0.1:7531. The other player's game goes on trying "
        "127.0.0.1:7531: they should leave it (q) and join the new address, gin-tui join 10.77.0.1:7531, with the "
        "same code.")
    assert moved_note(7531, 7600, "[::1]:7600", kept_bind="0.0.0.0", bind="::1", new=True) == (
        "the match given up was hosted on 0.0.0.0:7531; the new match is on [::1]:7600. The other player's game goes "
        "on trying port 7531 of the address it joined and cannot be told of the new match: they should leave it (q) "
        "and join the new address, gin-tui join [::1]:7600, with the new join code.")


def test_a_host_resumed_without_name_keeps_the_seat_s_name_of_the_match(tmp_path):
    # A host that took the match over (or was started again) without --name renamed the
    # host's seat mid-match, from "Ann" to the login name.
    from ginrummy_tui.cli.host import SAVE_NAME, SaveReporter, hosted_before, match_server, prepare_match, seat_name
    from ginrummy_tui.storage.store import Store

    def hosting(name: str, new: bool = False):
        return prepare_match(Store(tmp_path, SAVE_NAME), rules_name=None, seed=7, new=new, name=name,
                             say=lambda text: None, record=False)

    keeper, state, code = hosting("Ann")
    match_server(SaveReporter(keeper), state, code, name="Ann")
    keeper.flush()  # saved with the server's table: the seats' names
    keeper, state, code = hosting("root")  # taken over under another login, no --name
    assert seat_name(keeper, "root") == "Ann" and keeper.settings["host"] == "Ann"
    assert match_server(SaveReporter(keeper), state, code, name="Ann").names[0] == "Ann"
    keeper.flush()
    # --new without --name: the seat was named by the login ("root"), the name Ann had chosen gone
    before = hosted_before(Store(tmp_path, SAVE_NAME))
    keeper, state, code = hosting("root", new=True)
    assert seat_name(keeper, "root", before) == "Ann" and keeper.settings["host"] == "Ann"


def test_a_host_closed_by_a_take_over_does_not_say_it_resumes_the_match():
    # the host a second 'gin-tui host' took over said "the match is saved; 'gin-tui host' resumes it
    # with the same join code ...", while the other host held it
    import signal
    from types import SimpleNamespace

    from ginrummy_tui.cli.host import closing_words

    keeper = SimpleNamespace(failing=False, errors=[])
    words, trouble = closing_words(False, keeper, [signal.SIGTERM], "24F6-MXAQ")
    assert trouble and words.startswith("closed on request (SIGTERM): the match is saved; if another 'gin-tui host' "
                                        "took it over, that one holds it now, else 'gin-tui host' resumes it")
    assert closing_words(False, keeper, [], "24F6-MXAQ") == (
        "the match is saved; 'gin-tui host' resumes it with the same join code 24F6-MXAQ.", False)
    assert closing_words(True, keeper, [signal.SIGTERM], "24F6-MXAQ") == (
        "the match is over; if another 'gin-tui host' took it over, that one holds it now, else 'gin-tui host' "
        "shows its result again and plays the next match with the same join code 24F6-MXAQ.", False)

