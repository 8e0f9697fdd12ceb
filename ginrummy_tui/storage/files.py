"""Files on disk: where they live, opened without following links, written
atomically, set aside when damaged.

Writes are atomic (:func:`atomic_write_text`): a temporary file in the same
directory, flushed and fsynced, renamed over the old file, then the directory
fsynced; a crash or ``kill -9`` at any moment leaves either the old or the
new file, whole.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeGuard

APP_NAME = "gin-tui"


ENV_HOME = "GIN_TUI_HOME"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: ``override`` (``--data-dir``), else ``$GIN_TUI_HOME``,
    else the platform's user data directory for ``gin-tui``.  Not created."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    return platform_data_dir()


def shell_word(word: str) -> str:
    """``word`` quoted for a POSIX shell, as ``shlex.quote`` quotes it, but a word
    with bytes that are not text (a directory's name that is not UTF-8, its bytes
    kept by Python as surrogates) or control characters in it as ``$'...'``, each
    such byte as ``\\xHH``: a terminal would show them as nothing, or garble the
    line, and a command copied from it would name another directory."""
    import shlex

    if shown_as_it_is(word):
        return shlex.quote(word)
    out = []
    for byte in os.fsencode(word):
        ch = chr(byte)
        if ch in "\\'":
            out.append("\\" + ch)
        elif 0x20 <= byte < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\x{byte:02x}")
    return "$'" + "".join(out) + "'"


def shown_as_it_is(text: str) -> bool:
    """Whether ``text`` can be written to a terminal as it is: no control character,
    and no byte of a name that is not text (kept by Python as a surrogate)."""
    return text.isprintable() and not any("\udc80" <= ch <= "\udcff" for ch in text)


def printed_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a message prints it: as it is, when it can be shown so, else
    quoted as the command lines the game prints quote it (:func:`shell_word`:
    ``$'/tmp/x-\\xff\\x01bad'``), so that the terminal shows the very name,
    where it would write a raw control byte, or Python's escape of a byte."""
    text = os.fspath(path)
    return text if shown_as_it_is(text) else shell_word(text)


def platform_data_dir() -> Path:
    """The platform's user data directory for ``gin-tui`` (on Linux
    ``$XDG_DATA_HOME/gin-tui``, else ``~/.local/share/gin-tui``): the data
    directory when neither ``--data-dir`` nor ``$GIN_TUI_HOME`` is given."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def unusable(root: Path) -> str:
    """Why ``root`` cannot be the data directory ("" when it can), for the
    commands that only read it (``stats``, ``export``): a file in its place,
    no permission, or, when it does not exist yet, a directory that could not
    be made there (a file above it, a read-only or special file system such
    as ``/proc``).  A missing directory that could be made is usable (nothing
    is recorded yet); it is not left behind."""
    root = Path(root)
    try:
        st = os.stat(root)
    except FileNotFoundError:
        first = root  # the first missing directory on the way to root
        while first.parent != first and not os.path.lexists(first.parent):
            first = first.parent
        try:
            os.mkdir(first, 0o700)
        except OSError as exc:
            if exc.errno == errno.ENOENT:  # its parent is there, yet refuses it (/proc)
                return f"no directory can be made in {first.parent}"
            return exc.strerror or str(exc)
        with contextlib.suppress(OSError):
            os.rmdir(first)
        return ""
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISDIR(st.st_mode):
        return os.strerror(errno.ENOTDIR)
    if not os.access(root, os.R_OK | os.X_OK):
        return os.strerror(errno.EACCES)
    return ""


OTHER_FOLDER = "choose another folder with --data-dir or GIN_TUI_HOME"
"""The way out of a data directory that cannot be used, whatever is wrong with it."""


def way_out(path: Path) -> str:
    """One short way out for a file of the data directory that cannot be made
    or changed: "make it writable (chmod u+w D) or choose another folder with
    --data-dir or GIN_TUI_HOME", naming its directory when that cannot be
    written, else the file when it is there and cannot be, else (a read-only
    mount, another user's files) the other folder alone."""
    path = Path(path)
    folder = path.parent
    if os.path.isdir(folder) and not os.access(folder, os.W_OK | os.X_OK) and _lacks(folder, stat.S_IWUSR | stat.S_IXUSR):
        return f"make it writable (chmod u+w {folder}) or {OTHER_FOLDER}"
    if os.path.isfile(path) and not os.path.islink(path):
        if not os.access(path, os.R_OK) and _lacks(path, stat.S_IRUSR | stat.S_IWUSR):
            return f"make it readable and writable (chmod u+rw {path}) or {OTHER_FOLDER}"
        if not os.access(path, os.W_OK) and _lacks(path, stat.S_IWUSR):
            return f"make it writable (chmod u+w {path}) or {OTHER_FOLDER}"
    return OTHER_FOLDER


def _lacks(path: Path, bits: int) -> bool:
    """Whether ``path``'s mode lacks one of the owner's ``bits``: where it has them all and it
    still cannot be written (an immutable file or folder, "Operation not permitted", a
    read-only mount, another user's), chmod is no way out."""
    try:
        return os.stat(path).st_mode & bits != bits
    except OSError:
        return False


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
"""Flags for opening a file of the data directory: never through a symbolic link."""


def not_a_directory(path: Path) -> Path | None:
    """What stands, not a directory, where ``path`` or a directory above it
    should be (a file given as the data directory), or None."""
    for here in (Path(path), *Path(path).parents):
        if os.path.lexists(here):
            return None if here.is_dir() else here
    return None


def ensure_dir(path: Path) -> Path:
    """Create ``path`` if it does not exist yet, and every missing directory
    above it, private to the user (0700)."""
    path = Path(path)
    missing = []
    here = path
    while not here.is_dir():
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for directory in reversed(missing):
        try:
            directory.mkdir(mode=0o700)
        except FileExistsError:
            if not directory.is_dir():  # a file in its place: say so ('File exists' does not)
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(directory)) from None
    return path


def open_nofollow(path: Path, flags: int, mode: int = 0o600) -> int:
    """``os.open`` that refuses a symbolic link in place of the file
    (``OSError`` with ``errno.ELOOP``) instead of opening what it points to."""
    return os.open(path, flags | NOFOLLOW, mode)


class NotAFile(OSError):
    """Something other than a regular file where a file is expected (a
    directory, a named pipe, a device, a socket); its ``strerror`` says
    which, in plain words (``"it is a directory, not a file"``)."""

    def __init__(self, path: str | os.PathLike[str], mode: int) -> None:
        self.kind = _kind(mode)
        """What is there instead: ``"a directory"``, ``"a named pipe (FIFO)"``..."""
        super().__init__(errno.EINVAL, f"it is {self.kind}, not a file", os.fspath(path))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def check_regular(path: Path, *, follow: bool = False) -> None:
    """Raise :class:`NotAFile` if something other than a regular file is at
    ``path`` (``FileNotFoundError`` if nothing is).  A symbolic link passes
    unless ``follow`` (then what it points to is checked): opening it with
    :func:`open_nofollow` refuses it."""
    mode = (os.stat(path) if follow else os.lstat(path)).st_mode
    if not stat.S_ISREG(mode) and not stat.S_ISLNK(mode):
        raise NotAFile(path, mode)


def open_regular(path: Path, flags: int, mode: int = 0o600, *, follow: bool = False) -> int:
    """``os.open`` of a regular file, never waiting on a named pipe or a
    device: checked (:func:`check_regular`) before it is opened, opened with
    ``O_NONBLOCK`` and checked again once open, in case it was swapped in
    between.  Raises :class:`NotAFile` for anything else; a symbolic link is
    refused as by :func:`open_nofollow` unless ``follow``."""
    with contextlib.suppress(FileNotFoundError):  # a file that is not there yet may be made (O_CREAT)
        check_regular(path, follow=follow)
    flags |= getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), mode) if follow else open_nofollow(path, flags, mode)
    found = os.fstat(fd).st_mode
    if not stat.S_ISREG(found):
        os.close(fd)
        raise NotAFile(path, found)
    return fd


def read_regular(path: Path, limit: int, *, follow: bool = False) -> bytes:
    """The first ``limit`` bytes of the regular file at ``path``, never
    waiting on a named pipe or a device (:func:`open_regular`)."""
    with os.fdopen(open_regular(path, os.O_RDONLY, follow=follow), "rb") as fh:
        return fh.read(limit)


class UnreadableFile(PermissionError):
    """A file this user may not read (``Permission denied``), which is
    therefore not written over: what it holds could not be kept."""


def refuse_unreadable(path: Path, *, follow: bool = False) -> None:
    """Raise :class:`UnreadableFile` if a file is at ``path`` that this user
    may not read; nothing if none is there, or it can be read (or it cannot
    be opened for another reason, which writing it says itself)."""
    try:
        os.close(open_regular(path, os.O_RDONLY, follow=follow))
    except PermissionError as exc:
        raise UnreadableFile(exc.errno, exc.strerror or os.strerror(errno.EACCES), os.fspath(path)) from None
    except OSError:
        return


def can_read_write(path: Path) -> None:
    """Raise ``PermissionError`` if a file is at ``path`` that this user may
    not both read and write, without opening it (an open file's locks would
    go with its closing)."""
    if os.path.isfile(path) and not os.path.islink(path) and not os.access(path, os.R_OK | os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))


def is_link_refusal(exc: OSError, path: Path) -> bool:
    """True if ``exc``, from :func:`open_nofollow` on ``path``, is because ``path`` is a link."""
    return exc.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(path)


def set_aside_link(path: Path) -> str | None:
    """If ``path`` is a symbolic link, move the link itself aside (its target is
    left alone) and say so; None if it is not a link."""
    path = Path(path)
    if not os.path.islink(path):
        return None
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    moved = move_aside(path, "link")
    if moved is None:
        return f"{path} is a symbolic link (to {target}); it was not followed, and it could not be moved aside."
    return f"{path.name} was a symbolic link (to {target}); it was not followed, and was moved to {moved}."


def set_aside_not_a_file(path: Path, found: NotAFile) -> str:
    """Move what is in the place of the file ``path`` (``found`` says what:
    a directory, a named pipe...) aside as ``<name>.damaged-<time>`` and say
    so; raises ``found`` if it cannot be moved."""
    moved = move_aside(path)
    if moved is None:
        raise found
    return f"{path.name} was {found.kind}, not a file; it was moved to {moved}."


_JSON_WORDS = {
    "Expecting value": "a value was expected",
    "Expecting ',' delimiter": "a comma was expected",
    "Expecting ':' delimiter": "a colon was expected",
    "Expecting property name enclosed in double quotes": "a name in double quotes was expected",
    "Invalid control character at": "a control character is inside a text in double quotes",
    "Invalid \\escape": "a backslash is followed by a character that cannot follow it",
    "Invalid \\uXXXX escape": "a \\u is not followed by four hexadecimal digits",
    "Extra data": "more follows the end of the data",
}
"""What Python's JSON reader says went wrong, in a player's words."""


def json_error_words(exc: ValueError) -> str:
    """Where and what ``exc`` (raised by ``json.loads``) found wrong, in a
    player's words: "a comma was expected at line 3, column 12"; "a text in
    double quotes that starts at line 3, column 12 is never closed".  Python's
    own message, without its trailing "at" ("Unterminated string starting
    at"), for one not known here.  A number of more digits than Python turns
    into one (4,300) is not a ``JSONDecodeError``, and Python's words for it
    name its own settings: "a number in it has far too many digits"."""
    if not isinstance(exc, json.JSONDecodeError):
        return "a number in it has far too many digits" if "digits" in str(exc) else "it is not JSON"
    where = f"line {exc.lineno}, column {exc.colno}"
    if exc.msg.startswith("Unterminated string"):
        return f"a text in double quotes that starts at {where} is never closed"
    if exc.msg.startswith("Illegal trailing comma"):
        return f"a comma comes before the closing bracket at {where}"
    what = _JSON_WORDS.get(exc.msg) or exc.msg.removesuffix(" at").removesuffix(" starting")
    return f"{what} at {where}"


MAX_FORMAT_VERSION = 999
"""The highest format version taken for one a newer gin-tui wrote (a save's, the
settings'): the formats go up by one at a time, so a number beyond it (a
401-digit one) is no version at all, and the file damaged, not kept for good as
a newer version's."""


def format_version(value: object) -> int | None:
    """A file's ``version`` when it is one a gin-tui could have written (a whole
    number from 1 to :data:`MAX_FORMAT_VERSION`), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_FORMAT_VERSION:
        return value
    return None


def shown_value(value: object, room: int = 24) -> str:
    """A value read from a file, for a message: its ``repr``, cut short where long
    (a number of 401 digits is said as such, not written out)."""
    if isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > room:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= room else text[: room - 3] + "..."


def now_iso() -> str:
    """The current UTC time, ISO 8601 to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def stamp() -> str:
    """A timestamp for file names: ``20261129-121700``."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def new_match_id() -> str:
    """A fresh match id: the start time and four random hex digits."""
    return f"{stamp()}-{os.urandom(2).hex()}"


def good_match_id(value: object) -> TypeGuard[str]:
    """Whether ``value`` can be a match id: at most 80 ASCII letters, digits
    and ``-_.``, not starting with a dot (:func:`new_match_id` makes them so).
    A save's match id names files (``abandoned-<id>.json``, ``archive/<id>.json``),
    so nothing else is trusted in one: a NUL, a control character or a
    separator came only from a file edited or damaged."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= 80
        and all(ch.isascii() and (ch.isalnum() or ch in "-_.") for ch in value)
        and not value.startswith(".")
    )


def match_started(match_id: str) -> str | None:
    """When a match began, from its id (:func:`new_match_id`: ``20261203-091642-f13d``
    began at ``2026-12-03T09:16:42Z``); None for an id of another form."""
    try:
        begun = datetime.strptime(match_id[:15], "%Y%m%d-%H%M%S")
    except ValueError:
        return None
    return begun.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")


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
    try:
        return moved_aside(path, label)
    except OSError:
        return None


def moved_aside(path: Path, label: str = "damaged") -> Path | None:
    """:func:`move_aside`, raising the ``OSError`` that kept ``path`` where it
    is (a read-only folder: ``Permission denied``); None when it is gone
    already, or every name beside it is taken."""
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
        return target
    return None
