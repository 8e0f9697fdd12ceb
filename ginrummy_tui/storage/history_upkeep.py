"""What the game asks of the match history around a match, each on a
connection of its own and never raising (the messages say what went wrong):
the record of a match finished (:func:`record_finished`) or given up for a
new one (:func:`mark_abandoned`, :func:`file_abandoned`), the history opened
for ``gin-tui stats`` and ``export`` (:func:`open_for_reading`), and the
upkeep once the app is up (:func:`upkeep`).  :mod:`ginrummy_tui.storage.history`
keeps the database itself."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from ginrummy_tui.engine.words import counted
from ginrummy_tui.storage.files import move_aside, way_out
from ginrummy_tui.storage.history import (
    Busy,
    Damaged,
    History,
    SharedHistory,
    db_path,
    import_json_history,
    json_files,
    open_history,
    pending_json_history,
)
from ginrummy_tui.storage.stats import ME
from ginrummy_tui.storage.store import (
    ARCHIVE_DIR,
    LoadError,
    Remains,
    SavedMatch,
    archive_save,
    pending_abandoned,
    pending_finished,
    read_save,
)


def mark_abandoned(
    root: Path, match_id: str, saved: SavedMatch | None = None, remains: Remains | None = None
) -> list[str]:
    """Mark a match as given up (its ``saved`` game was set aside for a new one,
    or its damaged save, of which ``remains`` tell what could be read);
    never raises: the messages say what went wrong."""
    opening = open_history(root)
    if opening.history is None:
        return opening.told()
    try:
        _marked(opening.history, match_id, saved, opening.messages, remains)
        return opening.messages
    finally:
        opening.history.close()


def _marked(
    hist: History, match_id: str, saved: SavedMatch | None, messages: list[str], remains: Remains | None = None
) -> bool:
    """Whether the match ``match_id`` could be marked abandoned in ``hist`` (if not, ``messages`` say why)."""
    try:
        hist.mark_abandoned(match_id, saved, remains)
    except (Damaged, OSError, sqlite3.Error) as exc:
        messages.append(f"The match left unfinished could not be marked as abandoned ({exc}).")
        return False
    return True


def record_finished(root: Path, saved: SavedMatch) -> list[str]:
    """Bring the record of the finished match ``saved`` up to date (its last
    hands, its result), as :func:`file_abandoned` does from its file; never
    raises: the messages say what went wrong."""
    opening = open_history(root)
    if opening.history is None:
        return opening.told()
    try:
        _recorded(opening.history, saved, opening.messages)
        return opening.messages
    finally:
        opening.history.close()


def _recorded(hist: History, saved: SavedMatch, messages: list[str]) -> bool:
    """Whether the record of the finished match ``saved`` could be brought up
    to date in ``hist`` (the hands recorded already are not written twice; if
    not, ``messages`` say why)."""
    opponent = str(saved.settings.get("ai", "standard"))
    try:
        hist.recorder(saved.match_id, opponent=opponent, replay=saved.replay).observe(saved.state)
    except (Busy, Damaged, OSError, sqlite3.Error) as exc:
        messages.append(f"The result of your last match could not be recorded yet ({exc}); it is tried again at the next start.")
        return False
    return True


def file_abandoned(root: Path) -> list[str]:
    """Finish giving up the matches set aside for a new one
    (``abandoned-<match id>.json``, see
    :meth:`~ginrummy_tui.storage.store.Store.set_aside_unfinished`): mark each
    one's record abandoned, then move its file to ``archive/``; and the
    finished ones that left the slot for a new one (``finished-<match id>.json``,
    see :meth:`~ginrummy_tui.storage.store.Store.set_aside_finished`): bring
    each one's record up to date (its last hands, its result), then move its
    file to ``archive/``.  ``gin-tui
    host`` does it as it gives a match up; the app's :func:`upkeep` does it
    once its table is on the screen, which also catches a file left by a
    ``gin-tui`` killed before it got there.  Never raises: the messages say
    what went wrong (a file whose record could not be written stays for the
    next start)."""
    if not (pending_abandoned(root) or pending_finished(root)):
        return []
    opening = open_history(root)
    if opening.history is None:
        return opening.told()
    try:
        return opening.messages + _file_abandoned_in(opening.history)
    finally:
        opening.history.close()


def _file_abandoned_in(hist: History) -> list[str]:
    """:func:`file_abandoned` on the open history ``hist``; what went wrong is returned.
    A file that cannot be read (damaged since it was set aside) still has its match marked
    given up (by its name, with what can be read of it), and is set aside as damaged with a
    note, not put in ``archive/`` as a match's save: it went there without a word."""
    messages: list[str] = []
    for match_id, path in pending_abandoned(hist.root):
        saved = read_save(path)
        if _marked(hist, match_id, saved if isinstance(saved, SavedMatch) else None, messages, _remains(saved, match_id)):
            _file_away(hist, path, match_id, saved, messages, finished=False)
    for match_id, path in pending_finished(hist.root):
        saved = read_save(path)
        if isinstance(saved, SavedMatch) and saved.state.over:
            done = _recorded(hist, saved, messages)
        else:  # not a finished match's save after all, or unreadable: its record is ended as given up
            # (one the game had recorded to its end as it was played stays as it is)
            done = _marked(hist, match_id, saved if isinstance(saved, SavedMatch) else None, messages, _remains(saved, match_id))
        if done:
            _file_away(hist, path, match_id, saved, messages, finished=True)
    return messages


def _remains(found: SavedMatch | LoadError | None, match_id: str) -> Remains | None:
    """What a damaged save still tells of its match ``match_id``, the id its name gives
    (None for a save read whole, or one that may not be read here, which is not damaged).
    Where it tells nothing of that match (not JSON, cut short before its id, or of another
    match than its name says), the name alone: the match counts as abandoned, its rules and
    opponent unknown, as a damaged ``current.json``'s does, not left out of the record."""
    if not isinstance(found, LoadError) or found.denied:
        return None
    remains = found.remains
    return remains if remains is not None and remains.match_id == match_id else Remains(match_id)


def _file_away(
    hist: History, path: Path, match_id: str, found: SavedMatch | LoadError | None, messages: list[str], *, finished: bool
) -> None:
    """Move the file of a match given up (or ``finished``) to ``archive/``, or, damaged, aside
    beside it as ``<name>.damaged-<time>``, saying so in ``messages``, with how the match
    counts now (:func:`_counted`)."""
    if not isinstance(found, LoadError) or found.denied:  # read, or not to be read here: kept as it is
        archive_save(hist.root, path, match_id)
        return
    moved = move_aside(path)
    where = f", and the file was moved to {moved}" if moved is not None else ""
    kind = "a finished match set aside for a new one" if finished else "a match set aside for a new one"
    messages.append(
        f"The file of {kind}, {path}, could not be read: {_counted(hist, match_id, finished)}{where}. "
        f"{found.reason[:1].upper()}{found.reason[1:]}."
    )


def _counted(hist: History, match_id: str, finished: bool) -> str:
    """How the match ``match_id``, whose file could not be read, counts in the record ``hist``
    keeps now: as it was recorded when it ended (a finished match whose hands were all recorded
    as they were played: won or lost, as it went), abandoned (a finished one's end could not be
    recorded from its file), or not at all (the file said no move was made in it)."""
    try:
        rows = hist.read("SELECT finished, abandoned, winner FROM matches WHERE uid = ?", (match_id,))
    except (Damaged, OSError, sqlite3.Error):
        rows = []
    if not rows:
        return "the match is not counted"
    ended, abandoned, winner = rows[0]
    if ended and not abandoned:
        return f"the match counts as {'won' if winner == ME else 'lost'}, as it was recorded when it ended"
    if finished:
        return "its end could not be recorded from it, so the match counts as abandoned"
    return "the match counts as abandoned"


def open_for_reading(root: Path, say: Callable[[str], None]) -> History | Literal[False] | None:
    """The history for a command (``gin-tui stats``, ``export``): the JSON
    records of earlier versions are imported first; ``say`` gets what the
    player should know.  None when nothing was ever recorded; False, said,
    when the history file cannot be used (a directory in its place, no
    permission: not "no games recorded yet")."""
    pending = pending_json_history(root)
    opening = open_history(root, create=bool(pending) or bool(json_files(Path(root) / ARCHIVE_DIR)), reading=True)
    for message in opening.messages:
        say(message)
    if opening.unusable is not None:
        if opening.read_only is None:
            say(f"the history file {opening.path} cannot be used ({opening.unusable})")
        else:
            say(f"the history file {opening.path} cannot be shown: {opening.unusable}; {way_out(opening.path)}")
        return False
    hist = opening.history
    if opening.read_only is not None:
        say(f"the history file {opening.path} is only read: {opening.read_only}, so no new match can be recorded in it")
        if pending:
            say(f"your {counted(len(pending), 'earlier match record')} cannot be added to it here")
        return hist
    if hist is not None and pending:
        if len(pending) > 100:
            say(f"Importing {len(pending)} earlier match records into the history database (once)...")
        try:
            report = import_json_history(hist)
        except (Damaged, OSError, sqlite3.Error) as exc:
            say(f"Your earlier match records could not be imported yet ({exc}).")
        else:
            if report.message():
                say(report.message() or "")
    return hist


def upkeep(
    shared: SharedHistory, hand_on: Callable[[History, int], bool] | None = None, lost: Iterable[Remains] = ()
) -> list[str]:
    """What the app does in the background once it is up: the integrity check
    (a damaged database is set aside and a new one started), marking the
    records of the matches given up for a new one abandoned, and those of the
    finished ones that left the slot for a new one up to date
    (:func:`file_abandoned`), and those of the matches ``lost`` (what their
    saves, damaged and set aside, still tell of them), and the import of the JSON records of earlier
    versions.  All on one connection of its own, so that the game's recording
    does not wait for them; then, rather than closed, that connection is handed
    on with the :attr:`SharedHistory.generation` of its database, if
    ``hand_on`` takes it (returns True: the statistics are worked out on it,
    :meth:`~ginrummy_tui.storage.figures.ReadyFigures.adopt`).  Returns the
    messages for the player; never raises."""
    messages: list[str] = []
    own: History | None = None
    generation = shared.generation
    try:
        pending = pending_json_history(shared.root)
        lost = list(lost)
        recorded = any(remains.played is not False for remains in lost)  # a row is made for it
        archived = bool(json_files(shared.root / ARCHIVE_DIR))  # a history missing is rebuilt from it
        create = bool(pending or pending_abandoned(shared.root) or pending_finished(shared.root) or recorded or archived)
        if not create and not os.path.lexists(db_path(shared.root)):
            return shared.take_messages()
        if shared.get(create=create) is None:  # said why (a directory in its place...); a link moved aside
            return shared.take_messages()
        for _ in range(2):
            try:
                generation = shared.generation
                own = History.connect(shared.root)
                own.check()
                break
            except Damaged as bad:
                if own is not None:
                    own.close()
                    own = None
                shared.replace_damaged(str(bad))
        if own is not None:
            messages.extend(_file_abandoned_in(own))
            for remains in lost:  # a match whose save was set aside can never be finished
                _marked(own, remains.match_id, None, messages, remains)
        if own is not None and pending:
            report = import_json_history(own)
            if report.imported:
                messages.append(f"Your {report.imported} earlier match record(s) are now in the history database.")
            if report.message():
                messages.append(report.message() or "")
    except Exception as exc:  # the game goes on without the import; it is tried again next time
        messages.append(f"Your earlier match records could not be imported yet ({exc}).")
    finally:
        if own is not None and (hand_on is None or not hand_on(own, generation)):
            own.close()
    return shared.take_messages() + messages
