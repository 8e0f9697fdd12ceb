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
    """True when this process runs as a job of a shell with job control."""
    if os.name != "posix":
        return False
    try:
        return os.getpgrp() != os.getsid(0)
    except OSError:
        return False


def can_suspend(app: App) -> bool:
    """True when Ctrl+Z may stop the app: a real terminal, and a shell to come back to."""
    driver = app._driver
    return driver is not None and driver.can_suspend and job_control()
