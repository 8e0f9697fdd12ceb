"""Saving and loading the match in progress.

Everything lives in one data directory (:func:`data_dir`): the platform's
user data directory for ``gin-tui``, or ``--data-dir`` / ``GIN_TUI_HOME``.

``current.json``
    The unfinished match, rewritten after every action.  A versioned JSON
    object wrapping the engine's :func:`~ginrummy_tui.engine.state_to_dict`
    and the settings in use (opponent level, ...).
``current.json.lock``
    Held (``flock``) by the process playing that match; it holds the owner's
    pid, so a second ``gin-tui`` can say who has the match open.  A lock
    left behind by a dead process is stale and simply taken over.
``archive/<match id>.json``
    Finished matches, in the same format; they are never resumed.
``history/<match id>.json``
    The record of every match, for the statistics (see :mod:`ginrummy_tui.storage.stats`).
``*.damaged-<time>``
    A save that could not be trusted, moved aside (never deleted).

Writes are atomic (:func:`atomic_write_text`): a temporary file in the same
directory, flushed and fsynced, renamed over the old file, then the directory
fsynced; a crash or ``kill -9`` at any moment leaves either the old or the
new file, whole.  Loading (:func:`read_save`) never raises: it gives a
:class:`SavedMatch` or a :class:`LoadError` that says plainly what was wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState

try:  # POSIX: locks the kernel releases when the owner dies, even by kill -9
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

APP_NAME = "gin-tui"
SAVE_FORMAT = "gin-tui save"
"""The ``format`` field of every save file."""
SAVE_VERSION = 1
"""The save format this program writes; it reads this version and older ones."""
SAVE_NAME = "current.json"
ARCHIVE_DIR = "archive"
HISTORY_DIR = "history"
ENV_HOME = "GIN_TUI_HOME"
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""A save is a few kilobytes; anything far bigger is not one of ours."""


# ---------------------------------------------------------------- places


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: ``override`` (``--data-dir``), else ``$GIN_TUI_HOME``,
    else the platform's user data directory for ``gin-tui``.  Not created."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def ensure_dir(path: Path) -> Path:
    """Create ``path`` (private to the user) if it does not exist yet."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def now_iso() -> str:
    """The current UTC time, ISO 8601 to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def stamp() -> str:
    """A timestamp for file names: ``20261129-121700``."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def new_match_id() -> str:
    """A fresh match id: the start time and four random hex digits."""
    return f"{stamp()}-{os.urandom(2).hex()}"


# ---------------------------------------------------------------- atomic writes


def _fsync_dir(path: Path) -> None:
    if os.name != "posix":  # pragma: no cover - directories cannot be opened elsewhere
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:  # some filesystems refuse; the rename is still atomic
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new
    file whole, never a mix (temporary file, fsync, rename, fsync of the directory)."""
    path = Path(path)
    ensure_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def atomic_write_json(path: Path, data: Any) -> None:
    """:func:`atomic_write_text` of ``data`` as indented JSON."""
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def move_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename ``path`` to ``<name>.<label>-<time>`` beside it (never over
    another file); returns the new path, or None if it could not be moved."""
    path = Path(path)
    base = f"{path.name}.{label}-{stamp()}"
    for n in range(100):
        target = path.with_name(base if n == 0 else f"{base}-{n}")
        if target.exists():
            continue
        try:
            os.replace(path, target)
        except FileNotFoundError:
            return None
        except OSError:
            return None
        return target
    return None


# ---------------------------------------------------------------- the save file


@dataclass(frozen=True)
class SavedMatch:
    """A save that was read and checked: the state can be played on."""

    state: GameState
    match_id: str
    settings: dict[str, Any]
    """The settings in use when it was saved (``ai``, ``pause``, ...)."""
    ui: dict[str, Any]
    """What the app chose to remember of its screen (card order, ...)."""
    replay: bool
    """A replayed deal: its result does not count toward the statistics."""
    saved_at: str
    path: Path | None = None


@dataclass(frozen=True)
class LoadError:
    """A save that cannot be trusted, and why, in plain words."""

    path: Path
    reason: str
    moved_to: Path | None = None

    def message(self) -> str:
        """A sentence or two for the player."""
        text = f"Your saved match could not be used: {self.reason}."
        if self.moved_to is not None:
            text += f" The file was moved to {self.moved_to}."
        return text


def check_playable(state: GameState) -> None:
    """Raise ``ValueError`` unless ``state`` is a game the app can go on with:
    the engine's :func:`~ginrummy_tui.engine.validate` (one whole deck, hands
    of the right size, ...) and a few more things the screens rely on."""
    from ginrummy_tui.engine import Phase, legal_actions, validate, view

    validate(state)
    problems = []
    if state.phase == Phase.UPCARD and not state.discard:
        problems.append("the upcard offer has no upcard")
    if state.phase.playing and not legal_actions(state):
        problems.append("the player to move has no legal move")
    if state.phase.ended:
        if state.result is None or not state.sheet:
            problems.append("a finished hand has no result")
    if state.sheet and state.sheet[-1].scores != state.scores:
        problems.append("the score sheet does not add up to the scores")
    if state.sheet and any(r.hand_no > state.hand_no for r in state.sheet):
        problems.append("the score sheet has hands from the future")
    if state.phase != Phase.MATCH_OVER and max(state.scores) >= state.rules.target:
        problems.append("a player has reached the target but the match goes on")
    if state.taken is not None and state.phase != Phase.DISCARD:
        problems.append("a card is marked as just taken outside the discard step")
    if problems:
        raise ValueError("impossible game: " + "; ".join(problems))
    view(state, 0)
    view(state, 1)


def encode_save(
    state: GameState,
    *,
    match_id: str,
    settings: dict[str, Any] | None = None,
    ui: dict[str, Any] | None = None,
    replay: bool = False,
) -> str:
    """The text of a save file for ``state``.  Raises ``ValueError`` if the
    state is not one that would load again (a bad save is never written)."""
    from ginrummy_tui.engine import state_from_dict, state_to_dict

    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": now_iso(),
        "match_id": match_id,
        "replay": bool(replay),
        "settings": dict(settings or {}),
        "ui": dict(ui or {}),
        "state": state_to_dict(state),
    }
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    # The check that load will make: what we write must read back as the same game.
    back = state_from_dict(json.loads(text)["state"])
    if back != state:
        raise ValueError("the game does not survive a round trip through JSON")
    check_playable(back)
    return text + "\n"


def _describe_json_error(exc: json.JSONDecodeError, size: int) -> str:
    if exc.pos >= size - 1 or exc.msg.startswith("Unterminated"):
        return "the file is cut short (it ends in the middle of the data)"
    return f"the file is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"


def decode_save(raw: bytes, path: Path | None = None) -> SavedMatch | LoadError:
    """Check the bytes of a save file; never raises."""
    where = path or Path(SAVE_NAME)
    try:
        return _decode(raw, where)
    except _Bad as bad:
        return LoadError(where, str(bad))
    except RecursionError:
        return LoadError(where, "the file is not a gin-tui save (it is nested too deeply)")
    except MemoryError:  # pragma: no cover - would need an enormous file
        return LoadError(where, "the file is too big to be a gin-tui save")
    except Exception as exc:  # anything at all: the save is not trusted, the program goes on
        return LoadError(where, f"the file is not a usable gin-tui save ({type(exc).__name__}: {exc})")


class _Bad(Exception):
    pass


def _decode(raw: bytes, path: Path) -> SavedMatch:
    from ginrummy_tui.engine import state_from_dict

    if not raw.strip():
        raise _Bad("the file is empty")
    if len(raw) > MAX_SAVE_BYTES:
        raise _Bad(f"the file is far too big to be a save ({len(raw)} bytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Bad("the file is not text (it is not UTF-8)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Bad(_describe_json_error(exc, len(text.rstrip()))) from None
    except ValueError as exc:
        raise _Bad(f"the file is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise _Bad("the file is not a gin-tui save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _Bad(f"the save has no valid format version ({version!r})")
    if version > SAVE_VERSION:
        raise _Bad(
            f"it was written by a newer version of gin-tui (save format {version}; "
            f"this version reads up to {SAVE_VERSION})"
        )
    match_id = data.get("match_id")
    if not isinstance(match_id, str) or not match_id or len(match_id) > 80 or "/" in match_id or "\\" in match_id:
        raise _Bad("the save has no valid match id")
    settings = data.get("settings", {})
    ui = data.get("ui", {})
    if not isinstance(settings, dict) or not isinstance(ui, dict):
        raise _Bad("the save's settings are not readable")
    replay = data.get("replay", False)
    if not isinstance(replay, bool):
        raise _Bad("the save's replay flag is not readable")
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str):
        saved_at = ""
    if "state" not in data:
        raise _Bad("the save holds no game")
    try:
        state = state_from_dict(data["state"])
        check_playable(state)
    except ValueError as exc:
        msg = str(exc)
        if msg.startswith("impossible game: "):
            raise _Bad("the saved game is impossible: " + msg.removeprefix("impossible game: ")) from None
        raise _Bad(f"the saved game is not readable: {msg}") from None
    return SavedMatch(
        state=state, match_id=match_id, settings=settings, ui=ui, replay=replay, saved_at=saved_at, path=path
    )


def read_save(path: Path) -> SavedMatch | LoadError | None:
    """Read and check a save file: None if there is none, else a
    :class:`SavedMatch` or a :class:`LoadError`.  Never raises, never moves
    the file (see :meth:`Store.load` for that)."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        return LoadError(path, "it is a directory, not a file")
    except OSError as exc:
        return LoadError(path, f"the file cannot be read ({exc.strerror or exc})")
    return decode_save(raw, path)


# ---------------------------------------------------------------- the lock


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

    def describe(self) -> str:
        """``"process 1234 on this machine, since ..."``"""
        who = f"process {self.pid}" if self.pid else "another process"
        if self.host and self.host != socket.gethostname():
            who += f" on {self.host}"
        if self.since:
            who += f", since {self.since}"
        return who


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

    @property
    def held(self) -> bool:
        return self._fd is not None

    def owner(self) -> LockOwner | None:
        """The owner written in the lock file (None if there is no readable one)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
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
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
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
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
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


# ---------------------------------------------------------------- a save slot


@dataclass
class Opened:
    """What :meth:`Store.load` found."""

    saved: SavedMatch | None = None
    """The unfinished match to resume, if any."""
    error: LoadError | None = None
    """A save that could not be trusted (already moved aside)."""
    archived: Path | None = None
    """A finished match that was found and archived instead of resumed."""
    messages: list[str] = field(default_factory=list)
    """What to tell the player, in order."""


class Store:
    """One save slot (``current.json`` by default) in a data directory."""

    def __init__(self, root: Path, name: str = SAVE_NAME) -> None:
        self.root = Path(root)
        self.path = self.root / name
        self.lock = Lock(self.root / (name + ".lock"))
        self.saves = 0
        """How many saves this store has written."""
        self.last_error: str | None = None
        """Why the last save failed, if it did."""

    @classmethod
    def separate(cls, root: Path) -> Store:
        """A new slot for a second match played beside one open elsewhere."""
        root = Path(root)
        for n in range(1, 1000):
            name = f"separate-{n}.json"
            if not (root / name).exists() and not (root / (name + ".lock")).exists():
                return cls(root, name)
        return cls(root, f"separate-{new_match_id()}.json")

    @property
    def archive_dir(self) -> Path:
        return self.root / ARCHIVE_DIR

    def load(self) -> Opened:
        """Read this slot.  A damaged save is moved aside (with the reason in
        :attr:`Opened.error`); a finished match is archived; never raises."""
        out = Opened()
        found = read_save(self.path)
        if found is None:
            return out
        if isinstance(found, LoadError):
            moved = move_aside(self.path)
            err = LoadError(found.path, found.reason, moved)
            out.error = err
            out.messages.append(err.message() + " A new match has started.")
            return out
        if found.state.over:
            out.archived = self.archive(found)
            return out
        out.saved = found
        return out

    def archive(self, saved: SavedMatch) -> Path | None:
        """Move a finished match's save to ``archive/`` (kept, never resumed)."""
        target = self.archive_dir / f"{saved.match_id}.json"
        try:
            ensure_dir(self.archive_dir)
            if self.path.exists():
                if target.exists():
                    move_aside(target, "old")
                os.replace(self.path, target)
                _fsync_dir(self.root)
            return target
        except OSError:
            return None

    def save(
        self,
        state: GameState,
        *,
        match_id: str,
        settings: dict[str, Any] | None = None,
        ui: dict[str, Any] | None = None,
        replay: bool = False,
    ) -> bool:
        """Write ``state`` atomically; False (with :attr:`last_error`) if it
        could not be saved.  A state that would not load again is never written."""
        try:
            text = encode_save(state, match_id=match_id, settings=settings, ui=ui, replay=replay)
            atomic_write_text(self.path, text)
        except (OSError, ValueError) as exc:
            self.last_error = str(exc)
            return False
        self.last_error = None
        self.saves += 1
        return True

    def save_finished(self, state: GameState, *, match_id: str, settings=None, replay: bool = False) -> Path | None:
        """Write a match into the archive (a finished one, or one given up for a new match)."""
        try:
            text = encode_save(state, match_id=match_id, settings=settings, replay=replay)
            target = self.archive_dir / f"{match_id}.json"
            atomic_write_text(target, text)
            return target
        except (OSError, ValueError) as exc:
            self.last_error = str(exc)
            return None

    def set_aside(self, label: str = "abandoned") -> Path | None:
        """Move this slot's save aside under a timestamped name (None if there is none)."""
        if not self.path.exists():
            return None
        return move_aside(self.path, label)

    def remove(self) -> None:
        """Delete this slot's save (its match is archived or abandoned)."""
        with contextlib.suppress(OSError):
            self.path.unlink()


def leftover_separate_saves(root: Path) -> list[Path]:
    """Saves of separate matches not open in any process, oldest first."""
    root = Path(root)
    found = []
    try:
        names = sorted(root.glob("separate-*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return []
    for p in names:
        lock = Lock(p.with_name(p.name + ".lock"))
        if lock.acquire():
            lock.release()
            found.append(p)
    return found


# ---------------------------------------------------------------- keeping a match


class Keeper:
    """Saves and records a match as it is played.

    Give :meth:`on_change` to the session: after every action it records any
    hand or match that just ended (for the statistics), then saves the match.
    When a finished match gives way to a new one (``new match``), the new one
    gets a new id.
    """

    def __init__(
        self,
        store: Store,
        *,
        match_id: str | None = None,
        settings: dict[str, Any] | None = None,
        replay: bool = False,
        ui: Callable[[], dict[str, Any]] | None = None,
        record: bool = True,
    ) -> None:
        self.store = store
        self.match_id = match_id or new_match_id()
        self.settings = dict(settings or {})
        self.replay = replay
        self.ui = ui
        self.record = record
        self._match_no: int | None = None
        self._recorder = None
        self.state: GameState | None = None
        self.errors: list[str] = []
        self.failing = False
        """True while saves fail (the player has been told)."""
        self.last_ui: dict[str, Any] = {}
        """The screen details written with the last save."""

    def _recorder_for(self, state: GameState):
        from ginrummy_tui.storage.stats import MatchRecorder

        if self._recorder is None or self._match_no != state.match_no:
            if self._match_no is not None and self._match_no != state.match_no:
                self.match_id = new_match_id()
            self._match_no = state.match_no
            self._recorder = MatchRecorder(
                self.store.root,
                self.match_id,
                opponent=str(self.settings.get("ai", "standard")),
                replay=self.replay,
            )
        return self._recorder

    def start(self, state: GameState) -> None:
        """Save the first state of a match (new or resumed)."""
        self.on_change(state)

    def begin(self, state: GameState) -> None:
        """A new match replaces the one being kept (which is marked abandoned
        if it was not finished): a new id, a new record, saved at once."""
        self.abandon()
        self.match_id = new_match_id()
        self._recorder = None
        self._match_no = None
        self.replay = False
        self.on_change(state)

    def on_change(self, state: GameState) -> None:
        """Record and save ``state``; never raises (failures go to :attr:`errors`)."""
        self.state = state
        if self.record:
            try:
                self._recorder_for(state).observe(state)
            except Exception as exc:  # the statistics must never stop the game
                self.errors.append(f"statistics not recorded: {exc}")
        else:
            self._match_no = state.match_no
        ui = self._ui()
        if state.over:
            self.store.save_finished(state, match_id=self.match_id, settings=self.settings, replay=self.replay)
            self.store.remove()
            return
        saved = self.store.save(state, match_id=self.match_id, settings=self.settings, ui=ui, replay=self.replay)
        if not saved and not self.failing:  # said once, until saving works again
            self.errors.append(f"the match could not be saved: {self.store.last_error}")
        self.failing = not saved

    def _ui(self) -> dict[str, Any]:
        """The app's screen details now, or the last ones known (the app may be gone)."""
        if self.ui is not None:
            try:
                got = dict(self.ui())
            except Exception:
                got = {}
            if got:
                self.last_ui = got
        return self.last_ui

    def ui_changed(self) -> bool:
        """Save again if the screen details changed since the last save (the
        player sorted or moved cards); True if it saved."""
        if self.state is None or self.state.over or self.ui is None:
            return False
        before = self.last_ui
        if self._ui() == before:
            return False
        return self.store.save(
            self.state, match_id=self.match_id, settings=self.settings, ui=self.last_ui, replay=self.replay
        )

    def add_hint(self) -> None:
        """Count a hint used in this match (for the statistics)."""
        if self._recorder is not None and not self.replay:
            with contextlib.suppress(Exception):
                self._recorder.add_hint()

    def abandon(self) -> None:
        """The unfinished match is given up (a new match replaces it)."""
        if self._recorder is not None:
            with contextlib.suppress(Exception):
                self._recorder.abandon()

    def flush(self) -> None:
        """Write the last state again (at exit: it is already saved, this is belt and braces)."""
        if self.state is not None and not self.state.over:
            self.store.save(
                self.state, match_id=self.match_id, settings=self.settings, ui=self._ui(), replay=self.replay
            )

