"""The lock on a match: a second process is refused cleanly; a dead owner's lock is stale."""

from __future__ import annotations

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
        if proc.poll() is None:
            proc.kill()
            proc.wait()


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
