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


ORPHANED = f"""
import os, subprocess, sys
wait = "import os, sys, time\\nwhile os.getppid() == int(sys.argv[1]): time.sleep(0.01)\\n"
subprocess.Popen([sys.executable, "-c", wait + {CHECK!r}, str(os.getpid())])
"""


def test_a_process_group_its_parent_left_may_not_be_stopped():
    # a group of its own whose parent ended (tmux started by a command that exits, a
    # wrapper run in the background): no shell of the session is there to bring it back,
    # and the system ignores Ctrl+Z there; Ctrl+Z said nothing and did nothing
    assert _job_control_of(ORPHANED, process_group=0) == "False"


def _job_control_of(script: str, **popen) -> str:
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, **popen)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()
