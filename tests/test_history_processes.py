"""Nothing lost: real processes killed while recording, and two writing at once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from ginrummy_tui.storage.history import open_history

from .history_child import states

ROOT = Path(__file__).resolve().parent.parent


def child(root, *args) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.history_child", str(root), *args],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def wait_for(proc: subprocess.Popen, word: str) -> list[str]:
    """The lines printed up to and including the one starting with ``word``."""
    lines = []
    while True:
        line = proc.stdout.readline()
        assert line, f"the child ended before {word}: {proc.stderr.read()}"
        lines.append(line.strip())
        if line.startswith(word):
            return lines


def kill9(proc: subprocess.Popen) -> str:
    os.kill(proc.pid, signal.SIGKILL)
    rest, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return rest


def checked(root):
    opening = open_history(root, check=True)
    assert opening.messages == [] and opening.history is not None
    return opening.history


def test_kill_9_while_the_match_end_is_written_loses_that_hand_only(tmp_path):
    proc = child(tmp_path, "hold-end", "m1")
    lines = wait_for(proc, "HOLDING")
    before = max(int(line.split()[1]) for line in lines if line.startswith("HANDS"))
    kill9(proc)

    hist = checked(tmp_path)
    (finished, hands), = hist.read(
        "SELECT finished, (SELECT count(*) FROM hands WHERE match = m.id) FROM matches m WHERE uid = 'm1'")
    last = list(states(7))[-1]
    assert (finished, hands) == (0, before) and before == len(last.sheet) - 1
    # the match resumed from its save records the last hand and the end
    rec = hist.recorder("m1")
    rec.observe(last)
    (record,) = list(hist.records())
    assert record["finished"] and [h["hand_no"] for h in record["hands"]] == [r.hand_no for r in last.sheet]


def test_kill_9_at_random_moments_keeps_every_hand_written_and_loses_at_most_one(tmp_path):
    rng = random.Random(3)
    wrote: dict[str, int] = {}
    ended: set[str] = set()
    for round_no in range(4):
        proc = child(tmp_path, "loop", f"r{round_no}", "200")
        seen = []
        for _ in range(rng.randint(3, 60)):
            seen += wait_for(proc, "WROTE")
        seen += kill9(proc).splitlines()
        for line in seen:
            if line.startswith("WROTE"):
                _, mid, n, *end = line.split()
                wrote[mid] = max(wrote.get(mid, 0), int(n))
                if end:
                    ended.add(mid)
        hist = checked(tmp_path)
        rows = dict(((uid, (n, fin)) for uid, n, fin in hist.read(
            "SELECT uid, (SELECT count(*) FROM hands WHERE match = m.id), finished FROM matches m")))
        for mid, n in wrote.items():
            assert rows[mid][0] >= n and (mid not in ended or rows[mid][1] == 1)
        # this round's process may have committed the hand it was writing when it died, unreported
        mine = f"r{round_no}-"
        extra = sum(n for uid, (n, _) in rows.items() if uid.startswith(mine)) - sum(
            n for mid, n in wrote.items() if mid.startswith(mine))
        assert extra in (0, 1)
        hist.close()
    assert len(wrote) > 4


def test_two_processes_finishing_matches_at_once_both_land(tmp_path):
    b = child(tmp_path, "finish", "b", "3")
    wait_for(b, "READY")
    a = child(tmp_path, "hold-end", "a")
    wait_for(a, "HOLDING")  # a holds the write lock ...
    b.stdin.write("go\n")  # ... while b records its match end: b waits for it
    b.stdin.flush()
    a.stdin.write("go\n")
    a.stdin.flush()
    out_a, err_a = a.communicate(timeout=60)
    out_b, err_b = b.communicate(timeout=60)
    assert "DONE" in out_a and "DONE" in out_b, (err_a, err_b)
    hist = checked(tmp_path)
    rows = hist.read("SELECT uid, finished FROM matches ORDER BY uid")
    assert rows == [("a", 1), ("b", 1)]


def test_two_processes_recording_many_matches_side_by_side_lose_nothing(tmp_path):
    procs = [child(tmp_path, "loop", name, "25") for name in ("p", "q")]
    outs = [p.communicate(timeout=120) for p in procs]
    for p, (_out, err) in zip(procs, outs):
        assert p.returncode == 0, err
    hist = checked(tmp_path)
    finished = hist.read("SELECT count(*) FROM matches WHERE finished = 1")[0][0]
    assert finished == 50
    wrote = sum(1 for out, _ in outs for line in out.splitlines() if line.startswith("WROTE"))
    writes = hist.read("SELECT count(*) FROM hands")[0][0]
    assert writes == sum(len(list(states(n))[-1].sheet) for n in range(25)) * 2
    assert wrote >= writes
