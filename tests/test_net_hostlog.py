"""The host's log file: rotated under a cap, repeated lines limited."""

from __future__ import annotations

import logging

from ginrummy_tui.net.hostlog import BACKUPS, LOG_CAP, MAX_BYTES, HostLogHandler, RepeatLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def logger_to(handler: logging.Handler, name: str) -> logging.Logger:
    log = logging.getLogger(name)
    log.propagate = False
    log.setLevel(logging.INFO)
    log.handlers[:] = [handler]
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    return log


def test_the_cap_is_a_few_megabytes():
    assert LOG_CAP == (BACKUPS + 1) * MAX_BYTES and 1 << 20 <= LOG_CAP <= 8 << 20


def test_distinct_lines_rotate_and_stay_under_the_cap(tmp_path):
    handler = HostLogHandler(tmp_path / "host.log", max_bytes=10_000, backups=2)
    log = logger_to(handler, "test.hostlog.rotate")
    line = "x" * 90
    for i in range(2000):  # about 200 KB of lines, each of its own kind
        log.info(f"{i} {line}")
    handler.close()
    files = sorted(tmp_path.iterdir())
    assert [p.name for p in files] == ["host.log", "host.log.1", "host.log.2"]
    assert all(p.stat().st_size <= 10_000 for p in files)
    assert "1999 " in (tmp_path / "host.log").read_text()  # the newest lines are kept


def test_repeated_lines_are_let_through_a_few_per_period_and_counted():
    clock = Clock()
    limiter = RepeatLimiter(burst=3, period=10, clock=clock)
    got = [limiter.admit("a") for _ in range(5)]
    assert got == [(True, 0)] * 3 + [(False, 0)] * 2
    assert limiter.admit("b") == (True, 0)  # another kind has its own allowance
    clock.now += 10
    assert limiter.admit("a") == (True, 2)  # a new period: say how many were left out
    assert limiter.pending() == []


def test_the_log_says_how_many_lines_it_left_out(tmp_path):
    clock = Clock()
    handler = HostLogHandler(tmp_path / "host.log", limiter=RepeatLimiter(burst=2, period=60, clock=clock))
    log = logger_to(handler, "test.hostlog.limit")
    for port in range(100):
        log.info("connection from %s", f"10.0.0.1:{port}")
    log.warning("wrong join code from %s", "10.0.0.2:1")
    clock.now += 60
    log.info("connection from %s", "10.0.0.1:5000")
    for _ in range(5):
        log.warning("wrong join code from %s", "10.0.0.2:1")
    handler.close()
    lines = (tmp_path / "host.log").read_text().splitlines()
    assert sum("INFO connection from" in x for x in lines) == 3
    assert any("(98 more lines like this were left out: connection from …)" in x for x in lines)
    assert sum("WARNING wrong join code" in x for x in lines) == 3  # 1 in the first period, 2 in the next
    assert lines[-1].endswith("(3 more lines like this were left out: wrong join code from …)")  # said at close
    assert not any("%s" in x for x in lines)  # the kind of line in words: "%s" read as unfinished


def test_a_named_pipe_in_the_logs_place_is_refused_with_a_note_not_waited_on(tmp_path):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "host.log")
    code = (
        "import sys; from pathlib import Path; from ginrummy_tui.net.hostlog import open_host_log; "
        "handler, notes = open_host_log(Path(sys.argv[1]), 'test.hostlog.fifo'); "
        "print(type(handler).__name__); print(*notes)"
    )
    # in a process of its own: a log waiting for a reader fails the test instead of hanging the suite
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "host.log")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    kind, note = done.stdout.splitlines()
    assert kind == "NullHandler"
    assert note == f"the log {tmp_path / 'host.log'} cannot be written (it is a named pipe (FIFO), not a file); nothing is logged."


def test_one_line_left_out_is_said_in_the_singular_with_its_kind_in_words(tmp_path):
    """The host's log said "(1 more lines like this were left out: refused a message from %s
    (seat %s): %s)": a plural for one, and the line's template, which read as unfinished."""
    clock = Clock()
    handler = HostLogHandler(tmp_path / "host.log", limiter=RepeatLimiter(burst=1, period=60, clock=clock))
    log = logger_to(handler, "test.hostlog.one")
    for reason in ("flood", "illegal"):
        log.warning("refused a message from %s (seat %s): %s", "10.0.0.3:9", 1, reason)
    handler.close()
    lines = (tmp_path / "host.log").read_text().splitlines()
    assert lines[-1] == "WARNING (1 more line like this was left out: refused a message from … (seat …): …)"
