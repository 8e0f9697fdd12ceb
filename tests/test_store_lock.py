"""The lock on a match: a second process is refused cleanly; a dead owner's lock is stale."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from ginrummy_tui.storage.lock import Lock, LockedError
from ginrummy_tui.storage.store import Store

HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from ginrummy_tui.storage.lock import Lock
    lock = Lock(Path(sys.argv[1]))
    print("locked" if lock.acquire() else "refused", flush=True)
    sys.stdin.readline()
    lock.release()
    print("released", flush=True)
    """
)


def _holder(path):
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "locked"
    return proc


def _end(proc) -> None:
    """Stop a lock-holding process if it still runs."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def test_a_second_process_is_refused_and_told_who_holds_the_match(tmp_path):
    path = tmp_path / "current.json.lock"
    proc = _holder(path)
    try:
        mine = Lock(path)
        assert not mine.acquire()
        owner = mine.owner()
        assert owner is not None and owner.pid == proc.pid
        assert f"process {proc.pid}" in owner.describe()
        with pytest.raises(LockedError) as info:
            with Lock(path):
                pass
        assert "open in another gin-tui" in str(info.value)
        # the refused attempt changed nothing
        assert json.loads(path.read_text())["pid"] == proc.pid
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "released"
        assert proc.wait(5) == 0
        assert mine.acquire()
        mine.release()
    finally:
        _end(proc)


def test_a_lock_left_by_a_killed_process_is_stale_and_taken_over(tmp_path):
    path = tmp_path / "current.json.lock"
    proc = _holder(path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert path.exists()  # the file is still there, with the dead pid in it
    lock = Lock(path)
    assert lock.acquire()
    assert lock.took_over is not None and lock.took_over.pid == proc.pid
    assert json.loads(path.read_text())["pid"] == os.getpid()
    lock.release()
    assert not path.exists()


def test_a_garbage_lock_file_does_not_block(tmp_path):
    path = tmp_path / "current.json.lock"
    path.write_bytes(b"\x00not json")
    lock = Lock(path)
    assert lock.owner() is None
    assert lock.acquire()
    lock.release()


def test_separate_matches_get_their_own_slots(tmp_path):
    main = Store(tmp_path)
    assert main.lock.acquire()
    other = Store.separate(tmp_path)
    assert other.path != main.path
    assert other.lock.acquire()
    third = Store.separate(tmp_path)
    assert third.path not in (main.path, other.path)
    for s in (main, other):
        s.lock.release()


# ---------------------------------------------------------------- links in the data directory


def test_a_link_in_the_lock_files_place_is_moved_aside_never_written_through(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    path = tmp_path / "data" / "current.json.lock"
    path.parent.mkdir()
    path.symlink_to(target)
    lock = Lock(path)
    assert lock.acquire()
    try:
        assert target.read_text() == "keep me"
        assert not path.is_symlink() and json.loads(path.read_text())["pid"] == os.getpid()
        moved = [p for p in path.parent.iterdir() if p.name.startswith("current.json.lock.link-")]
        assert len(moved) == 1 and moved[0].is_symlink()  # the link itself, kept for the player to see
        assert len(lock.notes) == 1 and "symbolic link" in lock.notes[0] and str(target) in lock.notes[0]
    finally:
        lock.release()
    assert target.read_text() == "keep me"


def test_a_dangling_link_in_the_lock_files_place_creates_nothing_where_it_points(tmp_path):
    target = tmp_path / "elsewhere" / "new-file"
    target.parent.mkdir()
    path = tmp_path / "network.json.lock"
    path.symlink_to(target)
    lock = Lock(path)
    assert lock.acquire()
    lock.release()
    assert not target.exists()
    assert Lock(path).owner() is None


def test_the_local_app_says_so_when_its_lock_was_a_link(tmp_path):
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for, never_asked

    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    data = tmp_path / "data"
    data.mkdir()
    (data / "current.json.lock").symlink_to(target)
    plan = prepare(args_for(data, seed=4), ask=never_asked)
    try:
        assert any("current.json.lock was a symbolic link" in n for n in plan.notes)
        plan.after_first_frame()  # the table is up: the match is saved, through no link
        assert (data / "current.json").is_file()
    finally:
        plan.close()
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("make, kind", [(os.mkdir, "a directory"), (os.mkfifo, "a named pipe (FIFO)")])
def test_a_directory_or_pipe_in_the_lock_files_place_is_moved_aside_and_the_match_saved(tmp_path, make, kind):
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for, never_asked

    data = tmp_path / "data"
    data.mkdir()
    make(data / "current.json.lock")
    plan = prepare(args_for(data, seed=4), ask=never_asked)
    try:
        assert any(f"current.json.lock was {kind}, not a file; it was moved to" in n for n in plan.notes), plan.notes
        assert not any("cannot be saved" in n for n in plan.notes)
        assert json.loads((data / "current.json.lock").read_text())["pid"] == os.getpid()
        plan.after_first_frame()  # the table is up: the match is saved
        assert (data / "current.json").is_file()
    finally:
        plan.close()
    moved = [p for p in data.iterdir() if p.name.startswith("current.json.lock.damaged-")]
    assert len(moved) == 1 and not moved[0].is_file()  # kept, as it was, for the player to see


def test_a_save_that_is_a_link_is_not_read_through_and_is_moved_aside(tmp_path):
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.storage.store import read_save

    other = Store(tmp_path / "other")
    assert other.save(new_game(seed=1), match_id="20260101-000000-abcd")
    before = other.path.read_bytes()
    data = tmp_path / "data"
    data.mkdir()
    (data / "current.json").symlink_to(other.path)
    found = read_save(data / "current.json")
    assert found is not None and "symbolic link" in found.reason
    store = Store(data)
    opened = store.load()
    assert opened.saved is None and "symbolic link" in opened.messages[0]
    assert opened.error is not None and opened.error.moved_to is not None and opened.error.moved_to.is_symlink()
    assert store.save(new_game(seed=2), match_id="20260101-000000-beef")
    assert other.path.read_bytes() == before and store.path.is_file() and not store.path.is_symlink()


def test_a_fifo_in_the_saves_place_is_refused_without_waiting(tmp_path):
    from ginrummy_tui.storage.store import read_save

    os.mkfifo(tmp_path / "current.json")
    found = read_save(tmp_path / "current.json")
    assert found is not None and "it is a named pipe (FIFO), not a file" in found.reason


def test_the_data_directory_and_the_ones_above_it_are_created_private(tmp_path):
    lock = Lock(tmp_path / "a" / "b" / "data" / "current.json.lock")
    assert lock.acquire()
    lock.release()
    for d in ("a", "a/b", "a/b/data"):
        assert (tmp_path / d).stat().st_mode & 0o777 == 0o700, d


STUBBORN = textwrap.dedent(
    """
    import signal, sys, time
    from pathlib import Path
    from ginrummy_tui.storage.lock import Lock
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a process that will not close
    lock = Lock(Path(sys.argv[1]))
    print("locked" if lock.acquire() else "refused", flush=True)
    time.sleep(60)
    """
)


def test_taking_over_closes_the_holder_and_takes_its_lock(tmp_path):
    path = tmp_path / "current.json.lock"
    proc = _holder(path)  # ends on SIGTERM, as gin-tui does once it has closed
    try:
        mine = Lock(path)
        assert not mine.acquire()
        owner = mine.owner()
        assert owner is not None and owner.here
        assert mine.take_over(owner, grace=5.0)
        assert proc.wait(5) == -signal.SIGTERM
        assert json.loads(path.read_text())["pid"] == os.getpid()
        mine.release()
    finally:
        _end(proc)


def test_a_holder_that_ignores_sigterm_is_killed_after_the_grace(tmp_path):
    path = tmp_path / "current.json.lock"
    proc = subprocess.Popen([sys.executable, "-c", STUBBORN, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        mine = Lock(path)
        owner = mine.owner()
        assert owner is not None
        assert mine.take_over(owner, grace=0.5)
        assert proc.wait(5) == -signal.SIGKILL
        mine.release()
    finally:
        _end(proc)


def test_a_holder_on_another_machine_is_never_signalled(tmp_path):
    from ginrummy_tui.storage.lock import LockOwner

    path = tmp_path / "current.json.lock"
    proc = _holder(path)
    try:
        mine = Lock(path)
        far = LockOwner(proc.pid, "some-other-host", None)
        assert not far.here
        assert not mine.take_over(far, grace=0.2)
        assert proc.poll() is None  # still running, still holding the match
        assert not mine.acquire()
    finally:
        _end(proc)


def test_starting_gin_tui_can_take_the_match_over_from_the_holder(tmp_path):
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for

    first = prepare(args_for(tmp_path, seed=4), ask=None)
    first.after_first_frame()
    first.close()  # a match saved in the slot
    proc = _holder(tmp_path / "current.json.lock")
    asked = []

    def take(owner, *, can_take, **_):
        asked.append((owner, can_take))
        return "take"

    try:
        plan = prepare(args_for(tmp_path), ask=take)
        try:
            assert len(asked) == 1 and f"process {proc.pid}" in asked[0][0] and asked[0][1] is True
            assert proc.wait(5) == -signal.SIGTERM
            assert any("taken over from the other gin-tui" in n for n in plan.notes)
            assert plan.store.path.name == "current.json"  # the match itself, not a separate one
            assert str(plan.state.seed) == "4"  # the saved match resumed
        finally:
            plan.close()
    finally:
        _end(proc)


def test_the_holder_is_described_with_a_readable_time_that_fits_the_prompt_line(monkeypatch):
    # The lock file keeps UTC ISO 8601; a person reads the local time to the
    # minute, with the day only when it is not today.  The raw form made the
    # "Your match is open in another gin-tui (...)" line 81 columns wide.
    from datetime import UTC, datetime

    from ginrummy_tui.storage.lock import LockOwner, _when

    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    now = datetime(2026, 12, 2, 15, 0, tzinfo=UTC)
    assert _when("2026-12-02T13:51:23Z", now) == "13:51"
    assert _when("2026-12-01T09:05:00Z", now) == "1 Dec 09:05"
    assert _when("2025-12-01T09:05:00Z", now) == "1 Dec 2025 09:05"
    assert _when("not a time", now) == "not a time"
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    assert _when("2026-12-02T13:51:23Z", now) == "2 Dec 22:51"  # 3 Dec there now
    assert _when("2026-12-02T13:51:23Z", datetime(2026, 12, 2, 14, 0, tzinfo=UTC)) == "22:51"
    monkeypatch.delenv("TZ")
    time.tzset()
    owner = LockOwner(pid=32186, host=None, since=datetime.now(UTC).replace(microsecond=0).isoformat())
    line = f"Your match is open in another gin-tui ({owner.describe()})."
    assert len(line) <= 80 and "T" not in owner.describe().split("since")[1]


class _Terminal(io.StringIO):
    """What the player types at the question, as from a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("typed", ["\n", "q\n", "x\n\n"])
def test_the_question_of_a_match_open_elsewhere_says_that_enter_quits_and_says_it_quit(typed):
    """A bare Enter quit with status 0 without a word, and the question did not say it would."""
    from ginrummy_tui.session.startup import ask_open_elsewhere

    shown = io.StringIO()
    assert ask_open_elsewhere("process 19146, since 16:47", _Terminal(typed), shown, can_take=True) == "quit"
    lines = shown.getvalue().splitlines()
    assert "  q  quit (Enter alone quits too)" in lines
    assert lines[-1] == (
        "Your choice [t/s/q, Enter: quit]: Quit: nothing was started; your match is still open in the other gin-tui."
    )


@pytest.mark.parametrize("reflex", ["y", "n", "no"])
def test_the_question_of_a_match_open_elsewhere_says_its_letters_to_a_yes_or_no(reflex):
    """A "y" or an "n" typed by reflex at the take-over question, whose "t" takes the
    match over (with --new, sets it aside as abandoned), was only told it was not a
    choice: it is told what each letter does."""
    from ginrummy_tui.session.startup import ask_open_elsewhere

    shown = io.StringIO()
    typed = _Terminal(f"{reflex}\nq\n")
    assert ask_open_elsewhere("process 7, since 16:47", typed, shown, can_take=True, new="--new") == "quit"
    lines = shown.getvalue().replace("Your choice [t/s/q, Enter: quit]: ", "\n").splitlines()
    assert (
        f"{reflex!r} is not one of the choices (this is not a yes-or-no question): "
        "answer t (take), s (separate) or q (quit)."
    ) in lines, lines


def test_the_take_over_question_is_broken_between_words_at_the_terminal_s_width(monkeypatch):
    """gin-tui host's take-over question at 80 columns: the option's line ran on
    from the terminal's first column, the "Quit:" line was 81 characters and its
    full stop came alone on a line, and an answer not understood asked again
    without saying why."""
    from ginrummy_tui.session.startup import ask_choice

    monkeypatch.setenv("COLUMNS", "80")
    shown = _Terminal()
    choices = [("t", "take", "take it over: that host saves, says goodbye to its players and closes, and the match is hosted here")]
    note = "nothing was started; the match is still hosted by the other 'gin-tui host'."
    assert ask_choice(choices, note, _Terminal("x\nq\n"), shown) == "quit"
    # the answers typed end the prompt's line on a terminal; the capture has no echo of them
    lines = shown.getvalue().replace("Your choice [t/q, Enter: quit]: ", "\n").splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert "." not in [line.strip() for line in lines], lines
    option = next(i for i, line in enumerate(lines) if line.startswith("  t  take it over"))
    assert lines[option + 1].startswith("     ") and "hosted here" in lines[option + 1], lines  # under its words
    assert "'x' is not one of the choices: answer t (take) or q (quit)." in lines, lines


def test_a_wrong_answer_at_the_take_over_question_is_told_what_each_letter_does():
    """'x' was told "answer t/s or q", where a "y" is told "answer t (take), s (separate) or q (quit)"."""
    from ginrummy_tui.session.startup import ask_open_elsewhere

    shown = io.StringIO()
    assert ask_open_elsewhere("process 7, since 16:47", _Terminal("x\nq\n"), shown, can_take=True) == "quit"
    lines = shown.getvalue().replace("Your choice [t/s/q, Enter: quit]: ", "\n").splitlines()
    assert "'x' is not one of the choices: answer t (take), s (separate) or q (quit)." in lines, lines


@pytest.mark.parametrize(("typed", "answer"), [("take", "take"), ("Separate", "separate"), ("quit", "quit")])
def test_the_take_over_question_takes_the_words_of_its_choices(typed, answer):
    from ginrummy_tui.session.startup import ask_open_elsewhere

    shown = io.StringIO()
    assert ask_open_elsewhere("process 7, since 16:47", _Terminal(f"{typed}\n"), shown, can_take=True) == answer
    assert "not one of the choices" not in shown.getvalue()


# ---------------------------------------------------------------- Ctrl+C before the table


def _game_in_a_terminal(root, until: bytes) -> tuple[int, str]:
    """``gin-tui --data-dir root`` with a pseudo-terminal as its standard input,
    output and error, sent SIGINT (Ctrl+C) once it has written ``until``: its
    exit status and what it wrote."""
    import pty
    import select
    import time

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("TEXTUAL_DRIVER", "GIN_TUI_WEB", "GIN_TUI_HOME")}
    env.update(PYTHONPATH=os.getcwd() + os.pathsep + env.get("PYTHONPATH", ""), TERM="xterm")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_tui", "--data-dir", str(root)],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    said = b""

    def read(wanted: bytes | None) -> None:
        nonlocal said
        deadline = time.monotonic() + 30
        while (wanted is None or wanted not in said) and time.monotonic() < deadline:
            if not select.select([master], [], [], 0.5)[0]:
                if wanted is None:
                    return
                continue
            try:
                chunk = os.read(master, 4096)
            except OSError:  # its other side closed: it ended
                return
            if not chunk:
                return
            said += chunk

    try:
        read(until)
        assert proc.poll() is None, said
        os.killpg(proc.pid, signal.SIGINT)
        status = proc.wait(15)
        read(None)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
    return status, said.decode(errors="replace").replace("\r\n", "\n")


def test_ctrl_c_at_the_question_of_a_match_open_elsewhere_says_so_in_one_line_with_status_130(tmp_path):
    """Ctrl+C at "Your choice [t/s/q, Enter: quit]:" printed a Python traceback."""
    proc = _holder(tmp_path / "current.json.lock")
    try:
        status, text = _game_in_a_terminal(tmp_path, b"Your choice [t/s/q, Enter: quit]: ")
    finally:
        _end(proc)
    assert status == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert text.endswith("Your choice [t/s/q, Enter: quit]: \ngin-tui: stopped (Ctrl+C).\n"), text


def _game_stopped_in_process(argv, monkeypatch, capsys) -> tuple[int, str]:
    """``gin-tui`` run in this process as from a terminal: its status and standard error."""
    from ginrummy_tui import cli

    monkeypatch.setattr(cli, "missing_terminal", lambda *a, **k: None)
    monkeypatch.setattr(cli, "dumb_terminal", lambda: None)
    try:
        status = cli.main(argv)
    except KeyboardInterrupt:  # as a traceback, in a terminal
        pytest.fail("Ctrl+C went through gin-tui as a KeyboardInterrupt")
    return status, capsys.readouterr().err


def test_ctrl_c_while_the_lock_is_waited_for_says_so_in_one_line_with_status_130(tmp_path, monkeypatch, capsys):
    """Ctrl+C in the moment gin-tui waits for the lock of a match open elsewhere
    printed a Python traceback."""
    waited = []

    def interrupted(self, seconds):
        waited.append(seconds)
        raise KeyboardInterrupt

    monkeypatch.setattr(Lock, "wait_for", interrupted)
    proc = _holder(tmp_path / "current.json.lock")
    try:
        status, err = _game_stopped_in_process(["--data-dir", str(tmp_path)], monkeypatch, capsys)
    finally:
        _end(proc)
    assert waited and status == 130
    assert err == "gin-tui: stopped (Ctrl+C).\n"


def test_ctrl_c_at_the_question_of_seed_leaves_the_match_and_its_lock_with_status_130(tmp_path, monkeypatch, capsys):
    """Ctrl+C at "Your choice [g/q, Enter: quit]:" (--seed on a match with moves)
    printed a Python traceback."""
    from .test_resume import _a_match_with_one_hand_played

    first_id = _a_match_with_one_hand_played(tmp_path)
    before = (tmp_path / "current.json").read_bytes()

    class Interrupted(_Terminal):
        def readline(self, *_):
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    status, err = _game_stopped_in_process(["--data-dir", str(tmp_path), "--seed", "5"], monkeypatch, capsys)
    assert status == 130
    assert err == "gin-tui: stopped (Ctrl+C).\n"
    assert (tmp_path / "current.json").read_bytes() == before and first_id.encode() in before
    lock = Lock(tmp_path / "current.json.lock")  # given back
    assert lock.acquire()
    lock.release()


# ---------------------------------------------------------------- a lock file removed while held


def _until(check, seconds: float = 5.0) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize("how", ["removed", "replaced"])
def test_a_lock_file_removed_while_the_match_is_played_is_made_again_and_a_second_gin_tui_refused(tmp_path, how):
    """``rm current.json.lock`` while a gin-tui played let a second gin-tui play
    the same match: both saved over each other, the last writer won."""
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for

    first = prepare(args_for(tmp_path), ask=None)
    try:
        first.after_first_frame()
        path = tmp_path / "current.json.lock"
        since = Lock(path).owner().since
        if how == "removed":
            path.unlink()
        else:  # a file of the same name in its place (an editor's save, a copy)
            (tmp_path / "other").write_text("{}")
            os.replace(tmp_path / "other", path)
        assert _until(lambda: path.exists() and Lock(path).owner() is not None and Lock(path).owner().pid == os.getpid())
        assert Lock(path).owner().since == since  # held since then all along
        asked = []

        def ask(owner, **_):
            asked.append(owner)
            return "quit"

        from ginrummy_tui.session.startup import Refused

        with pytest.raises(Refused):
            prepare(args_for(tmp_path), ask=ask)
        assert asked and f"process {os.getpid()}" in asked[0]
        assert first.store.lock.held and first.keeper.store.save(
            first.state, match_id=first.keeper.match_id, settings=first.keeper.settings
        )
    finally:
        first.close()
    assert not (tmp_path / "current.json.lock").exists()  # given up as before


def test_a_match_whose_removed_lock_file_another_gin_tui_took_first_is_no_longer_saved_here(tmp_path):
    """The other gin-tui got in before the lock file was made again: this one says
    so and saves no more over the match, which the other one plays now."""
    store = Store(tmp_path)
    assert store.lock.acquire()
    from ginrummy_tui.engine import new_game

    state = new_game(seed=1)
    assert store.save(state, match_id="m1")
    (tmp_path / "current.json.lock").unlink()
    (tmp_path / ".current.json.lock").unlink()  # its second name too, else the other gives way
    proc = _holder(tmp_path / "current.json.lock")  # in the moment before the lock file was made again
    try:
        before = (tmp_path / "current.json").read_bytes()
        assert not store.save(state, match_id="m1")
        assert store.lock.lost is not None and store.lock.lost.pid == proc.pid
        assert store.last_error is not None and f"another gin-tui (process {proc.pid}" in store.last_error
        assert "current.json.lock was removed" in store.last_error
        assert (tmp_path / "current.json").read_bytes() == before
        store.lock.release()
        assert (tmp_path / "current.json.lock").exists()  # the other's lock file is left to it
        assert json.loads((tmp_path / "current.json.lock").read_text())["pid"] == proc.pid
    finally:
        _end(proc)


TRY = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from ginrummy_tui.storage.lock import Lock
    lock = Lock(Path(sys.argv[1]))
    if lock.acquire():
        print("locked", flush=True)
        lock.release()
    else:
        owner = lock.owner()
        print("refused", owner.pid if owner else None, flush=True)
    """
)


def _try_lock(path) -> str:
    """What another process says as it tries to take the lock at ``path`` (and gives it up)."""
    done = subprocess.run([sys.executable, "-c", TRY, str(path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_second_process_that_locks_a_file_made_where_the_holder_s_was_removed_gives_way(tmp_path):
    """In the half second before a gin-tui made its removed lock file again, a
    second gin-tui could lock a file made in its place and play the same match
    (the first then saved no more): it finds the holder's lock by its second name."""
    from ginrummy_tui.engine import new_game

    store = Store(tmp_path)
    assert store.lock.acquire()  # not watched: the moment before the file is made again
    path, second = tmp_path / "current.json.lock", tmp_path / ".current.json.lock"
    path.unlink()
    assert _try_lock(path) == f"refused {os.getpid()}"  # told who holds the match
    assert store.lock.keep() and store.lock.lost is None  # made again here
    assert json.loads(path.read_text())["pid"] == os.getpid() and os.path.samefile(path, second)
    assert store.save(new_game(seed=1), match_id="m1")
    second.unlink()  # its second name removed by hand: made again too
    assert store.lock.keep() and os.path.samefile(path, second)
    assert _try_lock(path) == f"refused {os.getpid()}"
    store.lock.release()
    assert not path.exists() and not second.exists()  # both names go with the lock
    assert _try_lock(path) == "locked"


def test_a_second_name_left_by_a_killed_holder_is_stale(tmp_path):
    path = tmp_path / "current.json.lock"
    proc = _holder(path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    path.unlink()  # both names left, then the one at the path removed: the other names a dead holder
    lock = Lock(path)
    assert lock.acquire()
    assert os.path.samefile(path, tmp_path / ".current.json.lock")
    lock.release()
    assert list(tmp_path.iterdir()) == []


def test_a_lock_file_this_user_may_not_open_is_named_not_the_data_directory(tmp_path, monkeypatch):
    """Another user's current.json.lock (root's, at 0600) in a directory this user may
    write was told as "the data directory ... is not usable (Permission denied)"."""
    import errno

    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage import lock as lock_module

    from .test_resume import args_for

    path = tmp_path / "current.json.lock"
    path.write_text("{}")

    def denied(where, flags, mode=0o600, **_):
        raise PermissionError(errno.EACCES, "Permission denied", str(where))  # as for another user's file

    monkeypatch.setattr(lock_module, "open_regular", denied)
    plan = prepare(args_for(tmp_path), ask=None)
    try:
        assert plan.notes[0] == (
            f"Your match cannot be saved or recorded: its lock file {path} cannot be opened (Permission denied); "
            "choose another folder with --data-dir or GIN_TUI_HOME."
        )
    finally:
        plan.close()
    with pytest.raises(PermissionError) as info:
        Lock(path).acquire()
    assert Lock(path).unusable(info.value) == f"its lock file {path} cannot be opened (Permission denied)"
    unmade = OSError(errno.ENOTDIR, "Not a directory", str(tmp_path / "afile"))
    assert Lock(path).unusable(unmade) == f"the data directory {tmp_path} is not usable (Not a directory)"


@pytest.mark.parametrize("filled", [False, True])
def test_a_directory_at_the_second_name_does_not_switch_the_guard_off(tmp_path, filled):
    """``mkdir .current.json.lock`` left the directory in place (unlink cannot remove
    one): the lock had no second name, and a second gin-tui that locked a file made
    where the holder's was removed played the same match.  An empty directory is
    removed; one with files in it is moved aside, what it holds kept, and said."""
    path, second = tmp_path / "current.json.lock", tmp_path / ".current.json.lock"
    second.mkdir()
    if filled:
        (second / "notes.txt").write_text("mine")
    lock = Lock(path)
    assert lock.acquire()
    try:
        assert second.is_file() and os.path.samefile(path, second) and os.stat(path).st_nlink == 2
        moved = sorted(tmp_path.glob(".current.json.lock.damaged-*"))
        if filled:
            (aside,) = moved
            assert (aside / "notes.txt").read_text() == "mine"
            assert lock.notes == [
                f".current.json.lock was a directory with files in it, not the lock's second name; it was moved to {aside}."
            ]
        else:
            assert moved == [] and lock.notes == []
        path.unlink()  # removed by hand: the other process finds the holder by its second name
        assert _try_lock(path) == f"refused {os.getpid()}"
    finally:
        lock.release()
