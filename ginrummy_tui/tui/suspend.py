"""Whether Ctrl+Z can hand the terminal back to a shell.

A program stopped with SIGTSTP waits until a shell with job control sends it
SIGCONT (``fg``).  Such a shell runs each job in a process group of its own,
so a process in the group that leads its session (``ssh host gin-tui``, a
terminal window or a tmux pane that runs gin-tui itself) has no shell to
come back from: stopped there, it would stay stopped for good.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App


def job_control() -> bool:
    """True when this process runs as a job of a shell with job control: in a process group
    of its own, which a process of the same session outside it (the shell) can bring back.
    A group without one (its shell gone, or a group made by a program that is no shell and
    has ended, as under tmux started by a command that exits) is orphaned: the system does not
    stop it for Ctrl+Z, or once stopped nothing would continue it."""
    if os.name != "posix":
        return False
    try:
        group, session = os.getpgrp(), os.getsid(0)
        if group == session:
            return False
        pid = os.getpid()
        for _ in range(MAX_ANCESTORS):  # up the parents in the group, to the first outside it
            parent = os.getppid() if pid == os.getpid() else _parent_of(pid)
            if parent is None:  # not to be read here (no /proc): as a job, which it looks like
                return True
            if parent <= 1:  # the parent gone: nothing in the session outside the group
                return False
            if os.getpgid(parent) != group:
                return os.getsid(parent) == session
            pid = parent
    except OSError:
        return False
    return True


MAX_ANCESTORS = 64
"""How far up the parents in its process group :func:`job_control` looks for the one outside it."""


def _parent_of(pid: int) -> int | None:
    """The parent of process ``pid`` (None where the system does not say: no ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[1])
    except (OSError, IndexError, ValueError):
        return None


def can_suspend(app: App) -> bool:
    """True when Ctrl+Z may stop the app: a real terminal, and a shell to come back to."""
    driver = app._driver
    return driver is not None and driver.can_suspend and job_control()
