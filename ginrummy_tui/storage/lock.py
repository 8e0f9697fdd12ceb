"""The lock a process holds on the match it plays (``current.json.lock``).

It holds the owner's pid, so a second ``gin-tui`` can say who has the match
open; a lock left behind by a dead process is stale and simply taken over.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .files import (
    NotAFile,
    ensure_dir,
    is_link_refusal,
    now_iso,
    open_nofollow,
    open_regular,
    read_regular,
    set_aside_link,
    set_aside_not_a_file,
)

try:  # POSIX: locks the kernel releases when the owner dies, even by kill -9
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name != "posix":  # pragma: no cover
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass
class LockOwner:
    """Who holds a lock, as written in the lock file."""

    pid: int | None
    host: str | None
    since: str | None

    @property
    def here(self) -> bool:
        """A process on this machine (so it can be asked to close)."""
        return self.pid is not None and (self.host is None or self.host == socket.gethostname())

    def describe(self) -> str:
        """``"process 1234 on host-b, since 14:05"``"""
        who = f"process {self.pid}" if self.pid else "another process"
        if self.host and self.host != socket.gethostname():
            who += f" on {self.host}"
        if self.since:
            who += f", since {_when(self.since)}"
        return who


def _when(since: str, now: datetime | None = None) -> str:
    """The time in a lock file (ISO 8601, UTC) as a reader says it: the local
    time to the minute, with the day when it is not today
    (``"14:05"``, ``"1 Dec 09:30"``); text that is no time is shown as it is."""
    try:
        moment = datetime.fromisoformat(since.replace("Z", "+00:00"))
    except ValueError:
        return since
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone()
    today = (now or datetime.now(UTC)).astimezone().date()
    clock = local.strftime("%H:%M")
    if local.date() == today:
        return clock
    day = f"{local.day} {local.strftime('%b')}"
    if local.year != today.year:
        day += f" {local.year}"
    return f"{day} {clock}"


class Lock:
    """An exclusive, non-blocking lock on a file holding the owner's pid.

    With ``fcntl`` the kernel releases it when the owner dies (even by
    ``kill -9``), so a lock file left behind is stale by construction and is
    taken over.  Without it, the pid in the file is checked.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self.took_over: LockOwner | None = None
        """The stale owner whose lock file was taken over, if any."""
        self.notes: list[str] = []
        """What to tell the player (a symbolic link found in the lock file's place and moved aside)."""

    @property
    def held(self) -> bool:
        return self._fd is not None

    def owner(self) -> LockOwner | None:
        """The owner written in the lock file (None if there is no readable one)."""
        try:
            data = json.loads(read_regular(self.path, 4096).decode("utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        pid = data.get("pid")
        return LockOwner(
            pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
            data.get("host") if isinstance(data.get("host"), str) else None,
            data.get("since") if isinstance(data.get("since"), str) else None,
        )

    def _stamp(self, fd: int) -> None:
        info = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": now_iso()})
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, info.encode())  # informational only: no fsync needed

    def acquire(self) -> bool:
        """Take the lock if nobody alive holds it; True on success."""
        if self._fd is not None:
            return True
        ensure_dir(self.path.parent)
        if fcntl is None:  # pragma: no cover - Windows
            return self._acquire_by_pid()
        for _ in range(5):
            previous = self.owner()
            try:
                fd = open_regular(self.path, os.O_RDWR | os.O_CREAT)
            except NotAFile as exc:  # a directory, a named pipe...: set aside, as a link is
                self.notes.append(set_aside_not_a_file(self.path, exc))
                continue
            except OSError as exc:
                if not is_link_refusal(exc, self.path):
                    raise
                note = set_aside_link(self.path)  # a planted link: never write through it
                if note is not None:
                    self.notes.append(note)
                if os.path.islink(self.path):
                    raise
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return False
            # The file may have been removed by its last owner between our
            # open and our flock: then we hold a lock on nothing; try again.
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                continue
            if previous is not None and previous.pid not in (None, os.getpid()):
                self.took_over = previous
            self._stamp(fd)
            self._fd = fd
            return True
        return False

    def _acquire_by_pid(self) -> bool:  # pragma: no cover - used where fcntl is missing
        for _ in range(3):
            try:
                fd = open_nofollow(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL)
            except FileExistsError:
                owner = self.owner()
                if owner is not None and owner.pid and _pid_alive(owner.pid) and owner.host == socket.gethostname():
                    return False
                self.took_over = owner
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
                continue
            self._stamp(fd)
            self._fd = fd
            return True
        return False

    def wait_for(self, seconds: float, poll: float = 0.05) -> bool:
        """Try to take the lock for up to ``seconds`` (a gin-tui whose terminal
        just closed is still saving and closing); True once it is held."""
        deadline = time.monotonic() + seconds
        while not self.acquire():
            if time.monotonic() >= deadline:
                return False
            time.sleep(poll)
        return True

    def take_over(self, owner: LockOwner, grace: float = 5.0) -> bool:
        """Close the gin-tui that holds the lock and take it: ``owner`` (a
        process of this machine) is sent SIGTERM, on which gin-tui saves and
        closes; if it still holds the lock after ``grace`` seconds it is
        killed (every move is saved as it is made, so nothing is lost).
        False when it cannot be closed (another user's process)."""
        if self.acquire():
            return True
        if not owner.here or owner.pid is None or owner.pid == os.getpid():
            return False
        for sig, wait in ((signal.SIGTERM, grace), (getattr(signal, "SIGKILL", signal.SIGTERM), 2.0)):
            current = self.owner()
            if current is not None and current.pid != owner.pid:
                return self.wait_for(wait)  # someone else holds it now: do not signal them
            try:
                os.kill(owner.pid, sig)
            except ProcessLookupError:
                pass
            except PermissionError:
                return False
            if self.wait_for(wait):
                return True
        return False

    def release(self) -> None:
        """Give the lock up and remove the lock file."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __enter__(self) -> Lock:
        if not self.acquire():
            owner = self.owner()
            raise LockedError(self.path, owner)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class LockedError(Exception):
    """The match is open in another gin-tui."""

    def __init__(self, path: Path, owner: LockOwner | None) -> None:
        self.path = path
        self.owner = owner
        who = owner.describe() if owner else "another process"
        super().__init__(f"your match is open in another gin-tui ({who})")
