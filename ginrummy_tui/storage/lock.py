"""The lock a process holds on the match it plays (``current.json.lock``).

It holds the owner's pid, so a second ``gin-tui`` can say who has the match
open; a lock left behind by a dead process is stale and simply taken over.
The file locked has a second name, ``.current.json.lock`` (a hard link,
:attr:`Lock.guard`): removed by hand under the first, it is still found, and
held, under the second, so that a second ``gin-tui`` that locks a file made
at the first name before the holder makes it again gives way.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import socket
import stat
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path

from .files import (
    NotAFile,
    ensure_dir,
    is_link_refusal,
    moved_aside,
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


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


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


def _stopped(pid: int) -> bool:
    """Whether the process ``pid`` is stopped (Ctrl+Z, SIGSTOP): its state in
    ``/proc/PID/stat`` is ``T`` (or ``t``, stopped by a debugger).  False where
    it cannot be told (no ``/proc``: not Linux)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    state = stat.rpartition(b")")[2].split()[:1]  # the name, in brackets, may hold spaces
    return state in ([b"T"], [b"t"])


@dataclass(frozen=True)
class TakerWord:
    """The word a process taking a lock over leaves for its holder (:meth:`Lock.tell_holder`)."""

    pid: int
    """The process taking the lock over."""
    does: str
    """What it does with the match: "with --new, to set this match aside ..."."""
    unmoved: str | None = None
    """What it does with a match in which the holder's player had made no move, where that differs."""


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

    @property
    def stopped(self) -> bool:
        """A process of this machine stopped where it is (Ctrl+Z): it cannot close when asked."""
        return self.here and self.pid is not None and _stopped(self.pid)

    def describe(self) -> str:
        """``"process 1234 on host-b, since 14:05"``; ``"process 1234, since 14:05,
        stopped with Ctrl+Z"`` where it is stopped."""
        who = f"process {self.pid}" if self.pid else "another process"
        if self.host and self.host != socket.gethostname():
            who += f" on {self.host}"
        if self.since:
            who += f", since {_when(self.since)}"
        if self.stopped:
            who += ", stopped with Ctrl+Z"
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


class TakeOver(Enum):
    """How :meth:`Lock.take_over` came to hold the lock."""

    FREE = "free"
    """Nobody held it any more: the holder had closed (or died) by itself before it was asked."""
    CLOSED = "closed"
    """The holder closed when asked (SIGTERM), saving its match."""
    KILLED = "killed"
    """The holder did not close when asked (stuck) and was killed."""
    ENDED = "ended"
    """The holder was stopped (Ctrl+Z), where it cannot close when asked, and was ended at once."""


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
        self.lost: LockOwner | None = None
        """Set when the lock file was removed or replaced while held here and another
        process locked the one made in its place before this one could (:meth:`keep`)."""
        self._guard = threading.Lock()
        self._since: str | None = None
        self._watching: threading.Event | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    @property
    def guard(self) -> Path:
        """The second name of the file locked (``.current.json.lock``), a hard
        link made as the lock is taken: a process that locks a file made at
        :attr:`path` while the holder's was removed by hand finds the holder's
        lock under this name and gives way (:meth:`acquire`)."""
        return self.path.with_name("." + self.path.name)

    def owner(self) -> LockOwner | None:
        """The owner written in the lock file (None if there is no readable one);
        that of its second name (:attr:`guard`) when the file at the path says none
        (removed by hand, or made again and not yet written)."""
        return self._owner_in(self.path) or (self._owner_in(self.guard) if fcntl is not None else None)

    def _owner_in(self, path: Path) -> LockOwner | None:
        try:
            data = json.loads(read_regular(path, 4096).decode("utf-8"))
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

    def unusable(self, exc: OSError) -> str:
        """Why :meth:`acquire` could not take the lock, from what it raised: "its
        lock file <path> cannot be opened (Permission denied)" when that file is
        to blame (another user's, say), else "the data directory <dir> is not usable
        (...)"."""
        why = exc.strerror or str(exc)
        if exc.filename is not None and os.fsdecode(exc.filename) == str(self.path):
            return f"its lock file {self.path} cannot be opened ({why})"
        return f"the data directory {self.path.parent} is not usable ({why})"

    def _stamp(self, fd: int, since: str | None = None) -> None:
        self._since = since or now_iso()
        info = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": self._since})
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
        previous = self.owner()
        fd = self._lock_at_path()
        if fd is None:
            return False
        if self._held_elsewhere(fd):  # its holder's file removed by hand: the holder makes it again
            os.close(fd)
            return False
        if previous is not None and previous.pid not in (None, os.getpid()):
            self.took_over = previous
        self._stamp(fd)
        self._name_guard(fd)
        self._fd = fd
        return True

    def free(self) -> bool:
        """Whether no process holds this lock (it is not taken: taken and given
        up at once where it can be).  Where its file cannot be made or opened for
        writing (a read-only data directory), the files there are locked shared
        as they are, without writing anything: the lock is free unless one is
        held; where even that cannot be told, it is not said to be free."""
        try:
            if self.acquire():
                self.release()
                return True
            return False
        except OSError:
            pass
        if fcntl is None:  # pragma: no cover - Windows
            return False
        for path in (self.path, self.guard):
            try:
                fd = open_regular(path, os.O_RDONLY)
            except FileNotFoundError:  # no lock file: nobody holds it under that name
                continue
            except OSError:
                return False
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return False  # held by another process
            finally:
                os.close(fd)
        return True

    def _held_elsewhere(self, fd: int) -> bool:
        """Whether the second name of the lock (:attr:`guard`) is another file than
        the one locked on ``fd``, that another process holds locked: the lock file
        of a live holder was removed by hand, and this process locked the one made
        at the path before the holder made it again."""
        assert fcntl is not None
        try:
            other = open_regular(self.guard, os.O_RDONLY)
        except OSError:  # none there (or a link, a directory...): no holder named by it
            return False
        try:
            if _same_file(os.fstat(other), os.fstat(fd)):
                return False
            try:
                fcntl.flock(other, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return True
            return False  # left by a process that died: made again (_name_guard)
        finally:
            os.close(other)

    def _name_guard(self, fd: int) -> None:
        """Give the file locked on ``fd`` its second name (:attr:`guard`), in place of
        any file there, unless it has it.  Nothing is done where that cannot be (a
        file system without hard links): the lock is then the file at the path alone."""
        try:
            mine = os.fstat(fd)
            with contextlib.suppress(FileNotFoundError):
                there = os.stat(self.guard, follow_symlinks=False)
                if _same_file(there, mine):
                    return
                if stat.S_ISDIR(there.st_mode):  # unlink cannot remove it, and the guard would be off
                    self._clear_guard_dir()
                else:
                    os.unlink(self.guard)
            os.link(self.path, self.guard)  # checked below: the path may be another file by now
            if _same_file(os.stat(self.guard, follow_symlinks=False), mine):
                return
        except OSError:
            pass
        with contextlib.suppress(OSError):  # the path was another file meanwhile: no second name
            if not _same_file(os.stat(self.guard, follow_symlinks=False), os.fstat(fd)):
                os.unlink(self.guard)

    def _clear_guard_dir(self) -> None:
        """Clear a directory found at the second name (:attr:`guard`): an empty one
        is removed, as a planted file there is; one with something in it is moved
        aside as ``<name>.damaged-<time>`` (said in :attr:`notes`), what it holds
        kept.  Raises ``OSError`` where neither can be done."""
        try:
            os.rmdir(self.guard)
            return
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
        moved = moved_aside(self.guard)
        if moved is not None:
            self.notes.append(
                f"{self.guard.name} was a directory with files in it, not the lock's second name; it was moved to {moved}."
            )

    def _guarded(self, fd: int) -> bool:
        """Whether the file locked on ``fd`` is still at its second name (:attr:`guard`)."""
        try:
            return _same_file(os.stat(self.guard, follow_symlinks=False), os.fstat(fd))
        except OSError:
            return False

    def _lock_at_path(self) -> int | None:
        """Open (or make) the lock file and lock it; its descriptor, or None when
        another process holds it.  The file locked is checked to be the one at
        the path (its device and inode): one removed, or replaced, between the
        open and the lock would be a lock on nothing that another process sees."""
        assert fcntl is not None
        for _ in range(5):
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
                return None
            # The file may have been removed (by its last owner, by hand) or
            # replaced between our open and our flock: then we hold a lock on
            # nothing; try again.
            if not self._at_path(fd):
                os.close(fd)
                continue
            return fd
        return None

    def _at_path(self, fd: int) -> bool:
        """Whether the file open on ``fd`` is the one at the lock's path (same device and inode)."""
        try:
            mine, there = os.fstat(fd), os.stat(self.path, follow_symlinks=False)
        except OSError:
            return False
        return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)

    def keep(self) -> bool:
        """While the lock is held: if its file is no longer at the path (removed
        by hand, or replaced), lock a new one there and give the old one up, so
        that a second gin-tui is still refused.  True while the lock is held at
        its path; False (:attr:`lost` says who) when another process has locked
        a file made there meanwhile, or when it is not held."""
        with self._guard:
            fd = self._fd
            if fd is None or self.lost is not None:
                return False
            if fcntl is None:  # pragma: no cover
                return True
            if self._at_path(fd):
                self._name_guard(fd)  # its second name removed by hand: made again
                return True
            try:
                new = self._lock_at_path()
            except OSError:  # the directory cannot be written now: the old lock is all there is
                return True
            if new is None:
                if self._guarded(fd):  # the process that locked it finds this lock by its second name and gives way
                    return True
                self.lost = self.owner() or LockOwner(None, None, None)
                return False
            self._stamp(new, self._since)  # held since then all along
            self._fd = new
            self._name_guard(new)
            os.close(fd)
            return True

    def watch(self, interval: float = 0.5) -> None:
        """Check every ``interval`` seconds, in a thread of its own, that the lock
        file is still there (:meth:`keep`), until the lock is given up."""
        if self._fd is None or self._watching is not None or fcntl is None:
            return
        stop = self._watching = threading.Event()

        def run() -> None:
            while not stop.wait(interval):
                if not self.keep():
                    return

        threading.Thread(target=run, name=f"keep {self.path.name}", daemon=True).start()

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

    @property
    def word(self) -> Path:
        """Where a process about to take the lock over leaves word for its holder
        of what it does (:meth:`tell_holder`): ``current.json.lock.taker``."""
        return self.path.with_name(self.path.name + ".taker")

    def tell_holder(self, owner: LockOwner, does: str | None, unmoved: str | None = None) -> None:
        """Before :meth:`take_over`: leave word for the holder ``owner`` of what
        this process does with the match (``does``: "with --new, to set this match
        aside..."; ``unmoved``, what to say instead where the holder's player had
        made no move in it, which counts as nothing), which it says as it closes
        (:meth:`taker_word`); None, once the lock is taken (or could not be): the
        word goes."""
        if does is None or owner.pid is None:
            with contextlib.suppress(OSError):
                os.unlink(self.word)
            return
        info = json.dumps({"holder": owner.pid, "taker": os.getpid(), "does": does, "unmoved": unmoved})
        with contextlib.suppress(OSError):
            fd = open_nofollow(self.word, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            try:
                os.write(fd, info.encode())
            finally:
                os.close(fd)

    def taker_word(self) -> TakerWord | None:
        """What the process taking this lock over said it does with the match
        (:meth:`tell_holder`), when this process is the holder it told; None when
        none said anything (read before the lock is given up)."""
        try:
            data = json.loads(read_regular(self.word, 4096).decode("utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("holder") != os.getpid():
            return None
        taker, does, unmoved = data.get("taker"), data.get("does"), data.get("unmoved")
        if not isinstance(taker, int) or not isinstance(does, str):
            return None
        return TakerWord(taker, does, unmoved if isinstance(unmoved, str) else None)

    def take_over(self, owner: LockOwner, grace: float = 5.0) -> TakeOver | None:
        """Close the gin-tui that holds the lock and take it: ``owner`` (a
        process of this machine) is sent SIGTERM, on which gin-tui saves and
        closes; if it still holds the lock after ``grace`` seconds it is
        killed (every move is saved as it is made, so nothing is lost); one
        stopped with Ctrl+Z, which cannot answer, at once.
        Returns how the lock came to be held here (:class:`TakeOver`: free
        already, closed when asked, or killed); None when the holder cannot
        be closed (another user's process, one on another machine)."""
        if self.acquire():
            return TakeOver.FREE
        if not owner.here or owner.pid is None or owner.pid == os.getpid():
            return None
        kill = getattr(signal, "SIGKILL", signal.SIGTERM)
        outcome = TakeOver.CLOSED
        steps: tuple[tuple[int, float], ...] = ((signal.SIGTERM, grace), (kill, 2.0))
        if owner.stopped:
            # Stopped with Ctrl+Z it cannot close when asked; continued (SIGCONT) in the
            # background it stops again as it takes the terminal back (SIGTTOU), so it is
            # ended at once: every move is saved as it is made, and its terminal was given
            # back to its shell as it stopped.
            outcome, steps = TakeOver.ENDED, ((kill, 2.0),)
        for sig, wait in steps:
            current = self.owner()
            if current is not None and current.pid != owner.pid:
                # someone else holds it now: do not signal them
                return TakeOver.FREE if self.wait_for(wait) else None
            try:
                os.kill(owner.pid, sig)
            except ProcessLookupError:  # gone already (by itself, or late on SIGTERM): its lock is free, or about to be
                gone = TakeOver.FREE if outcome is TakeOver.CLOSED else TakeOver.CLOSED
                return gone if self.wait_for(wait) else None
            except PermissionError:
                return None
            if self.wait_for(wait):
                return outcome
            outcome = TakeOver.KILLED
        return None

    def release(self) -> None:
        """Give the lock up and remove the lock file (when it is still the one locked here)."""
        if self._watching is not None:
            self._watching.set()
            self._watching = None
        with self._guard:
            fd, self._fd = self._fd, None
            if fd is None:
                return
            if fcntl is not None and self._guarded(fd):  # its second name first: the file at the path is still locked
                with contextlib.suppress(OSError):
                    os.unlink(self.guard)
            if self._at_path(fd):  # not a file another process made and locked in its place
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
