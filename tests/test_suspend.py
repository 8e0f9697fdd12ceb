"""Ctrl+Z stops gin-tui only where a shell can bring it back (tui/suspend.py)."""

from __future__ import annotations

import subprocess
import sys

CHECK = "from ginrummy_tui.tui.suspend import job_control; print(job_control())"


def _job_control(**popen) -> str:
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, **popen)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_a_job_of_its_own_process_group_may_be_stopped():
    # what a shell with job control does for each command line it runs
    assert _job_control(process_group=0) == "True"


def test_the_leader_of_its_session_may_not_be_stopped():
    # `ssh host gin-tui`, a terminal window or a tmux pane running gin-tui itself:
    # nothing would ever send it SIGCONT
    assert _job_control(start_new_session=True) == "False"
