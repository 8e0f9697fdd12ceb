"""The history of every match, in one SQLite database: records, statistics, export.

``history.sqlite3`` in the data directory holds one row per match
(``matches``), one per finished hand (``hands``: the score-sheet row, small),
the bulky part of each hand beside it (``plays``: the public moves in a
compact text form, both hands and the melds, deflated), the hints asked for
(``hints``), the rule sets in use (``rulesets``, each stored once) and the
hand figures per opponent level and rules (``tallies``, kept up to date by a
trigger) and how many JSON records of earlier versions could not be read
(``meta``).  Indexes serve what the statistics and the export ask: by opponent
level and preset, by preset, by date, and the finished matches in the order
they ended.

Writing: WAL mode, a busy timeout, and one ``BEGIN IMMEDIATE`` transaction per
recorded hand or match end, so a crash (even ``kill -9``) loses at most the
hand being written, and two ``gin-tui`` finishing matches at once both land
(the second waits for the first).

The schema is versioned (``PRAGMA user_version``): :data:`MIGRATIONS` holds
the steps from each version to the next, run in order in one transaction
each.  A file that is not a SQLite database or fails the integrity check is
set aside (renamed, never deleted) with a message, and a new database is
started; one written by a newer gin-tui is left as it is, and not used.

The statistics are SQL aggregates that give exactly the figures of
:func:`ginrummy_tui.storage.stats.compute` on the same matches.  The JSON records of
earlier versions (``history/<match id>.json``) are imported once
(:func:`import_json_history`) and moved to ``archive/history/``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import stat
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from datetime import time as dt_time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ginrummy_tui.engine.kinds import EndKind
from ginrummy_tui.engine.words import counted
from ginrummy_tui.storage.files import (
    NotAFile,
    can_read_write,
    check_regular,
    ensure_dir,
    is_link_refusal,
    match_started,
    move_aside,
    now_iso,
    open_regular,
    read_regular,
    set_aside_link,
    set_aside_not_a_file,
    way_out,
)
from ginrummy_tui.storage.history_records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    RULES_CHANGED,
    TOKEN_JSON,
    decode_moves,
    encode_moves,
    export_form,
    guest_name,
    hand_entry,
    moves_json,
    valid_record,
    with_opponent_name,
)
from ginrummy_tui.storage.history_schema import (
    HAND_EXPR,
    HAND_FIGURES,
    MIGRATIONS,
    SCHEMA_VERSION,
    TALLY_FILL,
    statements,
)
from ginrummy_tui.storage.rule_words import (
    OLD_CUSTOM,
    OLD_WORDS,
    UNKNOWN_RULES,
    current_name,
    exported_rules,
    recorded_rules_name,
    rules_name,
)
from ginrummy_tui.storage.stats import LEFT, NETWORK, OPPONENT_NAME, Stats, Tally
from ginrummy_tui.storage.store import (
    ARCHIVE_DIR,
    HISTORY_DIR,
    Remains,
    SavedMatch,
    player_moved,
    read_save,
)

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState, HandRecord

DB_NAME = "history.sqlite3"
APPLICATION_ID = 0x47696E54  # "GinT"
BUSY_TIMEOUT = 10.0
"""Seconds a writer waits for another process's transaction to end."""
OPENING_WAIT = 0.5
"""Seconds :meth:`SharedHistory.get` waits, when asked not to wait for the
database, for another thread of the process that is opening it (which takes
milliseconds, unless that thread waits for a busy database)."""
CLOSE_WAIT = 0.5
"""Seconds :meth:`SharedHistory.close` waits for another thread of the process that is
opening the history before it leaves the closing to that thread."""
T = TypeVar("T")
MIN_DB_SIZE = 512
"""The fewest bytes a SQLite database file holds, unless it is empty (its smallest page)."""
IMPORTED_DIR = Path(ARCHIVE_DIR) / HISTORY_DIR
"""Where the JSON records go once imported (under the data directory)."""





class Damaged(Exception):
    """The database cannot be used; the message says why, in plain words."""


class Newer(Damaged):
    """The database was written by a newer version of gin-tui: not damaged, and
    not to be set aside (that version would lose its history), only not read
    nor written by this one."""


def _newer(version: int, target: int) -> Newer:
    return Newer(
        f"it was written by a newer version of gin-tui: history schema {version}, this one reads up to {target}; "
        "it is left as it is"
    )


class OutOfDate(Exception):
    """The database was written by an earlier version of gin-tui and must be
    brought up to date before it is read, which a history opened only to read
    it (:meth:`History.connect_read_only`) does not do."""


@dataclass(frozen=True)
class Since:
    """The first day of the matches wanted (``gin-tui export --since``), a day
    of the player's own calendar: the matches started at or after
    :attr:`instant`, its midnight where the player is, as the UTC time the
    records keep (``2026-12-05T10:00:00Z`` for the 5th ten hours west of
    Greenwich), and those whose record has a date alone, from :attr:`day` on."""

    day: str
    """The day, ``2026-12-05``."""
    instant: str
    """Its local midnight in UTC, ``2026-12-05T10:00:00Z``."""

    @classmethod
    def local(cls, day: date) -> Since:
        """From ``day`` in the local time zone (``TZ``); a day at the very end of the
        calendar, whose local midnight Python cannot place (0001-01-01: "year 0 is out
        of range"), from its midnight in UTC, hours from any match."""
        try:
            midnight = datetime.combine(day, dt_time()).astimezone(UTC)  # a naive time is taken as local
        except (ValueError, OverflowError):
            midnight = datetime.combine(day, dt_time(), tzinfo=UTC)
        return cls(day.isoformat(), midnight.isoformat().replace("+00:00", "Z"))


class Busy(Exception):
    """Another connection (another ``gin-tui``) holds the database's write lock:
    nothing was written, and the same write may be tried again later.  The
    message is SQLite's ("database is locked")."""


def _is_busy(exc: sqlite3.Error) -> bool:
    """Whether an error from SQLite means another connection holds a lock."""
    code = exc.sqlite_errorcode if isinstance(exc.sqlite_errorcode, int) else 0
    return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _is_damage(exc: sqlite3.Error) -> bool:
    """Whether an error from SQLite means the file itself is bad (not, say,
    a directory that cannot be written or another process holding a lock)."""
    text = str(exc).lower()
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return True
    return isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError)


DAMAGED = "the database is damaged (SQLite cannot read part of it)"
"""Why, when SQLite finds the file damaged (what it says, "database disk image
is malformed", is not for the player)."""
FAILED_CHECK = "the database is damaged (part of it failed SQLite's check of the whole file)"
"""Why, when the integrity check fails (what it names, pages and their
errors, is not for the player)."""
def _is_corrupt(exc: sqlite3.Error) -> bool:
    """Whether SQLite found the file itself damaged ("database disk image is
    malformed", "file is not a database"), rather than a constraint broken or
    a lock held."""
    code = exc.sqlite_errorcode if isinstance(exc.sqlite_errorcode, int) else 0
    return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or "malformed" in str(exc).lower()


GARBLED = "the database is damaged (what SQLite said about it is not readable text)"
"""Why, when SQLite's error message cannot be decoded (``UnicodeDecodeError``):
it quotes bytes of a damaged file, such as its schema."""
FIGURES_DAMAGED = "the database is damaged (its table of figures holds something other than numbers)"
"""Why, when the ``tallies`` table holds what its trigger never writes there (the
figures are worked out again from the hands in the new history)."""


def _missing_part(exc: sqlite3.Error) -> Damaged | None:
    """:class:`Damaged` where a read failed as a table or column of the schema is not
    there (another program dropped it: SQLite's check of the file finds nothing wrong);
    None for any other error."""
    text = str(exc)
    for start in ("no such table: ", "no such column: "):
        if isinstance(exc, sqlite3.OperationalError) and text.startswith(start):
            return Damaged(f"the database is damaged (its {start[8:-2]} {text[len(start):]} is missing)")
    return None


# ---------------------------------------------------------------- a record's rows


def _with_member(obj_json: str, key: str, value_json: str) -> str:
    """The JSON text of an object with one more member (given as JSON text)."""
    head = obj_json[:-1]
    return f"{head}{',' if head != '{' else ''}{json.dumps(key)}:{value_json}}}"


def pack_play(moves: str | None, extras: str | None, fixes: str | None = None) -> bytes:
    """The ``plays.data`` of a hand, deflated: three lines, its compact moves
    (``m...``, or ``-`` for none), its other details as a JSON object (both
    hands, the melds, the layoffs), and what the ``hands`` columns do not give
    back exactly (a JSON object, almost always empty)."""
    text = ("-" if moves is None else "m" + moves) + "\n" + (extras or "") + "\n" + (fixes or "")
    return zlib.compress(text.encode("utf-8"), 6)


def unpack_play(data: bytes | None, *, checked: bool = True) -> tuple[str | None, str | None, str | None]:
    """The moves, details and fixes of :func:`pack_play`'s data (:class:`_Unsound`
    where it is not what that gives: details or fixes that are not a JSON object);
    ``checked`` False leaves the details and fixes to be checked where they are
    parsed (:func:`_hand_record`), not parsed twice."""
    if data is None:
        return None, None, None
    parts = zlib.decompress(data).decode("utf-8").split("\n", 2)
    if len(parts) != 3:
        raise _Unsound("a hand's stored data is not in its form")
    first, extras, fixes = parts
    if checked:
        _json_object(extras or None, "a hand's stored details")
        _json_object(fixes or None, "a hand's stored details")
    return (first[1:] if first.startswith("m") else None), (extras or None), (fixes or None)


class BadRecord(Exception):
    """One match whose row in the history does not read back as a record (a
    column holding what gin-tui never writes there, as bytes or a name that is
    not text; JSON that does not parse or is not an object; a hand's stored
    data that does not unpack): another program wrote it, where SQLite sees
    nothing wrong with the file.  That match is left out of what is read, and
    named (:attr:`History.left_out`), the rest read as usual: setting the file
    aside would not help, its salvage copying the row as it is."""

    def __init__(self, name: str, why: str) -> None:
        self.said = f"match {name} could not be read ({why})"
        """What is said of it."""
        super().__init__(f"{self.said} and is left out")
        self.name = name
        self.why = why


class _Unsound(ValueError):
    """What :func:`_stored` makes a :class:`BadRecord` of: why the row does not read."""


def _kind(value: Any) -> str:
    """What a column holds, in words."""
    if isinstance(value, bytes):
        return "bytes"
    if value is None:
        return "nothing"
    return "text" if isinstance(value, str) else "a number"


_COLUMN_TYPES: dict[str, tuple[type, ...]] = {
    "uid": (str,), "started": (str, type(None)), "updated": (str, type(None)), "ended": (str, type(None)),
    "finished": (int,), "abandoned": (int,), "replay": (int,), "opponent": (str,), "preset": (str,),
    "rules_text": (str, type(None)), "seed": (str, type(None)), "match_no": (int, type(None)),
    "hints": (int,), "winner": (int, type(None)), "score0": (int, type(None)), "score1": (int, type(None)),
    "total0": (int, type(None)), "total1": (int, type(None)), "extra": (str, type(None)),
    "hand_no": (int,), "dealer": (int, type(None)), "kind": (str,), "knocker": (int, type(None)),
    "points": (int,), "dw0": (int, type(None)), "dw1": (int, type(None)), "data": (bytes, type(None)),
}  # fmt: skip
"""What each column read back may hold: what gin-tui writes there."""


def _check_columns(names: tuple[str, ...], values: tuple | list) -> None:
    """Raise :class:`_Unsound` for the first of ``values`` (the columns ``names``) that
    holds what gin-tui never writes there."""
    for name, value in zip(names, values):
        allowed = _COLUMN_TYPES.get(name)
        if allowed is not None and (not isinstance(value, allowed) or isinstance(value, bool)):
            raise _Unsound(f"its column {name} holds {_kind(value)}")


def _json_object(text: str | None, what: str) -> dict[str, Any] | None:
    """The JSON object stored as ``text`` (None for none); :class:`_Unsound` if it is not one."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        raise _Unsound(f"{what} are not JSON") from None
    if not isinstance(value, dict):
        raise _Unsound(f"{what} are not a JSON object")
    return value


def _name(uid: Any) -> str:
    """A match named by its id, or by what it is where its id is not text."""
    return uid if isinstance(uid, str) else "with an id that is not text"


@contextlib.contextmanager
def _stored(uid: Any) -> Iterator[None]:
    """Where one match's rows are read into a record (its columns checked, a hand's
    deflated data unpacked, the JSON kept in a column parsed): what does not read
    raises :class:`BadRecord`, naming the match."""
    try:
        yield
    except _Unsound as bad:
        raise BadRecord(_name(uid), f"its record in the history is damaged: {bad}") from None
    except (zlib.error, UnicodeDecodeError):
        raise BadRecord(_name(uid), "its record in the history is damaged: a hand's stored data does not unpack") from None
    except (ValueError, KeyError, IndexError):  # stored moves that are not the compact form's, say
        raise BadRecord(_name(uid), "its record in the history is damaged: part of it does not read") from None


def _int_or_none(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _seed_text(v: Any) -> str | None:
    """A record's seed as the ``seed`` column keeps it: the text it is (the
    game's seeds are text), a whole number's digits (a record an earlier version
    wrote by hand: the number itself is kept in ``extra``), else None (kept there)."""
    if isinstance(v, str):
        return v
    return str(v) if _int_or_none(v) is not None else None


def _pair(v: Any) -> tuple[int | None, int | None]:
    if isinstance(v, list) and len(v) == 2 and all(_int_or_none(x) is not None for x in v):
        return v[0], v[1]
    return None, None


def _text(v: Any) -> str | None:
    return None if not v else str(v)


_HAND_KEYS = ("hand_no", "dealer", "kind", "knocker", "winner", "points", "deadwood", "scores")


def _hints_count(v: Any) -> int:
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        return 0


def _hand_rows(entry: dict[str, Any]) -> tuple[tuple, bytes | None]:
    """One hand entry as its ``hands`` columns and its ``plays`` data (None
    when there is nothing more than the columns)."""
    dw0, dw1 = _pair(entry.get("deadwood"))
    s0, s1 = _pair(entry.get("scores"))
    cols = (
        entry["hand_no"], _int_or_none(entry.get("dealer")), entry["kind"], entry.get("knocker"),
        entry.get("winner"), entry["points"], dw0, dw1, s0, s1,
    )  # fmt: skip
    extras = {k: v for k, v in entry.items() if k not in _HAND_KEYS and k != "moves"}
    moves = None
    if "moves" in entry:
        moves = encode_moves(entry["moves"])
        if moves is None:
            extras["moves"] = entry["moves"]
    back = _hand_from_cols(cols)
    fixes: dict[str, Any] = {}
    for k in _HAND_KEYS:
        if k not in entry:
            fixes.setdefault("-absent", []).append(k)
        elif back[k] != entry[k] or type(back[k]) is not type(entry[k]):
            fixes[k] = entry[k]
    if moves is None and not extras and not fixes:
        return cols, None
    return cols, pack_play(moves, _compact(extras) if extras else None, _compact(fixes) if fixes else None)


def _compact(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _hand_from_cols(cols) -> dict[str, Any]:
    hand_no, dealer, kind, knocker, winner, points, dw0, dw1, s0, s1 = cols
    return {
        "hand_no": hand_no,
        "dealer": dealer,
        "kind": kind,
        "knocker": knocker,
        "winner": winner,
        "points": points,
        "deadwood": [dw0, dw1] if dw0 is not None else None,
        "scores": [s0, s1] if s0 is not None else None,
    }


def _hand_record(cols, moves: str | None, extras: str | None, fixes: str | None) -> dict[str, Any]:
    entry = _hand_from_cols(cols)
    fixed = _json_object(fixes or None, "a hand's stored details")
    if fixed:
        for k in fixed.pop("-absent", ()):
            entry.pop(k, None)
        entry.update(fixed)
    more = _json_object(extras or None, "a hand's stored details")
    if more:
        entry.update(more)
    if moves is not None and "moves" not in entry:
        entry["moves"] = decode_moves(moves)
    return entry


# ---------------------------------------------------------------- the database


def db_path(root: Path) -> Path:
    """The history database of the data directory ``root``."""
    return Path(root) / DB_NAME


def set_aside(path: Path, reason: str) -> str:
    """Move a database that cannot be used (and its WAL) aside, and start a
    new one with what can still be read of it (:func:`salvage`: every row
    SQLite can still read, a damaged index being no loss), then what the
    archive holds that it lacks (:func:`rebuild_from_archive`); the message
    for the player."""
    moved = move_aside(path)
    if moved is not None:
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                with contextlib.suppress(OSError):
                    os.replace(side, moved.with_name(moved.name + suffix))
    where = f" It was moved to {moved}" if moved else " It could not be moved"
    kept = salvage(moved, path) if moved is not None else 0
    rebuilt = _rebuilt(path.parent)
    if kept:
        start = f"what could still be read of it ({counted(kept, 'match')}) is kept in a new history"
    else:
        start = "a new history has been started"
    return f"Your match history could not be used: {reason}.{where}; {start}{rebuilt.told(bool(kept))}."


@dataclass
class Rebuilt:
    """What :func:`rebuild_from_archive` did."""

    matches: int = 0
    """Matches recorded anew from the archive (finished ones with their hands)."""
    from_saves: int = 0
    """Of them, those rebuilt from a save, which keeps each hand's score-sheet
    row but the cards and moves of the last hand alone, and not the hints asked."""
    unreadable: int = 0
    """Files of the archive that could not be read."""

    def told(self, kept: bool) -> str:
        """The end of the sentence saying so (after what was kept)."""
        out = ""
        if self.matches and kept:
            out = f", with {self.matches} more rebuilt from {ARCHIVE_DIR}/"
        elif self.matches:
            out = f", rebuilt from the {counted(self.matches, 'match')} in {ARCHIVE_DIR}/"
        if self.from_saves:
            out += (
                " (each hand's result, but the cards and moves of each match's last hand alone,"
                " and not the hints you asked for: the saves keep no more)"
            )
        if self.unreadable:
            out += f" ({counted(self.unreadable, 'file')} of {ARCHIVE_DIR}/ could not be read)"
        return out


def _rebuilt(root: Path) -> Rebuilt:
    """:func:`rebuild_from_archive` into the history of ``root`` (never raises)."""
    try:
        hist = History.connect(root)
    except (Damaged, OSError, sqlite3.Error):
        return Rebuilt()
    try:
        return rebuild_from_archive(hist)
    except (Damaged, OSError, sqlite3.Error):
        return Rebuilt()
    finally:
        hist.close()


def _rebuilt_missing(hist: History, how: str = "missing") -> list[str]:
    """:func:`rebuild_from_archive` into the new history ``hist``, made where
    none was (``how``: "missing") or where an empty file was ("empty");
    what to tell the player (nothing when the archive gave nothing)."""
    try:
        rebuilt = rebuild_from_archive(hist)
    except (Damaged, OSError, sqlite3.Error):
        return []
    if not (rebuilt.matches or rebuilt.unreadable):
        return []
    return [f"Your match history {hist.path} was {how}: a new one has been started{rebuilt.told(False)}."]


def _emptied(path: Path) -> bool:
    """Whether ``path`` is an empty file with no log holding anything beside
    it: a history emptied (truncated, or written over with nothing), which
    SQLite would take for a new database, so that the archive's matches
    were never rebuilt into it."""
    try:
        found = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(found.st_mode) or found.st_size:
        return False
    try:
        return os.lstat(path.with_name(path.name + "-wal")).st_size == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False


_SALVAGED = ("rulesets", "matches", "hands", "plays", "hints", "meta")
"""The tables whose rows :func:`salvage` copies, in an order that keeps each
row's references (the tallies are worked out again from the hands)."""


def salvage(damaged: Path, path: Path) -> int:
    """Copy every row SQLite can still read of the gin-tui history ``damaged``
    (set aside) into a new database at ``path``, of the same schema version
    (migrated when it is next opened), unless one is there already; how many
    matches it holds (0, and nothing made, when none could be read).  A
    damaged index loses nothing (the tables are read without it); a damaged
    page of a table loses the rows on it, and the hands of a match whose row
    was lost go with it."""
    if os.path.lexists(path):
        return 0
    sides = [damaged.with_name(damaged.name + suffix) for suffix in ("-wal", "-shm")]
    made = [side for side in sides if not os.path.lexists(side)]  # SQLite makes them to read a WAL database
    try:
        src = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, OSError, ValueError):
        return 0
    building = path.with_name(f"{path.name}.salvage-{os.getpid()}")
    try:
        version = src.execute("PRAGMA user_version").fetchone()[0]
        app = src.execute("PRAGMA application_id").fetchone()[0]
        if app != APPLICATION_ID or not 1 <= version <= SCHEMA_VERSION:
            return 0
        tables = {row[0] for row in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        with contextlib.suppress(FileNotFoundError):
            os.unlink(building)
        os.close(open_regular(building, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        dst = sqlite3.connect(building, isolation_level=None)
        try:
            dst.execute(f"PRAGMA application_id={APPLICATION_ID}")
            History._upgrade(dst, version)
            dst.execute("BEGIN")
            for table in _SALVAGED:
                if table in tables:
                    _copy_rows(src, dst, table)
            for table in ("hands", "plays", "hints"):  # rows of a match whose own row was lost
                if table in tables:
                    dst.execute(f"DELETE FROM {table} WHERE match NOT IN (SELECT id FROM matches)")
            dst.execute("COMMIT")
            kept = dst.execute("SELECT count(*) FROM matches").fetchone()[0]
        finally:
            dst.close()
        return int(kept) if kept and _put_in_place(building, path) else 0
    except (sqlite3.Error, OSError, UnicodeDecodeError):
        return 0
    finally:
        src.close()
        for side in (building, *made):
            with contextlib.suppress(OSError):
                os.unlink(side)


_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK})
"""What :func:`os.link` fails with where the file system has no hard links (FAT, some shares)."""


def _put_in_place(made: Path, path: Path) -> bool:
    """Give the database ``made`` the name ``path``, unless a file has it by then: another
    gin-tui may have started a new history there while the salvage ran, which is never
    replaced.  A hard link, which the system refuses to make over a name in use, so no file
    can come between a look and the move; where the file system has no hard links, a rename
    once the name is seen free.  True if ``made`` is at ``path`` now (``made`` itself is left
    for the caller to remove)."""
    try:
        os.link(made, path)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        if os.path.lexists(path):
            return False
        os.replace(made, path)
    return True


def _copy_rows(src: sqlite3.Connection, dst: sqlite3.Connection, table: str) -> None:
    """Copy the rows of ``table`` that can be read, in the order of its key,
    going on past a damaged page from a key further on (the hands' from the
    next match)."""
    cols = [row[1] for row in src.execute(f"PRAGMA table_info({table})")]
    wanted = [c for c in cols if c in {row[1] for row in dst.execute(f"PRAGMA table_info({table})")}]
    names = ", ".join(wanted)
    insert = f"INSERT OR IGNORE INTO {table} ({names}) VALUES ({', '.join('?' * len(wanted))})"
    if table == "hands":  # WITHOUT ROWID: by its match, the first part of its key
        select = f"SELECT match, {names} FROM hands NOT INDEXED WHERE match >= ? ORDER BY match, seq"
    else:
        select = f"SELECT rowid, {names} FROM {table} NOT INDEXED WHERE rowid >= ? ORDER BY rowid"
    start, skip = 0, 1  # the game's keys are from 1 up
    for _ in range(40):  # past a damaged page: on from the key after the last one read, else further and further on
        last = None
        try:
            for row in src.execute(select, (start,)):
                dst.execute(insert, row[1:])
                last = row[0]
            return
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            if last is not None:
                start, skip = last + 1, 1
            else:
                start, skip = start + skip, skip * 2


def json_files(folder: Path) -> list[Path]:
    """The ``*.json`` files of ``folder``, by name (none if it cannot be read)."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    except OSError:
        return []


MAX_RECORD_BYTES = 4 * 1024 * 1024
"""A match record is a few kilobytes; more is not read."""


def rebuild_from_archive(hist: History) -> Rebuilt:
    """Record into ``hist`` what the archive holds that it lacks: every
    finished match of ``archive/`` (its save, with every hand, ended when it
    was saved), every match given up for a new one that the player moved in
    (abandoned) and the records of earlier versions kept in
    ``archive/history/``.  A match ``hist`` has is left as it is."""
    out = Rebuilt()
    archive = hist.root / ARCHIVE_DIR
    names, old = json_files(archive), json_files(hist.root / IMPORTED_DIR)
    known = {row[0] for row in hist.read("SELECT uid FROM matches")}
    known.update(path.stem for path in pending_json_history(hist.root))  # imported whole, hints and all
    for path in names:
        saved = read_save(path)
        if not isinstance(saved, SavedMatch):
            out.unreadable += 1
            continue
        if saved.match_id in known or not player_moved(saved.state):
            continue
        opponent = str(saved.settings.get("ai", "standard"))
        recorder = hist.recorder(saved.match_id, opponent=opponent, replay=saved.replay)
        if opponent == NETWORK:
            recorder.opponent_name = guest_name(saved.ui)
        # every hand its score sheet keeps: a match given up counts the hands it played, as
        # it did in the history lost (it came back as "0 hands 0-0 abandoned")
        recorder.observe(saved.state)
        if not saved.state.over:
            recorder.abandon(saved.state)
        if saved.saved_at:
            with hist.transaction() as conn:
                conn.execute(
                    "UPDATE matches SET ended = ?, updated = ? WHERE uid = ?",
                    (saved.saved_at, saved.saved_at, saved.match_id),
                )
        known.add(saved.match_id)
        out.matches += 1
        out.from_saves += 1
    for path in old:
        try:
            record = json.loads(read_regular(path, MAX_RECORD_BYTES))
        except (OSError, ValueError, UnicodeDecodeError):
            out.unreadable += 1
            continue
        if not valid_record(record) or str(record["id"]) in known:
            continue
        with hist.transaction() as conn:
            if hist.put_record(conn, record):
                out.matches += 1
        known.add(str(record["id"]))
    return out


def _prepare_file(path: Path) -> None:
    """Make sure the database file may be opened: create it, private to the
    user (0600), if it is not there (SQLite makes its ``-wal`` and ``-shm``
    files with the same permissions), and make one an earlier version left
    open to others private.  Raises
    :class:`~ginrummy_tui.storage.files.NotAFile` for a directory or a named
    pipe in its place (never waited on), ``OSError`` (``ELOOP``) for a
    symbolic link (never followed).

    An existing file is never opened here: closing a descriptor of the file
    drops every lock this process holds on it (POSIX locks belong to the
    process), including those of a connection already open to it, and
    another process would then take itself for the database's last user and
    delete its log.  Whether it is a SQLite database SQLite says itself
    (:meth:`History.connect`), but for a file shorter than a database can be
    (:class:`Damaged`)."""
    try:
        check_regular(path)
    except FileNotFoundError:
        with contextlib.suppress(FileExistsError):  # made meanwhile by another process
            os.close(open_regular(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        return
    if os.path.islink(path):
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    found = os.lstat(path)
    if 0 < found.st_size < MIN_DB_SIZE:  # SQLite would take a few bytes for a new database and write over them
        raise Damaged("the file is not a SQLite database")
    if found.st_mode & 0o077:
        with contextlib.suppress(OSError):  # not the owner: it stays as it is
            os.chmod(path, 0o600)


class History:
    """One connection to the history database of a data directory.

    Use :func:`open_history`, which sets a damaged database aside.  Safe to
    share between threads (one lock around the connection).
    """

    def __init__(self, root: Path, conn: sqlite3.Connection) -> None:
        self.root = Path(root)
        self.path = db_path(root)
        self.conn = conn
        self.lock = threading.RLock()
        self.read_only = False
        """Opened only to read it (:meth:`connect_read_only`): nothing can be recorded in it."""
        self.left_out: dict[str, BadRecord] = {}
        """The matches left out of what was read, as their rows do not read back
        as records (:class:`BadRecord`), by name, in the order they were met."""

    # -------------------------------------------------------- opening

    @classmethod
    def connect(cls, root: Path, *, wait: bool = True) -> History:
        """Open (creating or migrating) the database; raises :class:`Damaged`
        if it cannot be trusted, ``OSError``/``sqlite3.Error`` if it cannot be
        opened.  With ``wait=False`` it does not wait for another connection
        that holds the database ("database is locked" at once); the connection
        waits the busy timeout afterwards, as any other."""
        path = db_path(root)
        ensure_dir(path.parent)
        _prepare_file(path)
        can_read_write(path)  # SQLite would say only "unable to open database file"
        for side in _side_files(path):  # SQLite would open a named pipe there itself, and wait on it
            with contextlib.suppress(FileNotFoundError):
                check_regular(side)
        timeout = BUSY_TIMEOUT if wait else 0.0
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
        try:
            cls._set_up(conn, timeout)
            if not wait:
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        except sqlite3.Error as exc:
            conn.close()
            if exc.sqlite_errorcode == sqlite3.SQLITE_NOTADB:
                raise Damaged("the file is not a SQLite database") from None
            if not _is_damage(exc):
                raise
            raise Damaged(DAMAGED) from None
        except UnicodeDecodeError:
            conn.close()
            raise Damaged(GARBLED) from None
        except BaseException:
            conn.close()
            raise
        return cls(root, conn)

    @classmethod
    def connect_read_only(cls, root: Path) -> History | None:
        """Open the database only to read it, where it cannot be written (a
        read-only folder or file, a backup copy, a read-only mount): nothing
        is made, brought up to date, repaired or set aside, and no file is
        left beside it.  None when it holds nothing yet (no file, an empty
        one).  Raises :class:`Newer` or :class:`OutOfDate` for another
        version's history, :class:`Damaged` for a file that is not a
        history, ``OSError``/``sqlite3.Error`` if it cannot be read.

        With its log (``-wal``) empty or gone, as a closed history leaves it,
        the file holds every match and is opened as immutable: SQLite then
        makes no ``-shm`` file beside it (one made by a reader has the
        database's mode, and a read-only one kept the history read-only
        after the file was made writable again).  With a log still holding
        matches (a game that did not close it) SQLite reads it too."""
        path = db_path(root)
        check_regular(path)
        if os.path.islink(path):  # never followed
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
        if not os.access(path, os.R_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        size = os.lstat(path).st_size
        if size == 0:
            return None
        if size < MIN_DB_SIZE:
            raise Damaged("the file is not a SQLite database")
        wal = path.with_name(path.name + "-wal")
        try:
            logged = os.lstat(wal).st_size > 0
        except FileNotFoundError:
            logged = False
        mode = "mode=ro" if logged else "immutable=1"
        conn = sqlite3.connect(
            f"{path.resolve().as_uri()}?{mode}", uri=True, isolation_level=None, check_same_thread=False
        )
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise Damaged("the file is a SQLite database, but not a gin-tui history")
                conn.close()
                return None
            if version > SCHEMA_VERSION:
                raise _newer(version, SCHEMA_VERSION)
            if version < SCHEMA_VERSION:
                raise OutOfDate(
                    f"it was recorded by an earlier version of gin-tui and must be brought up to date "
                    f"before it is shown (history schema {version}, this one reads {SCHEMA_VERSION})"
                )
        except sqlite3.Error as exc:
            conn.close()
            if exc.sqlite_errorcode == sqlite3.SQLITE_NOTADB or _is_damage(exc):
                raise Damaged(DAMAGED) from None
            raise
        except BaseException:
            conn.close()
            raise
        hist = cls(root, conn)
        hist.read_only = True
        return hist

    @classmethod
    def _set_up(cls, conn: sqlite3.Connection, timeout: float = BUSY_TIMEOUT) -> None:
        """WAL mode and the schema.  Two processes opening a new database at
        once can get "database is locked" here without SQLite's busy handler
        being called (switching to WAL, or reading while the other recovers
        the log), so a busy answer is retried until ``timeout`` (the busy timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:  # before anything is changed in it (its journal mode)
                    raise _newer(version, SCHEMA_VERSION)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                cls._upgrade(conn)
                cls._name_old_custom(conn)
                cls._name_in_new_words(conn)
                return
            except sqlite3.OperationalError as exc:
                text = str(exc).lower()
                if ("locked" not in text and "busy" not in text) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)

    @staticmethod
    def _upgrade(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
        """Create the schema, or run the migrations it is missing."""
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == target:
            return
        if version > target:
            raise _newer(version, target)
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
            if version == 0:
                tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                app = conn.execute("PRAGMA application_id").fetchone()[0]
                if tables or app not in (0, APPLICATION_ID):
                    raise Damaged("the file is a SQLite database, but not a gin-tui history")
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            if version > target:
                raise _newer(version, target)
            for step in range(version + 1, target + 1):
                for statement in statements(MIGRATIONS[step]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version={step}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    @staticmethod
    def _name_old_custom(conn: sqlite3.Connection) -> None:
        """The matches an earlier version recorded under "custom" (rules changed
        from a preset) are put under the name of their rules, as a match is
        recorded now (:func:`~ginrummy_tui.storage.rule_words.rules_name`: the
        preset and the options changed, with their values), or "changed rules"
        for those recorded without their rules; the tallies of the names they
        go under are worked out anew from their hands.  Once: nothing is
        recorded under "custom" since (but by an earlier version again)."""
        if conn.execute("SELECT 1 FROM matches WHERE preset = ? LIMIT 1", (OLD_CUSTOM,)).fetchone() is None:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            found = conn.execute(
                "SELECT DISTINCT m.rules, r.text FROM matches m LEFT JOIN rulesets r ON r.id = m.rules "
                "WHERE m.preset = ?",
                (OLD_CUSTOM,),
            ).fetchall()
            names = set()
            for rules_id, text in found:
                try:
                    rules = json.loads(text) if text else None
                except ValueError:
                    rules = None
                name = recorded_rules_name(OLD_CUSTOM, rules)
                conn.execute("UPDATE matches SET preset = ? WHERE preset = ? AND rules IS ?", (name, OLD_CUSTOM, rules_id))
                names.add(name)
            marks = ", ".join("?" * len(names))
            conn.execute(f"DELETE FROM tallies WHERE preset IN (?, {marks})", (OLD_CUSTOM, *names))
            conn.execute(TALLY_FILL.format(where=f" AND m.preset IN ({marks})"), tuple(names))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    @staticmethod
    def _name_in_new_words(conn: sqlite3.Connection) -> None:
        """The matches an earlier version recorded under a name with words it used
        for a change ("standard (changed: knock limit 0)") are put under the name
        made now (:func:`~ginrummy_tui.storage.rule_words.current_name`: "standard
        (changed: gin only)"), with the matches recorded since, and the tallies of
        both names worked out anew from their hands.  Once: no name recorded since
        has the old words."""
        like = " OR ".join("preset LIKE ?" for _ in OLD_WORDS)
        patterns = tuple(f"%{words}%" for words in OLD_WORDS)
        if conn.execute(f"SELECT 1 FROM matches WHERE {like} LIMIT 1", patterns).fetchone() is None:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            found = [row[0] for row in conn.execute(f"SELECT DISTINCT preset FROM matches WHERE {like}", patterns)]
            renamed = {old: current_name(old) for old in found if current_name(old) != old}
            if renamed:
                for old, new in renamed.items():
                    conn.execute("UPDATE matches SET preset = ? WHERE preset = ?", (new, old))
                names = (*renamed, *set(renamed.values()))
                marks = ", ".join("?" * len(names))
                conn.execute(f"DELETE FROM tallies WHERE preset IN ({marks})", names)
                conn.execute(TALLY_FILL.format(where=f" AND m.preset IN ({marks})"), names)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def check(self) -> None:
        """Raise :class:`Damaged` unless SQLite's quick integrity check passes."""
        try:
            with self.lock:
                rows = self.conn.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError:
            raise Damaged(DAMAGED) from None
        except UnicodeDecodeError:
            raise Damaged(GARBLED) from None
        if [r[0] for r in rows] != ["ok"]:
            raise Damaged(FAILED_CHECK)

    def close(self) -> None:
        with self.lock, contextlib.suppress(sqlite3.Error):
            self.conn.close()

    @contextlib.contextmanager
    def transaction(self, wait: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``: waits for another
        writer, up to the busy timeout).  With ``wait=False`` it does not
        wait: while another connection holds the write lock it raises
        :class:`Busy` at once, having written nothing (the game's recording
        waits for a busy database in a thread of its own, never holding this
        connection's lock meanwhile)."""
        with self.lock:
            try:
                if not wait:
                    self.conn.execute("PRAGMA busy_timeout = 0")
                try:
                    self.conn.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    if not wait and _is_busy(exc):
                        raise Busy(str(exc)) from None
                    raise
                finally:
                    if not wait:
                        self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
                try:
                    yield self.conn
                    self.conn.execute("COMMIT")
                except BaseException:
                    if self.conn.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            self.conn.execute("ROLLBACK")
                    raise
            except sqlite3.DatabaseError as exc:  # found damaged as it is written: in words, to be set aside
                if _is_corrupt(exc):
                    raise Damaged(DAMAGED) from None
                raise

    # -------------------------------------------------------- writing

    def _rules_id(self, conn: sqlite3.Connection, rules: Any) -> int | None:
        if not isinstance(rules, dict):
            return None
        text = json.dumps(rules, sort_keys=True, separators=(",", ":"))
        row = conn.execute("SELECT id FROM rulesets WHERE text = ?", (text,)).fetchone()
        if row:
            return row[0]
        return conn.execute("INSERT INTO rulesets (text) VALUES (?)", (text,)).lastrowid

    def _match_columns(self, conn: sqlite3.Connection, record: dict[str, Any]) -> dict[str, Any]:
        s0, s1 = _pair(record.get("scores"))
        t0, t1 = _pair(record.get("totals"))
        cols = {
            "uid": record["id"],
            "started": _text(record.get("started")),
            "updated": _text(record.get("updated")),
            "ended": _text(record.get("ended")),
            "finished": int(bool(record.get("finished"))),
            "abandoned": int(bool(record.get("abandoned"))),
            "replay": int(bool(record.get("replay"))),
            "opponent": str(record.get("opponent")),
            "preset": recorded_rules_name(record.get("preset"), record.get("rules")),
            "rules": self._rules_id(conn, record.get("rules")),
            "seed": _seed_text(record.get("seed")),
            "match_no": _int_or_none(record.get("match_no")),
            "hints": _hints_count(record.get("hints")),
            "winner": record.get("winner"),
            "score0": s0, "score1": s1, "total0": t0, "total1": t1,
        }  # fmt: skip
        rules_text = None
        if cols["rules"] is not None:
            rules_text = conn.execute("SELECT text FROM rulesets WHERE id = ?", (cols["rules"],)).fetchone()[0]
        back = _match_from_cols(cols, rules_text)
        record = {**record, "preset": cols["preset"]}  # named by its rules ("custom" was written before)
        extra = {k: v for k, v in record.items() if k not in back and k != "hands"}
        for k in back:
            if k not in record:
                extra.setdefault("-absent", []).append(k)
            elif back[k] != record[k] or type(back[k]) is not type(record[k]):
                extra[k] = record[k]
        cols["extra"] = json.dumps(extra, separators=(",", ":"), ensure_ascii=False) if extra else None
        return cols

    def put_record(self, conn: sqlite3.Connection, record: dict[str, Any]) -> bool:
        """Insert a whole match record (inside a transaction); False if a
        match with that id is already there (it is left as it is)."""
        cols = self._match_columns(conn, record)
        names = ", ".join(cols)
        marks = ", ".join("?" * len(cols))
        cur = conn.execute(
            f"INSERT INTO matches ({names}) VALUES ({marks}) ON CONFLICT (uid) DO NOTHING", tuple(cols.values())
        )
        if cur.rowcount == 0:
            return False
        mid = cur.lastrowid
        assert mid is not None  # an INSERT that added a row
        for seq, entry in enumerate(record["hands"]):
            self._put_hand(conn, mid, seq, entry)
        return True

    def add_record(self, record: dict[str, Any], wait: bool = True) -> bool:
        """Write a whole match record in a transaction of its own; False if
        that match is already there (a match is recorded once), unless it is there
        as one the player left (:data:`LEFT`: they came back to it), which the
        record carries on: its hands not recorded yet are added and the match's
        row is the new record's.  ``wait=False``: :class:`Busy` at once while
        another connection writes."""
        with self.transaction(wait) as conn:
            return self.put_record(conn, record) or self._carry_on_left(conn, record)

    def _carry_on_left(self, conn: sqlite3.Connection, record: dict[str, Any]) -> bool:
        """Carry on the record of a match the player left (:data:`LEFT`) with ``record``, a
        later one of the same match; False if the match there is not one left."""
        row = conn.execute("SELECT id, finished, extra FROM matches WHERE uid = ?", (record["id"],)).fetchone()
        if row is None or row[1]:
            return False
        mid, _, extra = row
        if not _left(extra):
            return False
        cols = self._match_columns(conn, record)
        cols.pop("uid")
        conn.execute(f"UPDATE matches SET {', '.join(f'{k} = ?' for k in cols)} WHERE id = ?", (*cols.values(), mid))
        done = {n for (n,) in conn.execute("SELECT hand_no FROM hands WHERE match = ?", (mid,))}
        seq = conn.execute("SELECT coalesce(max(seq) + 1, 0) FROM hands WHERE match = ?", (mid,)).fetchone()[0]
        for entry in record["hands"]:
            if entry.get("hand_no") not in done:
                self._put_hand(conn, mid, seq, entry)
                seq += 1
        return True

    def forget_left(self, uid: str, wait: bool = True) -> bool:
        """Remove the record of match ``uid`` as one the player left (:data:`LEFT`), with its
        hands and hints, the tallies worked out again without them: the player came back to it
        and the host gave it up for a new one (``--new``), which counts not at all on their side.
        False if the match there is not one left (none, finished, not marked left)."""
        with self.transaction(wait) as conn:
            row = conn.execute(
                "SELECT id, finished, extra, opponent, preset, replay FROM matches WHERE uid = ?", (uid,)
            ).fetchone()
            if row is None or row[1] or not _left(row[2]):
                return False
            mid, _, _, opponent, preset, replay = row
            for table in ("plays", "hands", "hints"):
                conn.execute(f"DELETE FROM {table} WHERE match = ?", (mid,))
            conn.execute("DELETE FROM matches WHERE id = ?", (mid,))
            if not replay:
                conn.execute("DELETE FROM tallies WHERE opponent = ? AND preset = ?", (opponent, preset))
                conn.execute(TALLY_FILL.format(where=" AND m.opponent = ? AND m.preset = ?"), (opponent, preset))
        return True

    def _put_hand(self, conn: sqlite3.Connection, mid: int, seq: int, entry: dict[str, Any]) -> None:
        cols, data = _hand_rows(entry)
        conn.execute("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (mid, seq, *cols))
        if data is not None:
            conn.execute("INSERT INTO plays VALUES (?, ?, ?)", (mid, seq, data))

    def recorder(self, match_id: str, *, opponent: str = "standard", replay: bool = False) -> Recorder:
        """A :class:`Recorder` for one match."""
        return Recorder(self, match_id, opponent=opponent, replay=replay)

    def mark_abandoned(
        self, match_id: str, saved: SavedMatch | None = None, remains: Remains | None = None
    ) -> None:
        """Mark an unfinished match as given up (a new one replaced it); with
        its ``saved`` game, its row is added first if no hand of it had ended
        yet but the player had moved (see :meth:`Recorder.abandon`).  A match
        whose save was damaged (``remains``: what the file still tells of it)
        has its row made so too, unless the file says the player made no move
        (then a row made by a hint is dropped, as :meth:`Recorder.abandon` drops it):
        when its moves cannot be read, it counts as abandoned."""
        self.import_one(match_id)
        if saved is not None:
            if not saved.state.over:
                opponent = str(saved.settings.get("ai", "standard"))
                recorder = self.recorder(match_id, opponent=opponent, replay=saved.replay)
                if opponent == NETWORK:  # a hosted match: its guest's name, as the host's table kept it
                    recorder.opponent_name = guest_name(saved.ui)
                recorder.abandon(saved.state)
            return
        now = now_iso()
        with self.transaction() as conn:
            row = conn.execute("SELECT id, finished FROM matches WHERE uid = ?", (match_id,)).fetchone()
            if row is None:
                if remains is not None and remains.played is not False:
                    self.put_record(conn, lost_record(remains, now))
                return
            mid, finished = row
            if finished:
                return
            if (
                remains is not None
                and remains.played is False
                and conn.execute("SELECT 1 FROM hands WHERE match = ? LIMIT 1", (mid,)).fetchone() is None
            ):
                conn.execute("DELETE FROM hints WHERE match = ?", (mid,))
                conn.execute("DELETE FROM matches WHERE id = ?", (mid,))
                return
            conn.execute("UPDATE matches SET abandoned = 1, ended = ?, updated = ? WHERE id = ?", (now, now, mid))

    def import_one(self, match_id: str) -> None:
        """Import the JSON record of one match, if there is one not imported yet."""
        path = Path(self.root) / HISTORY_DIR / f"{match_id}.json"
        if path.exists():
            import_json_files(self, [path])

    # -------------------------------------------------------- reading

    def read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows of a query (raises :class:`Damaged` on a damaged file)."""
        try:
            with self.lock:
                return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            missing = _missing_part(exc)
            if missing is not None:
                raise missing from None
            if not _is_damage(exc):
                raise
            raise Damaged(DAMAGED) from None
        except UnicodeDecodeError:
            raise Damaged(GARBLED) from None

    def meta(self, key: str, default: Any = None) -> Any:
        rows = self.read("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else default

    def stats(self) -> Stats:
        """The figures, per opponent level and preset and in total, exactly as
        :func:`ginrummy_tui.storage.stats.compute` gives them on the same matches."""
        stats = Stats()
        skipped = False
        for opp, preset, *figures in self.read(_MATCH_SQL):
            if not (isinstance(opp, str) and isinstance(preset, str)):  # a match's row another program wrote
                skipped = True
                continue
            t = stats.groups.setdefault((opp, preset), Tally())
            t.matches, t.won, t.lost, t.abandoned, t.hints = (v if isinstance(v, int) else 0 for v in figures)
        if skipped:  # the matches of those named, and left out
            rows = self.read("SELECT id, uid, opponent, preset FROM matches WHERE typeof(opponent) != 'text' "
                             "OR typeof(preset) != 'text' ORDER BY id")
            list(self._sound(rows, lambda row: _check_columns(("uid", "opponent", "preset"), row[1:])))
        for opp, preset, *figures in self.read(_TALLY_SQL):
            counted = stats.groups.get((opp, preset))
            if counted is None:  # a counted hand always belongs to a counted match, but of one left out
                continue
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in figures):
                raise Damaged(FIGURES_DAMAGED)
            stats.groups[(opp, preset)] = replace(counted, **dict(zip(HAND_FIGURES, figures)))
        for (opp, preset), level in stats.groups.items():
            level.best_streak, level.current_streak = _streaks(self.read(_RESULTS_LEVEL_SQL, (opp, preset))[0][0])
        stats.total.best_streak, stats.total.current_streak = _streaks(self.read(_RESULTS_SQL)[0][0])
        for t in stats.groups.values():
            stats.total = stats.total.plus(t)
        stats.replays = self.read("SELECT count(*) FROM matches INDEXED BY matches_level WHERE replay = 1")[0][0]
        stats.unreadable = _hints_count(self.meta("unreadable", 0))
        stats.left_out = [str(bad) for bad in self.left_out.values()]
        return stats

    def trend(self, last: int = 30) -> dict[str, list[tuple[int, bool]]]:
        """Per opponent level, the last ``last`` finished matches (oldest
        first): your final total minus theirs, and whether you won."""
        out: dict[str, list[tuple[int, bool]]] = {}
        opponents = self.read(
            "SELECT DISTINCT opponent FROM matches INDEXED BY matches_finish_opponent "
            "WHERE finished = 1 AND replay = 0 ORDER BY opponent"
        )
        for (opp,) in opponents:
            if not isinstance(opp, str):  # a match's row another program wrote (left out of the statistics)
                continue
            rows = self.read(_TREND_SQL, (opp, last))
            if rows:
                out[opp] = [(margin, bool(won)) for margin, won in reversed(rows)]
        return out

    def level_record(self, opponent: str, last: int = 10) -> tuple[int, int, list[bool]]:
        """Against one opponent level (any preset): finished matches, matches
        won, and the results of the last ``last`` of them (oldest first)."""
        ((matches, won),) = self.read(
            "SELECT count(*), coalesce(sum(winner IS 0), 0) FROM matches "
            "WHERE opponent = ? AND replay = 0 AND finished = 1",
            (opponent,),
        )
        rows = self.read(_TREND_SQL, (opponent, last))
        return matches, won, [bool(r[1]) for r in reversed(rows)]

    def person_record(self, name: str, last: int = 10) -> tuple[int, int, list[bool]]:
        """Against one person over the network, by the name the records keep
        (``opponent_name``): finished matches, matches won, and the results of
        the last ``last`` of them (oldest first)."""
        rows = self.read(
            "SELECT winner IS 0, extra FROM matches WHERE opponent = ? AND replay = 0 AND finished = 1 "
            "ORDER BY coalesce(ended, started), uid",
            (NETWORK,),
        )
        results = [bool(won) for won, extra in rows if _extra_name(extra) == name]
        return len(results), sum(results), results[-last:] if last > 0 else []

    def match_number(self, uid: str) -> int:
        """The number of match ``uid`` among the player's matches, as the score
        table titles it: one more than the finished matches besides it (practice
        replays left out), so that a match has the same number while it is
        played and once it is over."""
        ((count,),) = self.read(
            "SELECT count(*) FROM matches WHERE replay = 0 AND finished = 1 AND uid != ?", (uid,)
        )
        return int(count) + 1

    def _sound(self, rows: Iterable[tuple], read: Callable[[tuple], T]) -> Iterator[T]:
        """``read`` of each of ``rows`` (a match's, its id first after its row's
        number) but those that do not read back as records: they are left out,
        and kept in :attr:`left_out`.  ``rows`` is closed when done (a stream's cursor with it,
        while the connection is open, whatever else stopped the reading)."""
        try:
            for row in rows:
                try:
                    with _stored(row[1]):
                        got = read(row)
                except BadRecord as bad:
                    self.left_out.setdefault(bad.name, bad)
                    continue
                yield got
        finally:
            close = getattr(rows, "close", None)
            if close is not None:
                close()

    def recent(self, n: int = 5) -> list[dict[str, Any]]:
        """The last ``n`` matches (newest first), as short summaries; practice deals
        (``replay``) left out, as the statistics count them apart."""
        rows = self.read(
            f"SELECT {_SUMMARY} FROM matches WHERE replay = 0 ORDER BY started DESC, uid DESC LIMIT ?", (n,)
        )
        return list(self._sound(rows, _summary))

    def summaries(self, since: Since | str | None = None) -> Iterator[dict[str, Any]]:
        """Every match (oldest first) as a short summary, one at a time; ``since``:
        those started on or after that day of the player's (:class:`Since`) or
        that UTC time or date, as the records keep it."""
        yield from self._sound(self._stream(f"SELECT {_SUMMARY} FROM matches", since), _summary)

    def _stream(self, select: str, since: Since | str | None) -> Iterator[tuple]:
        where: str = ""
        args: tuple = ()
        if isinstance(since, str):  # as the records keep it: a UTC time, or a date
            where, args = "WHERE started >= ?", (since,)
        elif since is not None:  # a start with its time from the instant, one with its date alone from the date
            where = "WHERE started >= ? AND (started >= ? OR length(started) = 10)"
            args = (min(since.instant, since.day), since.instant)
        cur = self.conn.cursor()
        try:
            cur.execute(f"{select} {where} ORDER BY started, uid", args)
            while True:
                with self.lock:
                    rows = cur.fetchmany(200)
                if not rows:
                    return
                yield from rows
        except sqlite3.Error as exc:
            missing = _missing_part(exc)
            if missing is not None:
                raise missing from None
            if not _is_damage(exc):
                raise
            raise Damaged(DAMAGED) from None
        except UnicodeDecodeError:
            raise Damaged(GARBLED) from None
        finally:
            cur.close()

    def records(self, since: Since | str | None = None) -> Iterator[dict[str, Any]]:
        """Every match record (oldest first), in the JSON form, one at a time."""
        yield from self._sound(self._stream(f"SELECT {_FULL} FROM matches", since), self._record)

    def find(self, wanted: str) -> dict[str, Any] | str:
        """The record whose id is ``wanted`` (or starts with it; ``last`` is
        the newest of the player's matches, practice deals left out: one is
        found by its id), or a message saying why there is none."""
        if wanted == "last":
            rows = self.read(f"SELECT {_FULL} FROM matches WHERE replay = 0 ORDER BY started DESC, uid DESC LIMIT 1")
        else:
            rows = self.read(f"SELECT {_FULL} FROM matches WHERE uid = ?", (wanted,))
            if not rows and wanted:  # every id starts with '': an empty id names no match
                rows = self.read(
                    f"SELECT {_FULL} FROM matches WHERE uid >= ? AND uid < ? ORDER BY uid LIMIT 6",
                    (wanted, wanted + "\U0010ffff"),
                )
        if len(rows) == 1:
            found = list(self._sound(rows, self._record))
            if found:
                return found[0]
            return self.left_out[_name(rows[0][1])].said
        if rows:
            listed = ", ".join(r[1] for r in rows[:5])
            return f"{len(rows) if len(rows) < 6 else 'more than 5'} matches start with {wanted!r}: {listed}; give more of the id"
        if not self.read("SELECT 1 FROM matches LIMIT 1"):
            return "no matches recorded yet"
        if wanted == "last":  # practice deals alone
            return "no match recorded yet but practice deals, which --match takes by their id (see --list)"
        return f"no match with id {wanted!r}"

    def hand_moves(self, uid: str) -> dict[int, list[dict[str, Any]] | None]:
        """The moves recorded of each finished hand of the match ``uid`` (by hand number, as
        the record has them: seat 0 the player's), None for a hand recorded without them
        (a record of an earlier version, or imported from one); empty when the match has no
        row.  What a review of an earlier hand of the match in play is dealt again from."""
        rows = self.read("SELECT id, uid FROM matches WHERE uid = ?", (uid,))

        def moves(row: tuple) -> dict[int, list[dict[str, Any]] | None]:
            out: dict[int, list[dict[str, Any]] | None] = {}
            for h in self._hands(row[0]):
                hand_moves = _hand_record(h[:10], *unpack_play(h[10], checked=False)).get("moves")
                out[h[0]] = hand_moves if isinstance(hand_moves, list) else None
            return out

        return next(self._sound(rows, moves), {})

    def _record(self, row: tuple) -> dict[str, Any]:
        """The record of a match's row (its columns :data:`_FULL`; raises :class:`_Unsound`
        and what :func:`_stored` turns into :class:`BadRecord`)."""
        hands = self._hands(row[0])
        record = self._record_head(row)
        record["hands"] = [_hand_record(h[:10], *unpack_play(h[10], checked=False)) for h in hands]
        return record

    def _record_head(self, row: tuple, with_rules: bool = True) -> dict[str, Any]:
        """A match record without its hands (and without its rules, if asked)."""
        mid, *cols = row
        _check_columns(_FULL_NAMES, cols)
        cols_d = dict(zip(_FULL_NAMES, cols))
        rules_text = cols_d.pop("rules_text")
        extra_text = cols_d.pop("extra")
        _json_object(rules_text, "its rules")
        record = _match_from_cols(cols_d, rules_text if with_rules else None)
        if not with_rules:
            del record["rules"]
        extra = _json_object(extra_text, "its other entries (extra)") or {}
        absent = extra.pop("-absent", ())
        if not isinstance(absent, (list, tuple)):
            raise _Unsound("its other entries (extra) are not in their form")
        for k in absent:
            record.pop(k, None)
        record.update(extra)
        return record

    def _hands(self, mid: int) -> list[tuple]:
        """The rows of a match's hands, each with its ``plays`` data (raises
        :class:`Damaged` on a damaged file: a damaged page of ``plays`` or of
        its index is met here, not in the matches read before)."""
        rows = self.read(
            "SELECT h.hand_no, h.dealer, h.kind, h.knocker, h.winner, h.points, h.dw0, h.dw1, h.score0, "
            f"h.score1, p.data, {_HAND_SOUND} FROM hands h LEFT JOIN plays p ON p.match = h.match AND p.seq = h.seq "
            "WHERE h.match = ? ORDER BY h.seq",
            (mid,),
        )
        for row in rows:
            if not row[-1]:  # (worked out by SQLite: this is the rare case)
                _check_columns(_HAND_NAMES, row)
        return rows

    def json_lines(self, since: Since | str | None = None) -> Iterator[str]:
        """Every match record (oldest first) as one line of JSON: the same
        values as :meth:`records` in the export's form (:func:`export_form`),
        but put together from the stored JSON pieces (the rules, each hand's
        details) and the moves' compact form without making objects of them,
        for a fast export."""
        dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        rules_json: dict[str, str] = {}  # a rule set's members as exported, by its stored text
        memo: dict[str, tuple[Any, dict[str, Any] | None]] = {}  # the same, worked out for export_form
        rows = self._stream(f"SELECT {_FULL} FROM matches", since)
        yield from self._sound(rows, lambda row: self._json_line(row, dumps, rules_json, memo))

    def _json_line(
        self, row: tuple, dumps: Callable[[Any], str], rules_json: dict[str, str],
        memo: dict[str, tuple[Any, dict[str, Any] | None]],
    ) -> str:
        """One match's line of :meth:`json_lines`."""
        cache = TOKEN_JSON
        hands = []
        for h in self._hands(row[0]):
            moves, extras, fixes = unpack_play(h[10])
            if fixes is not None:  # rare: the slow path
                hands.append(dumps(_hand_record(h[:10], moves, extras, fixes)))
                continue
            text = dumps(_hand_from_cols(h[:10]))
            if extras is not None:
                text = text[:-1] + "," + extras[1:]
            if moves is not None:  # (moves kept as JSON are among the extras, and then this is None)
                tokens = moves.split()
                try:
                    pieces = ",".join([cache[t] for t in tokens])
                except KeyError:
                    pieces = moves_json(moves)[1:-1]
                text = text[:-1] + ',"moves":[' + pieces + "]}"
            hands.append(text)
        rules_text = row[_FULL_NAMES.index("rules_text") + 1]
        head = self._record_head(row, with_rules=False)  # (checked, before any of it is used)
        if row[-1] is None and rules_text is not None:  # no extra fields: the rules as exported, once a rule set
            if rules_text not in rules_json:
                rules, changed = exported_rules(json.loads(rules_text))
                rules_json[rules_text] = _with_member(f'{{"rules":{dumps(rules)}}}', RULES_CHANGED, dumps(changed))
            head_text = dumps(head)[:-1] + "," + rules_json[rules_text][1:]
        else:
            kept = rules_text is not None and '"rules"' not in (row[-1] or "")  # the rules as stored
            head_text = dumps(export_form(self._record_head(row), memo, rules_text if kept else None))
        return _with_member(head_text, "hands", "[" + ",".join(hands) + "]")


_COUNTED = "m.replay = 0 AND (m.finished = 1 OR m.abandoned = 1 OR EXISTS (SELECT 1 FROM hands h WHERE h.match = m.id))"
_MATCH_SQL = f"""
SELECT m.opponent, m.preset,
       sum(m.finished), sum(m.finished AND m.winner IS 0), sum(m.finished AND m.winner IS NOT 0),
       sum(NOT m.finished AND m.abandoned), sum(m.hints)
FROM matches m WHERE {_COUNTED} GROUP BY m.opponent, m.preset
"""
_TALLY_SQL = f"SELECT opponent, preset, {', '.join(HAND_FIGURES)} FROM tallies"
# Winning streaks: the results of the finished matches in the order they
# ended, read from the matches_finish indexes (no sorting, no table rows) and
# strung together by SQLite ("1" a win, "0" a loss), per (opponent, preset)
# and over all.  The aggregate takes the rows in the order of the subquery.
_RESULTS_LEVEL_SQL = """
SELECT group_concat(won, '') FROM (
    SELECT winner IS 0 AS won FROM matches INDEXED BY matches_finish_level
    WHERE opponent = ? AND preset = ? AND finished = 1 AND replay = 0
    ORDER BY coalesce(ended, started), started, uid
)
"""
_RESULTS_SQL = """
SELECT group_concat(won, '') FROM (
    SELECT winner IS 0 AS won FROM matches INDEXED BY matches_finish
    WHERE finished = 1 AND replay = 0 ORDER BY coalesce(ended, started), started, uid
)
"""


def _streaks(results: str | None) -> tuple[int, int]:
    """The best and the current run of wins in ``results`` ("1" a win, "0" a
    loss, oldest first), with the string operations of C."""
    runs = (results or "").split("0")
    return max(map(len, runs)), len(runs[-1])


_TREND_SQL = """
SELECT coalesce(total0, score0, 0) - coalesce(total1, score1, 0), winner IS 0
FROM matches INDEXED BY matches_finish_opponent
WHERE opponent = ? AND finished = 1 AND replay = 0
ORDER BY coalesce(ended, started) DESC, uid DESC LIMIT ?
"""
_SUMMARY = "id, uid, opponent, preset, finished, abandoned, replay, winner, total0, total1, score0, score1, " + (
    # the hands played, as the statistics count them: a move clock running out ends the match, not a hand
    f"(SELECT count(*) FROM hands h WHERE h.match = matches.id AND {HAND_EXPR['hands'].replace('NEW.', 'h.')}), "
    "(SELECT kind FROM hands h WHERE h.match = matches.id ORDER BY seq DESC LIMIT 1), extra"
)
_FULL_NAMES = (
    "uid", "started", "updated", "ended", "finished", "abandoned", "replay", "opponent", "preset", "rules_text",
    "seed", "match_no", "hints", "winner", "score0", "score1", "total0", "total1", "extra",
)  # fmt: skip
_FULL = "id, " + ", ".join(
    "(SELECT text FROM rulesets r WHERE r.id = matches.rules)" if n == "rules_text" else n for n in _FULL_NAMES
)


_SUMMARY_NAMES = (
    "uid", "opponent", "preset", "finished", "abandoned", "replay", "winner", "total0", "total1", "score0", "score1",
)  # fmt: skip
_HAND_NAMES = ("hand_no", "dealer", "kind", "knocker", "winner", "points", "dw0", "dw1", "score0", "score1", "data")
_SQL_TYPES = {int: "'integer'", str: "'text'", bytes: "'blob'", type(None): "'null'"}
_HAND_SOUND = " AND ".join(
    f"typeof({'p' if name == 'data' else 'h'}.{name}) IN ({', '.join(_SQL_TYPES[t] for t in _COLUMN_TYPES[name])})"
    for name in _HAND_NAMES
)
"""Whether a hand's row (``hands`` as ``h`` with its ``plays`` as ``p``) holds in each column
what :data:`_COLUMN_TYPES` allows, as SQLite works it out (the hands are many: the export
checks each row's columns in Python only where this says one is not so)."""


def _summary(row: tuple) -> dict[str, Any]:
    _check_columns(_SUMMARY_NAMES, row[1:])
    _json_object(row[-1], "its other entries (extra)")
    _, uid, opp, preset, finished, abandoned, replay, winner, t0, t1, s0, s1, hands, last_kind, extra = row
    return {
        "id": uid,
        "opponent": opp,
        "preset": preset,
        "finished": bool(finished),
        "abandoned": bool(abandoned),
        "replay": bool(replay),
        "winner": winner,
        "totals": [t0, t1] if t0 is not None else [s0 or 0, s1 or 0],
        "hands": hands,
        "on_time": bool(finished) and last_kind == EndKind.TIMEOUT,  # won or lost when a move clock ran out
        OPPONENT_NAME: _extra_name(extra),
        LEFT: not finished and _left(extra),
    }


def _left(extra: str | None) -> bool:
    """Whether a record's other entries (``extra``) mark a network match the player left (:data:`LEFT`)."""
    if not extra or LEFT not in extra:
        return False
    try:
        return isinstance(json.loads(extra).get(LEFT), dict)
    except (ValueError, AttributeError):
        return False


def _extra_name(extra: str | None) -> str | None:
    """The other player's name among a record's other entries (``extra``), if it is there."""
    if not extra or OPPONENT_NAME not in extra:
        return None
    try:
        name = json.loads(extra).get(OPPONENT_NAME)
    except (ValueError, AttributeError):
        return None
    return name if isinstance(name, str) and name else None


def _match_from_cols(cols: dict[str, Any], rules_text: str | None) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "id": cols["uid"],
        "started": cols["started"],
        "updated": cols["updated"],
        "ended": cols["ended"],
        "finished": bool(cols["finished"]),
        "abandoned": bool(cols["abandoned"]),
        "replay": bool(cols["replay"]),
        "opponent": cols["opponent"],
        "preset": cols["preset"],
        "rules": json.loads(rules_text) if rules_text else None,
        "seed": cols["seed"],
        "match_no": cols["match_no"],
        "hints": cols["hints"],
        "winner": cols["winner"],
        "scores": [cols["score0"], cols["score1"]] if cols["score0"] is not None else None,
        "totals": [cols["total0"], cols["total1"]] if cols["total0"] is not None else None,
    }


# ---------------------------------------------------------------- opening, with care


@dataclass
class Opening:
    """What :func:`open_history` found."""

    history: History | None
    path: Path
    """The database file."""
    messages: list[str] = field(default_factory=list)
    """What to tell the player (a damaged database set aside, a link moved aside...)."""
    unusable: str | None = None
    """Why the database cannot be opened at all, if it cannot (a directory in
    its place, no permission): nothing is recorded."""
    busy: bool = False
    """The database could not be opened because another connection (another
    ``gin-tui``) held it for longer than the busy timeout."""
    denied: bool = False
    """The database could not be opened because it (or its folder) cannot be
    written here: :meth:`told` says what to do."""
    read_only: str | None = None
    """Why the database could only be opened to read it, if so ("its folder is
    read-only"): :attr:`history` shows what it holds, and nothing can be
    recorded in it; :attr:`unusable` says why even that failed, if it did."""

    def told(self) -> list[str]:
        """What a game tells the player: :attr:`messages`, then that the
        match is not recorded if the database cannot be used."""
        if self.unusable is None:
            return list(self.messages)
        if self.busy:
            why = f"The statistics database {self.path} stayed busy ({self.unusable}; another gin-tui?)"
        else:
            why = f"Your match history {self.path} cannot be used ({self.unusable})"
        if self.denied:
            return [*self.messages, f"{why}; this match is not recorded: {way_out(self.path)}."]
        return [*self.messages, f"{why}; this match is not recorded."]


def _side_files(path: Path) -> tuple[Path, ...]:
    """The files SQLite keeps beside the database ``path``."""
    return tuple(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal"))


def _set_aside_special(side: Path) -> str | None:
    """Move a directory, named pipe or other special file in the place of
    the side file ``side`` aside (it holds no data, and SQLite would wait on
    a pipe); what to tell the player, None if there is none.  One that cannot
    be moved is left for :meth:`History.connect` to refuse."""
    try:
        check_regular(side)
    except NotAFile as found:
        with contextlib.suppress(NotAFile):
            return set_aside_not_a_file(side, found)
    except OSError:  # nothing there, or no directory to look in: opening says why
        pass
    return None


def _cannot_write(exc: BaseException) -> bool:
    """Whether ``exc``, from opening the history, means it cannot be written
    here (no permission, a read-only file or folder, a read-only mount)."""
    if isinstance(exc, NotAFile):
        return False
    if isinstance(exc, OSError):
        return exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    if isinstance(exc, sqlite3.Error):
        code = exc.sqlite_errorcode if isinstance(exc.sqlite_errorcode, int) else 0
        return code & 0xFF in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM)
    return False


def _read_only_why(path: Path, exc: BaseException) -> str:
    """Why the history at ``path`` cannot be changed, in words ("its folder is read-only")."""
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return "its folder is read-only"
    if not os.access(path, os.W_OK):
        return "the file is read-only"
    if isinstance(exc, OSError) and exc.errno == errno.EROFS:
        return "it is on a read-only file system"
    return "it cannot be changed here"


def _open_read_only(root: Path, out: Opening, exc: BaseException) -> Opening:
    """``out``, the history of ``root`` opened only to read it, as it could
    not be opened to record in it (``exc``)."""
    why = _read_only_why(out.path, exc)
    out.read_only = why
    try:
        out.history = History.connect_read_only(root)
    except OutOfDate:
        out.unusable = (
            f"it was recorded by an earlier version of gin-tui and must be brought up to date first, "
            f"which cannot be done here ({why})"
        )
    except Damaged as bad:  # Newer too: left as it is
        out.unusable = str(bad)
    except OSError as failed:
        out.unusable = f"it cannot be read ({failed.strerror or failed})"
    except sqlite3.Error as failed:
        out.unusable = f"SQLite cannot read it here ({why})" if _cannot_write(failed) else str(failed)
    return out


def open_history(
    root: Path, *, create: bool = True, check: bool = False, wait: bool = True, reading: bool = False
) -> Opening:
    """The history of the data directory ``root``; never raises.

    A database that cannot be trusted is set aside (with a message) and a new
    one started; so is a symbolic link in its place (or in the place of its
    ``-wal`` file...), which is never written through.  A directory, named
    pipe or other special file in its place, or a file that cannot be
    opened, gives no history and says why in :attr:`Opening.unusable`.  With
    ``create=False`` a missing database gives None.  With ``check`` SQLite's
    quick integrity check is run too (it reads the whole file: the app does
    it in the background).  With ``wait=False`` a database another connection
    holds is not waited for (:attr:`Opening.busy` at once).  With ``reading``
    (what only shows the history: ``gin-tui stats``, ``export``, F3), a
    database that cannot be written here is opened to be read alone
    (:attr:`Opening.read_only`).
    """
    path = db_path(root)
    out = Opening(None, path)
    if not create and not os.path.lexists(path):
        return out
    how = "missing" if not os.path.lexists(path) else "empty" if _emptied(path) else None
    missing = how is not None and bool(json_files(Path(root) / ARCHIVE_DIR))
    if missing and pending_json_history(root):  # the first start with a database: the records are imported
        missing = False
    for _ in range(2):
        for side in _side_files(path):
            note = set_aside_link(side) or _set_aside_special(side)
            if note is not None:
                out.messages.append(note)
        try:
            hist = History.connect(root, wait=wait)
            if check:
                try:
                    hist.check()
                except Damaged:
                    hist.close()
                    raise
            out.history = hist
            if missing:  # removed or emptied, while the archive keeps the matches
                out.messages.extend(_rebuilt_missing(hist, how or "missing"))
            return out
        except Newer as newer:  # that version's history: never set aside by this one
            out.unusable = str(newer)
            return out
        except Damaged as bad:
            out.messages.append(set_aside(path, str(bad)))
        except OSError as exc:
            why = exc.strerror or str(exc)
            if isinstance(exc, NotAFile) and exc.filename != str(path):  # a side file that could not be moved aside
                why = f"{Path(exc.filename).name} is {exc.kind}, not a file"
            if is_link_refusal(exc, path):
                note = set_aside_link(path)
                if not os.path.islink(path):
                    out.messages.append(f"Your match history {note} A new history has been started.")
                    continue
                why = "it is a symbolic link, which gin-tui does not follow, and it could not be moved aside"
            elif reading and _cannot_write(exc) and os.path.isfile(path) and not os.path.islink(path):
                return _open_read_only(root, out, exc)
            out.unusable = why
            out.denied = _cannot_write(exc)
            return out
        except sqlite3.Error as exc:
            if reading and _cannot_write(exc) and os.path.isfile(path) and not os.path.islink(path):
                return _open_read_only(root, out, exc)
            out.unusable = str(exc)
            out.busy = _is_busy(exc)
            out.denied = _cannot_write(exc)
            return out
    return out


def recorded_dealer(root: Path, seed: Any, hand_no: int) -> tuple[int | None, list[str]]:
    """Who dealt hand ``hand_no`` (0: the player) in the player's last match
    dealt from ``seed`` (its first match: ``--seed`` deals that one), not a
    practice deal, as the history of ``root`` recorded it, or, that hand not
    ended yet, the winner of the hand before (the rules where this matters
    have the winner deal next; its dealer after a hand with no winner); None
    when neither is recorded or the history cannot be read (never raises,
    never waits).
    With what opening the history had to say (a damaged one set aside)."""
    try:
        wanted = str(int(seed))  # the text of the seed, as the game's states have it (and the seed column)
    except (TypeError, ValueError):
        return None, []
    opening = open_history(root, create=False, wait=False)
    hist = opening.history
    if hist is None:
        return None, opening.messages
    try:
        rows = hist.read(
            "SELECT hand_no, dealer, winner FROM hands WHERE hand_no IN (?, ?) AND match = ("
            "SELECT m.id FROM matches m JOIN hands h ON h.match = m.id "
            "WHERE m.seed = ? AND coalesce(m.match_no, 1) = 1 AND m.replay = 0 AND h.hand_no IN (?, ?) "
            "ORDER BY m.started DESC, m.uid DESC LIMIT 1)",
            (hand_no - 1, hand_no, wanted, hand_no - 1, hand_no),
        )
    except (Damaged, sqlite3.Error):
        return None, opening.messages
    finally:
        hist.close()
    by_hand = {row[0]: (row[1], row[2]) for row in rows}
    if hand_no in by_hand and by_hand[hand_no][0] in (0, 1):
        return int(by_hand[hand_no][0]), opening.messages
    if hand_no - 1 in by_hand:  # the hand not ended yet: its dealer is who won the hand before (else its dealer)
        dealer, winner = by_hand[hand_no - 1]
        dealt_by = winner if winner in (0, 1) else dealer
        if dealt_by in (0, 1):
            return int(dealt_by), opening.messages
    return None, opening.messages


class SharedHistory:
    """The history of one data directory, opened when first needed and shared
    by the threads of one process (the game records into it, the statistics
    screen reads it, the start-up upkeep checks and imports in the background).

    :attr:`messages` collects what the player should be told (a damaged
    database set aside, one that cannot be opened).
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.lock = threading.RLock()
        self.messages: list[str] = []
        self._history: History | None = None
        self._failed = False
        self.unusable: str | None = None
        """Why the database cannot be used at all, if it cannot (:attr:`Opening.unusable`)."""
        self.generation = 0
        """How many databases were set aside: what was read from an earlier one is out of date."""
        self._closed_while_opening = False
        """Closed while another thread was opening it: that thread closes what it opened."""

    def get(self, *, create: bool = True, wait: bool = True, opening_wait: float = OPENING_WAIT) -> History | None:
        """The open history (None if it cannot be opened, or with
        ``create=False`` if there is none yet).  A database another connection
        holds (another ``gin-tui``) is opened at a later call: with
        ``wait=False`` it is not waited for, :class:`Busy` is raised at once
        (and after ``opening_wait`` seconds at most while another thread of
        this process opens it), so that the caller tries again later; else it
        waits the busy timeout, and gives None if it is still held."""
        found = self._history  # once open, no lock is needed to give it
        if found is not None:
            return found
        if not self.lock.acquire(timeout=-1 if wait else opening_wait):
            raise Busy("database is locked")  # another thread of this process is waiting for it to open it
        try:
            if self._history is None and not self._failed:
                opening = open_history(self.root, create=create, wait=wait)
                self.unusable = opening.unusable
                if opening.busy:  # nothing wrong with it: opened later
                    self.messages.extend(opening.messages)
                    if not wait:
                        raise Busy(opening.unusable or "database is locked")
                    return None
                self.messages.extend(opening.told())
                if self._closed_while_opening and opening.history is not None:  # (see close)
                    self._closed_while_opening = False
                    opening.history.close()
                    return None
                self._history = opening.history
                self._failed = opening.unusable is not None or (
                    opening.history is None and db_path(self.root).exists()
                )
            return self._history
        finally:
            self.lock.release()

    def opened(self) -> History | None:
        """The history if it is open already (never opens it, never waits)."""
        return self._history

    def take_messages(self) -> list[str]:
        """The messages not taken yet."""
        with self.lock:
            out, self.messages = self.messages, []
            return out

    def replace_damaged(self, reason: str) -> History | None:
        """Set the open database aside (it was found damaged) and start a new one."""
        with self.lock:
            if self._history is not None:
                self._history.close()
                self._history = None
            self.generation += 1
            self.messages.append(set_aside(db_path(self.root), reason))
            return self.get()

    def check(self) -> History | None:
        """Run the integrity check; a damaged database is replaced."""
        with self.lock:
            hist = self.get(create=False)
            if hist is None:
                return None
            try:
                hist.check()
            except Damaged as bad:
                return self.replace_damaged(str(bad))
            return hist

    def close(self) -> None:
        """Close the history.  While another thread of this process is opening it, waiting
        SQLite's busy timeout (10 s) for a database another program holds, this does not wait
        for it: that thread closes what it opens (gin-tui's exit waited for it)."""
        if not self.lock.acquire(timeout=CLOSE_WAIT):
            self._closed_while_opening = True
            return
        try:
            if self._history is not None:
                self._history.close()
                self._history = None
        finally:
            self.lock.release()


# ---------------------------------------------------------------- recording a match


class Recorder:
    """Keeps one match's rows up to date as its states go by.

    :meth:`observe` is idempotent: a hand is recorded once (by number), so
    seeing the same state again, or resuming a saved match, adds nothing twice.
    Each call writes one transaction.

    The record keeps only what the game kept: the first state it is given (the
    saved match resumed) is where the match stands, and what the record holds
    beyond it, written by a game whose later saves failed (a full disk, a file
    that cannot be written) or that was killed between the record and the save,
    is taken out first (:meth:`_forget_lost`): the hands the state's score sheet
    does not have, or has with another result, the hints asked after its move,
    the match's end when it is not over.  The hand played again is recorded as
    it ends this time.
    """

    def __init__(
        self,
        history: History,
        match_id: str,
        *,
        opponent: str = "standard",
        replay: bool = False,
    ) -> None:
        self.history = history
        self.match_id = match_id
        self.opponent = opponent
        self.opponent_name: str | None = None
        """The other player's name, if known (kept in the record when its row is written)."""
        self.replay = replay
        self.mid: int | None = None
        self.known: set[int] = set()
        self.finished = False
        self.scores: list[int] = [0, 0]
        self._loaded = False
        self._fresh: dict[str, Any] | None = None

    def _load(self, state: GameState, wait: bool = True) -> None:
        if self._loaded:
            return
        self.history.import_one(self.match_id)
        rows = self.history.read("SELECT id, finished, score0, score1 FROM matches WHERE uid = ?", (self.match_id,))
        if rows:
            self.mid, finished, s0, s1 = rows[0]
            self.finished = bool(finished)
            self.scores = [s0 or 0, s1 or 0]
            self._forget_lost(state, wait)
            self.known = {r[0] for r in self.history.read("SELECT hand_no FROM hands WHERE match = ?", (self.mid,))}
        now = now_iso()  # it may have begun in an earlier run: started, from its id
        self._fresh = empty_record(
            self.match_id, now, replay=self.replay, opponent=self.opponent, preset=rules_name(state.rules),
            rules=state.rules.to_dict(), seed=state.seed, match_no=state.match_no,
        )  # written once there is something to record
        self._loaded = True

    def _forget_lost(self, state: GameState, wait: bool) -> None:
        """Take out of the match's record what ``state``, where the game stands
        (the match resumed from its save), does not have: the hands its score
        sheet does not have (and their plays), or has with another result
        (recorded again as the sheet has them), the hints asked after its move
        (and their count), its end when the state is not over; the tallies of
        its opponent and rules are worked out again from the hands that stay."""
        mid = self.mid
        assert mid is not None
        sheet = {rec.hand_no: rec for rec in state.sheet}
        recorded = self.history.read(
            "SELECT seq, hand_no, kind, winner, points, score0, score1 FROM hands WHERE match = ?", (mid,)
        )
        gone: list[int] = []
        again: list[tuple[int, HandRecord]] = []
        for seq, hand_no, *result in recorded:
            rec = sheet.get(hand_no)
            if rec is None:
                gone.append(seq)
                continue
            cols, _ = _hand_rows(hand_entry(state, rec))
            kept = [cols[2], cols[4], cols[5], cols[8], cols[9]]  # kind, winner, points, scores
            if result != kept:
                again.append((seq, rec))
        hints_after = "match = ? AND (hand_no > ? OR (hand_no = ? AND move_no > ?))"
        where = (mid, state.hand_no, state.hand_no, len(state.history))
        (later_hints,) = self.history.read(f"SELECT count(*) FROM hints WHERE {hints_after}", where)[0]
        unfinish = self.finished and not state.over
        if not (gone or again or later_hints or unfinish):
            return
        with self.history.transaction(wait) as conn:
            for seq in gone + [seq for seq, _ in again]:
                conn.execute("DELETE FROM plays WHERE match = ? AND seq = ?", (mid, seq))
                conn.execute("DELETE FROM hands WHERE match = ? AND seq = ?", (mid, seq))
            for seq, rec in again:
                self.history._put_hand(conn, mid, seq, hand_entry(state, rec))
            if later_hints:
                conn.execute(f"DELETE FROM hints WHERE {hints_after}", where)
                conn.execute("UPDATE matches SET hints = max(hints - ?, 0) WHERE id = ?", (later_hints, mid))
            if unfinish:
                conn.execute("UPDATE matches SET finished = 0, winner = NULL, ended = NULL WHERE id = ?", (mid,))
            if gone or again:
                opponent, preset, replay = conn.execute(
                    "SELECT opponent, preset, replay FROM matches WHERE id = ?", (mid,)
                ).fetchone()
                if not replay:
                    conn.execute("DELETE FROM tallies WHERE opponent = ? AND preset = ?", (opponent, preset))
                    conn.execute(
                        TALLY_FILL.format(where=" AND m.opponent = ? AND m.preset = ?"), (opponent, preset)
                    )
        self.finished = self.finished and not unfinish

    def _row(self, conn: sqlite3.Connection) -> int:
        """The match's row id, inserting the row if need be (inside the
        transaction: :attr:`mid` is set by the caller once it committed)."""
        if self.mid is not None:
            return self.mid
        assert self._fresh is not None
        self.history.put_record(conn, with_opponent_name(dict(self._fresh), self.opponent_name))
        return conn.execute("SELECT id FROM matches WHERE uid = ?", (self.match_id,)).fetchone()[0]

    def observe(self, state: GameState, wait: bool = True) -> bool:
        """Record what ended since the last call; True if something was written
        (``wait=False``: :class:`Busy`, nothing written, while another
        connection writes)."""
        self._load(state, wait)
        new = [rec for rec in state.sheet if rec.hand_no not in self.known]
        scores_changed = list(state.scores) != self.scores
        ends = state.over and not self.finished
        if not (new or scores_changed or ends):
            return False
        now = now_iso()
        with self.history.transaction(wait) as conn:
            mid = self._row(conn)
            self._rename(conn, mid)
            seq = conn.execute("SELECT coalesce(max(seq) + 1, 0) FROM hands WHERE match = ?", (mid,)).fetchone()[0]
            for rec in new:
                self.history._put_hand(conn, mid, seq, hand_entry(state, rec))
                seq += 1
            conn.execute(
                "UPDATE matches SET score0 = ?, score1 = ?, total0 = ?, total1 = ?, updated = ? WHERE id = ?",
                (*state.scores, *state.totals, now, mid),
            )
            if ends:
                conn.execute(
                    "UPDATE matches SET finished = 1, abandoned = 0, winner = ?, ended = ? WHERE id = ?",
                    (state.winner, now, mid),
                )
        self.mid = mid
        self.known.update(rec.hand_no for rec in new)
        self.scores = list(state.scores)
        self.finished = self.finished or ends
        return True

    def _rename(self, conn: sqlite3.Connection, mid: int) -> None:
        """The record names the other player as :attr:`opponent_name` says now (another player
        took their seat during the match: "Bob/Carol"), if it names them otherwise."""
        name = self.opponent_name
        if not name:
            return
        (extra,) = conn.execute("SELECT extra FROM matches WHERE id = ?", (mid,)).fetchone()
        if _extra_name(extra) == name:
            return
        try:
            entries = json.loads(extra) if extra else {}
        except ValueError:
            return
        if not isinstance(entries, dict):
            return
        entries[OPPONENT_NAME] = name
        conn.execute("UPDATE matches SET extra = ? WHERE id = ?",
                     (json.dumps(entries, separators=(",", ":"), ensure_ascii=False), mid))

    def add_hint(self, state: GameState | None = None, wait: bool = True) -> None:
        """Count a hint asked for in this match (with the hand and move it was asked at),
        once a position: one asked again at a hand and move that has one already (the
        match resumed, or taken over, at that position) is not counted again."""
        if not self._loaded:
            if state is None:
                return
            self._load(state, wait)
        with self.history.transaction(wait) as conn:
            mid = self._row(conn)
            if state is not None and conn.execute(
                "SELECT 1 FROM hints WHERE match = ? AND hand_no = ? AND move_no = ? LIMIT 1",
                (mid, state.hand_no, len(state.history)),
            ).fetchone():
                self.mid = mid
                return
            conn.execute("UPDATE matches SET hints = hints + 1, updated = ? WHERE id = ?", (now_iso(), mid))
            conn.execute(
                "INSERT INTO hints VALUES (?, ?, ?, ?)",
                (
                    mid,
                    state.hand_no if state is not None else None,
                    len(state.history) if state is not None else None,
                    now_iso(),
                ),
            )
        self.mid = mid

    def abandon(self, state: GameState | None = None, wait: bool = True) -> None:
        """Mark the match as given up unfinished (a new one replaced it),
        adding its row if no hand of it had ended yet.  A match in which the
        player (seat 0) made no move at all counts as nothing: the row a hint
        made for it is dropped, with its hints (else it stayed "in progress"
        for good)."""
        if not self._loaded and state is not None:
            self._load(state, wait)
        played = bool(self.known) or (state is not None and player_moved(state))
        if self.finished or (self.mid is None and self._fresh is None):
            return
        if not played:
            if self.mid is not None:
                self._drop(wait)
            return
        with self.history.transaction(wait) as conn:
            mid = self._row(conn)
            now = now_iso()
            conn.execute("UPDATE matches SET abandoned = 1, ended = ?, updated = ? WHERE id = ?", (now, now, mid))
        self.mid = mid

    def _drop(self, wait: bool) -> None:
        """Remove the row of this match, unfinished with no hand ended (made by
        a hint), and its hints."""
        mid = self.mid
        with self.history.transaction(wait) as conn:
            if conn.execute("SELECT 1 FROM hands WHERE match = ? LIMIT 1", (mid,)).fetchone() is None:
                conn.execute("DELETE FROM hints WHERE match = ?", (mid,))
                conn.execute("DELETE FROM matches WHERE id = ? AND finished = 0", (mid,))
        self.mid = None


def lost_record(remains: Remains, now: str) -> dict[str, Any]:
    """The record of a match whose damaged save was set aside before a hand
    of it ended (``remains``: what the file still tells of it): abandoned at
    ``now``, with no hand, its rules and opponent as far as they could be read
    (rules that could not be: :data:`~ginrummy_tui.storage.rule_words.UNKNOWN_RULES`)."""
    from ginrummy_tui.engine import Rules

    rules: dict[str, Any] | None = None
    if remains.rules is not None:
        try:
            rules = Rules.from_dict(remains.rules).to_dict()
        except (TypeError, ValueError):
            rules = None
    return empty_record(
        remains.match_id, now, replay=remains.replay, opponent=remains.opponent or "standard",
        preset=UNKNOWN_RULES if rules is None else recorded_rules_name(None, rules), rules=rules, seed=remains.seed, match_no=remains.match_no,
        ended=now, abandoned=True,
    )


def empty_record(
    match_id: str,
    now: str,
    *,
    replay: bool,
    opponent: str,
    preset: str,
    rules: dict[str, Any] | None,
    seed: Any,
    match_no: int | None,
    ended: str | None = None,
    abandoned: bool = False,
) -> dict[str, Any]:
    """The record of a match with no hand ended and no hint, as of ``now``
    (started then, unless its id says when it began)."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "id": match_id,
        "started": match_started(match_id) or now,
        "updated": now,
        "ended": ended,
        "finished": False,
        "abandoned": abandoned,
        "replay": replay,
        "opponent": opponent,
        "preset": preset,
        "rules": rules,
        "seed": seed,
        "match_no": match_no,
        "hints": 0,
        "winner": None,
        "scores": [0, 0],
        "totals": [0, 0],
        "hands": [],
    }


# ---------------------------------------------------------------- importing the JSON records


@dataclass
class Imported:
    """What :func:`import_json_history` did."""

    imported: int = 0
    already: int = 0
    skipped: list[Path] = field(default_factory=list)
    """Files that could not be read (moved aside as ``*.damaged-<time>``)."""
    denied: list[Path] = field(default_factory=list)
    """Files this user may not read (Permission denied): left where they are,
    for an import once they may be read."""

    def message(self) -> str | None:
        """A note for the player, if anything was skipped or could not be read."""
        said: list[str] = []
        if self.skipped:
            said.append(
                f"{len(self.skipped)} old match record(s) could not be read and were skipped ({_names(self.skipped)}); "
                "they were kept beside the others as *.damaged-<time>."
            )
        if self.denied:
            said.append(
                f"{len(self.denied)} old match record(s) in {self.denied[0].parent} could not be read: "
                f"Permission denied ({_names(self.denied)}). They were left where they are, "
                "and are imported once they may be read."
            )
        return " ".join(said) or None


def _names(paths: list[Path]) -> str:
    """The names of the first three of ``paths``, and "..." for more."""
    return ", ".join(p.name for p in paths[:3]) + (", ..." if len(paths) > 3 else "")


def pending_json_history(root: Path) -> list[Path]:
    """The JSON match records waiting to be imported."""
    try:
        return sorted((Path(root) / HISTORY_DIR).glob("*.json"))
    except OSError:
        return []


def import_json_files(hist: History, paths: list[Path], batch: int = 200) -> Imported:
    """Import JSON match records (read first, then a short transaction per
    ``batch`` files), then move each to ``archive/history/``; an unreadable
    one is moved aside and noted."""
    out = Imported()
    archive = hist.root / IMPORTED_DIR
    for start in range(0, len(paths), batch):
        records: list[tuple[Path, dict[str, Any]]] = []
        bad: list[Path] = []
        for p in paths[start : start + batch]:
            try:
                record = json.loads(read_regular(p, -1).decode("utf-8"))
            except FileNotFoundError:
                continue  # another process imported it just now
            except PermissionError:  # not damaged: left for an import once it may be read
                out.denied.append(p)
                continue
            except (OSError, ValueError):  # a named pipe in a record's place too (never waited on)
                bad.append(p)
                continue
            if valid_record(record):
                records.append((p, record))
            else:
                bad.append(p)
        with hist.transaction() as conn:
            for _, record in records:
                if hist.put_record(conn, record):
                    out.imported += 1
                else:
                    out.already += 1
            if bad:
                conn.execute(
                    "INSERT INTO meta VALUES ('unreadable', ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = value + excluded.value",
                    (len(bad),),
                )
        for p, _ in records:
            with contextlib.suppress(OSError):
                ensure_dir(archive)
                target = archive / p.name
                if target.exists():
                    move_aside(target, "old")
                os.replace(p, target)
        for p in bad:
            if move_aside(p) is not None:
                out.skipped.append(p)
    return out


def import_json_history(hist: History, progress: Callable[[int, int], None] | None = None) -> Imported:
    """Import every JSON record of the data directory (once: each is moved
    to the archive afterwards)."""
    paths = pending_json_history(hist.root)
    total = Imported()
    for start in range(0, len(paths), 200):
        part = import_json_files(hist, paths[start : start + 200])
        total.imported += part.imported
        total.already += part.already
        total.skipped.extend(part.skipped)
        total.denied.extend(part.denied)
        if progress is not None:
            progress(min(start + 200, len(paths)), len(paths))
    return total


__all__ = [
    "DB_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Busy",
    "Damaged",
    "History",
    "Imported",
    "Opening",
    "OutOfDate",
    "Recorder",
    "SharedHistory",
    "Since",
    "import_json_history",
    "lost_record",
    "open_history",
    "pending_json_history",
]
