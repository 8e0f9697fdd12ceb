"""The host's log file: bounded in size, and quiet under a flood.

``gin-tui host`` logs connections, seats and refused messages (never a card)
to ``host.log`` in the data directory.  A hostile client can make the server
refuse thousands of messages a second, so the file must not grow with them:

* lines of the same kind (the same message template at the same level) are
  let through ``burst`` at a time per ``period`` seconds; the rest are
  counted, and one line says how many were left out;
* the file is rotated at ``max_bytes`` into ``host.log.1`` ... ``host.log.N``
  (``backups`` of them), so the log never takes more than
  ``(backups + 1) * max_bytes`` bytes (:data:`LOG_CAP`, 3 MiB by default).

The file is opened without following a symbolic link (``O_NOFOLLOW``): a
link planted in its place is never written through.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_BYTES = 1024 * 1024
"""Size at which ``host.log`` is rotated."""
BACKUPS = 2
"""Rotated files kept: ``host.log.1``, ``host.log.2``."""
LOG_CAP = (BACKUPS + 1) * MAX_BYTES
"""The most the host's log files take together (plus at most one line)."""
BURST = 20
"""Lines of one kind let through per period."""
PERIOD = 60.0
"""Seconds of that period."""
MAX_KINDS = 1000
"""Kinds of lines tracked at once (the code has a few dozen)."""


class RepeatLimiter:
    """Counts lines by kind; lets ``burst`` of each kind through per ``period`` seconds.

    :meth:`admit` returns whether this line goes through and, at the first line
    of a kind after a period in which some of that kind were left out, how many
    were left out (to say so).
    """

    def __init__(self, burst: int = BURST, period: float = PERIOD, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.period = period
        self.clock = clock
        self._kinds: dict[Any, list[float]] = {}  # kind -> [period start, lines seen, lines left out]

    def admit(self, kind: Any) -> tuple[bool, int]:
        now = self.clock()
        entry = self._kinds.get(kind)
        dropped_before = 0
        if entry is None or now - entry[0] >= self.period:
            if entry is not None:
                dropped_before = int(entry[2])
            elif len(self._kinds) >= MAX_KINDS:
                self._kinds.pop(next(iter(self._kinds)))
            entry = [now, 0, 0]
            self._kinds[kind] = entry
        entry[1] += 1
        if entry[1] > self.burst:
            entry[2] += 1
            return False, dropped_before
        return True, dropped_before

    def pending(self) -> list[tuple[Any, int]]:
        """Kinds with lines left out in their current period, and how many (then forgotten)."""
        out = [(kind, int(e[2])) for kind, e in self._kinds.items() if e[2]]
        for e in self._kinds.values():
            e[2] = 0
        return out


class HostLogHandler(logging.handlers.RotatingFileHandler):
    """A rotating log file, opened without following links, with repeated lines limited."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        max_bytes: int = MAX_BYTES,
        backups: int = BACKUPS,
        limiter: RepeatLimiter | None = None,
    ) -> None:
        self.limiter = limiter or RepeatLimiter()
        super().__init__(os.fspath(path), maxBytes=max_bytes, backupCount=backups, encoding="utf-8", delay=False)

    def _open(self) -> io.TextIOWrapper:
        from ginrummy_tui.storage.files import open_regular

        # never through a link, never waiting on a named pipe in the log's place
        fd = open_regular(Path(self.baseFilename), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)  # noqa: SIM115 - the handler closes it

    def emit(self, record: logging.LogRecord) -> None:
        admitted, dropped = self.limiter.admit((record.name, record.levelno, record.msg))
        if dropped:
            self._say_dropped(record.levelno, record.msg, dropped)
        if admitted:
            super().emit(record)

    def _say_dropped(self, level: int, template: Any, count: int) -> None:
        # the kind of line in words: what varies left out ("connection from …"), not "%s"
        kind = re.sub(r"%[-#0 +]*\d*(?:\.\d+)?[sdrifg]", "…", str(template))
        lines = "1 more line like this was" if count == 1 else f"{count} more lines like this were"
        note = logging.LogRecord(
            "ginrummy_tui.net", level, __file__, 0, "(%s left out: %s)", (lines, kind), None,
        )
        super().emit(note)

    def close(self) -> None:
        """Say how many lines were left out, then close the file."""
        self.acquire()
        try:
            if self.stream is not None:
                for (_name, level, template), count in self.limiter.pending():
                    self._say_dropped(level, template, count)
        except Exception:  # closing must not fail over a note
            pass
        finally:
            self.release()
        super().close()


def open_host_log(path: Path, logger_name: str = "ginrummy_tui.net") -> tuple[logging.Handler, list[str]]:
    """Send the network logger's lines to ``path`` (bounded, limited).

    Returns the handler (a :class:`logging.NullHandler` if the file cannot be
    opened) and what to tell the player: a symbolic link found in the log's
    place is moved aside, never written through."""
    from ginrummy_tui.storage.files import set_aside_link

    notes = []
    log = logging.getLogger(logger_name)
    log.propagate = False
    log.setLevel(logging.INFO)
    handler: logging.Handler
    try:
        note = set_aside_link(path)
        if note is not None:
            notes.append(note)
        handler = HostLogHandler(path)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    except OSError as exc:
        handler = logging.NullHandler()
        notes.append(f"the log {path} cannot be written ({exc.strerror or exc}); nothing is logged.")
    log.addHandler(handler)
    return handler, notes
