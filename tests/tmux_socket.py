"""The socket file of a private tmux server the tests start (``tmux -L NAME``), removed once
the server is ended: ``kill-server`` leaves it behind, and every run of the suite left a few
more in the tmux folder."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def remove_socket(name: str) -> None:
    """Remove the socket of the tmux server named ``name`` (ended already), if it is there."""
    folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
    with contextlib.suppress(OSError):
        (folder / name).unlink()
